// The shared time axis of the waveform and the annotation tiers: pixels per second and horizontal scroll,
// as wavesurfer.js reports them. Tiers place their boxes in seconds through a CSS variable, so zooming
// and scrolling restyle one element and never re-render React.

type Listener = (axis: TimeAxis) => void;

/** Zoom and scroll of the utterance's time axis. */
export class TimeAxis {
  /** Pixels per second. */
  pps = 100;
  /** Scroll offset of the waveform, in pixels. */
  scrollPx = 0;
  /** The visible width of the axis, in pixels (0 until the waveform has been laid out). */
  widthPx = 0;
  /** The closest zoom the recording allows (its width must stay within the browser's layout limit). */
  maxPps = Infinity;
  private readonly listeners = new Set<Listener>();

  /** Updates zoom, scroll and (when given) the visible width, and tells the tiers. */
  set(pps: number, scrollPx: number, widthPx = this.widthPx): void {
    if (pps === this.pps && scrollPx === this.scrollPx && widthPx === this.widthPx) return;
    this.pps = pps;
    this.scrollPx = scrollPx;
    this.widthPx = widthPx;
    for (const l of this.listeners) l(this);
  }

  /** Sets the closest zoom the recording allows (the waveform knows it from the recording's length). */
  limit(maxPps: number): void {
    this.maxPps = maxPps;
  }

  /** Calls `l` on every change; returns the unsubscribe function. */
  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** The time under a pointer at `clientX`, over an element whose left edge is the axis' visible start. */
  timeAt(clientX: number, el: HTMLElement): number {
    const left = el.getBoundingClientRect().left;
    return (clientX - left + this.scrollPx) / this.pps;
  }
}

/** CSS for a box from `startSec` to `endSec` on the axis (`--pps` is set on the tiers' track). */
export function spanStyle(startSec: number, endSec: number): { left: string; width: string } {
  return {
    left: `calc(var(--pps) * ${startSec}px)`,
    width: `calc(var(--pps) * ${Math.max(0, endSec - startSec)}px)`,
  };
}

/** The time under a pointer, from any element inside a tier (a tier carries the scroll offset). */
export function timeOnTrack(clientX: number, inside: Element, axis: TimeAxis): number {
  const tier = inside.closest('.tier') ?? inside;
  return (clientX - tier.getBoundingClientRect().left) / axis.pps;
}
