// The tiers' boxes as markup: a 100-word utterance has some 500 boxes, and building them as one string
// the browser parses natively costs a fraction of creating them one React element at a time. Every text
// that comes from the project is escaped.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `s` safe as HTML text and as a quoted attribute value. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * The inline style of a box from `startSec` to `endSec` on the time axis, in a tier as wide as the
 * recording (`durationSec`): percentages of the tier's width, which the zoom sets, so the box follows the
 * zoom without being redrawn and without a `var()` to resolve per box. Without a duration, as `spanStyle`.
 */
export function spanCss(startSec: number, endSec: number, durationSec: number): string {
  const width = Math.max(0, endSec - startSec);
  if (!(durationSec > 0)) return `left:calc(var(--pps) * ${startSec}px);width:calc(var(--pps) * ${width}px)`;
  const pct = (sec: number): number => +((sec / durationSec) * 100).toFixed(7);
  return `left:${pct(startSec)}%;width:${pct(width)}%`;
}

/**
 * Brings the children of `root` in line with `boxes` (the markup of each child), given the markup they
 * were made from: only the boxes whose markup changed are replaced, so an edit of one word restyles and
 * lays out one box, not the tier. When the count changes, or most boxes changed, the tier is rebuilt.
 */
export function syncBoxes(root: HTMLElement, boxes: readonly string[], prev: readonly string[] | null): void {
  if (!prev || prev.length !== boxes.length || root.children.length !== boxes.length) {
    root.innerHTML = boxes.join('');
    return;
  }
  const changed: number[] = [];
  for (let i = 0; i < boxes.length; i++) if (boxes[i] !== prev[i]) changed.push(i);
  if (changed.length * 2 > boxes.length) {
    root.innerHTML = boxes.join('');
    return;
  }
  for (const i of changed) root.children[i]!.outerHTML = boxes[i]!;
}

/** Marks children `first..last` of `root` with `cls` (and no other child), without re-rendering them. */
export function markRange(root: HTMLElement | null, cls: string, first: number, last: number): void {
  if (!root) return;
  for (const el of root.querySelectorAll<HTMLElement>(`.${cls}`)) el.classList.remove(cls);
  if (first < 0 || last < first) return;
  const kids = root.children;
  for (let i = first; i <= last && i < kids.length; i++) kids[i]!.classList.add(cls);
}
