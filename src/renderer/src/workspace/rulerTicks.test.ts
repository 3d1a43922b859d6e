import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rulerLabel, rulerSteps, rulerTicks } from './rulerTicks';

/** A label read back as seconds, with its fields checked: seconds (and minutes under hours) below 60. */
function parse(label: string): number {
  const parts = label.split(':');
  const sec = Number(parts[parts.length - 1]);
  expect(Number.isFinite(sec)).toBe(true);
  if (parts.length > 1) expect(sec).toBeLessThan(60);
  if (parts.length > 2) expect(Number(parts[1])).toBeLessThan(60);
  return parts.slice(0, -1).reduce((acc, p) => acc * 60 + Number(p), 0) * 60 + sec;
}

describe('rulerLabel', () => {
  it('rounds into the next minute instead of printing 60 seconds', () => {
    expect(rulerLabel(1799.98, 0.02)).toBe('29:59.98');
    expect(rulerLabel(1799.999, 0.02)).toBe('30:00.00');
    expect(rulerLabel(1799.96, 0.2)).toBe('30:00.0');
    expect(rulerLabel(59.96, 0.2)).toBe('1:00.0');
    expect(rulerLabel(3599.5, 1)).toBe('1:00:00');
    expect(rulerLabel(3725, 5)).toBe('1:02:05');
    expect(rulerLabel(12.5, 0.5)).toBe('12.5');
    expect(rulerLabel(65, 5)).toBe('1:05');
  });
});

describe('rulerTicks', () => {
  it('at 4,000 px/s on a 60-minute recording, labels every 0.05 s with two decimals, across the minute', () => {
    const ticks = rulerTicks(4000, 1799.9, 1800.1, 3600).filter((t) => t.label !== null);
    expect(ticks.map((t) => t.label)).toEqual(['29:59.90', '29:59.95', '30:00.00', '30:00.05', '30:00.10']);
    // Below an hour of recording, labels may come closer: every 0.02 s.
    expect(rulerSteps(4000, 1800)).toEqual({ major: 0.02, minor: 0.01 });
    expect(rulerLabel(1799.98, 0.02)).toBe('29:59.98');
  });

  it('labels are strictly increasing, their seconds field below 60, and at least the label gap apart', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 4000, noNaN: true }),
        fc.double({ min: 0, max: 4 * 3600, noNaN: true }),
        fc.integer({ min: 200, max: 3000 }),
        (pps, fromSec, widthPx) => {
          const durationSec = fromSec + widthPx / pps + 1;
          const ticks = rulerTicks(pps, fromSec, fromSec + widthPx / pps, durationSec);
          const labelled = ticks.filter((t) => t.label !== null);
          const { major } = rulerSteps(pps, durationSec);
          expect(major * pps).toBeGreaterThanOrEqual(Math.min(70, 3600 * pps));
          let last = -Infinity;
          for (const t of labelled) {
            const v = parse(t.label!);
            expect(v).toBeGreaterThan(last);
            // The label names its tick's time to its last digit.
            expect(Math.abs(v - t.t)).toBeLessThan(major / 2);
            last = v;
          }
          for (const t of ticks) expect(t.t).toBeGreaterThanOrEqual(fromSec - 1e-6);
        },
      ),
      { numRuns: 500 },
    );
  });
});
