// Where the time ruler puts its ticks and what its labels say. Ticks are counted in whole minor steps and
// labels are formatted from whole units of their last digit, so no floating-point rounding can carry a
// label to "29:60.0" or print one time twice.

/** Tick spacings a ruler may use, in seconds (each a whole multiple of the smaller ones it is paired with). */
const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

/** The least distance between two labels, in pixels, for labels of times below and above an hour. */
const LABEL_GAP_PX = 70;
const LABEL_GAP_HOURS_PX = 90;

/**
 * The major (labelled) and minor tick spacing for a zoom level: labels at least ~70 px apart (90 px where
 * the recording reaches an hour, for the longer labels); minor ticks at least 8 px apart, a whole number
 * of them per major tick.
 */
export function rulerSteps(pps: number, durationSec = 0): { major: number; minor: number } {
  const gap = durationSec >= 3600 ? LABEL_GAP_HOURS_PX : LABEL_GAP_PX;
  const major = STEPS.find((s) => s * pps >= gap) ?? STEPS[STEPS.length - 1]!;
  const minor =
    STEPS.find((s) => s < major && s * pps >= 8 && Math.abs(major / s - Math.round(major / s)) < 1e-9) ??
    major;
  return { major, minor };
}

/** Decimal places a label needs for ticks `major` seconds apart. */
function decimals(major: number): number {
  return major < 0.1 - 1e-12 ? 2 : major < 1 - 1e-12 ? 1 : 0;
}

/**
 * The label of time `t` on a ruler whose labels are `major` seconds apart: seconds below a minute
 * ("12.5"), then m:ss ("29:59.98"), then h:mm:ss ("1:00:00"). The time is rounded once to the label's
 * last digit and split from that whole number, so the seconds field is always below 60.
 */
export function rulerLabel(t: number, major: number): string {
  const d = decimals(major);
  const scale = 10 ** d;
  const units = Math.round(t * scale);
  const perMinute = 60 * scale;
  const minutes = Math.floor(units / perMinute);
  const rest = units - minutes * perMinute;
  const secText = (rest / scale).toFixed(d);
  if (minutes === 0) return secText;
  const sec = secText.padStart(d > 0 ? 3 + d : 2, '0');
  if (minutes < 60) return `${minutes}:${sec}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${sec}`;
}

/** One tick of the ruler: its time, whether it is labelled, and its label. */
export interface RulerTick {
  t: number;
  major: boolean;
  label: string | null;
}

/** The ticks from `fromSec` to `toSec` (both within the recording) at zoom `pps`. */
export function rulerTicks(pps: number, fromSec: number, toSec: number, durationSec = toSec): RulerTick[] {
  const { major, minor } = rulerSteps(pps, durationSec);
  const per = Math.max(1, Math.round(major / minor));
  const out: RulerTick[] = [];
  const first = Math.max(0, Math.ceil(fromSec / minor - 1e-9));
  for (let k = first; k * minor <= toSec + 1e-9; k++) {
    const t = k * minor;
    const isMajor = k % per === 0;
    out.push({ t, major: isMajor, label: isMajor ? rulerLabel(t, major) : null });
  }
  return out;
}
