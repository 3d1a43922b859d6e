// The boxes' inline styles: placed as percentages of a tier as wide as the recording, a box lands where
// the time axis puts it (`--pps` × seconds) at every zoom.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, spanCss } from './boxMarkup';

/** Left and width in pixels of a box with style `css` in a tier `tierPx` wide at `pps` px per second. */
function place(css: string, tierPx: number, pps: number): { left: number; width: number } {
  const value = (prop: string): number => {
    const m = new RegExp(`${prop}:([^;]+)`).exec(css);
    if (!m) throw new Error(`no ${prop} in ${css}`);
    const v = m[1]!;
    const pct = /^([-0-9.e]+)%$/.exec(v);
    if (pct) return (Number(pct[1]) / 100) * tierPx;
    const calc = /^calc\(var\(--pps\) \* ([-0-9.e]+)px\)$/.exec(v);
    if (calc) return pps * Number(calc[1]);
    throw new Error(`unexpected ${prop}: ${v}`);
  };
  return { left: value('left'), width: value('width') };
}

describe('spanCss', () => {
  it('puts a box at pps × its start and pps × its duration, whatever the zoom', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 7200, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (duration, a, b, pps) => {
          const [start, end] = [Math.min(a, b) * duration, Math.max(a, b) * duration];
          const box = place(spanCss(start, end, duration), pps * duration, pps);
          // Within a hundredth of a pixel on a tier up to 14 400 000 px wide.
          expect(Math.abs(box.left - pps * start)).toBeLessThan(0.01);
          expect(Math.abs(box.width - pps * (end - start))).toBeLessThan(0.01);
        },
      ),
    );
  });

  it('falls back to the time axis variable when the duration is unknown', () => {
    expect(spanCss(1.5, 2, 0)).toBe('left:calc(var(--pps) * 1.5px);width:calc(var(--pps) * 0.5px)');
    expect(spanCss(1.5, 2, Number.NaN)).toBe('left:calc(var(--pps) * 1.5px);width:calc(var(--pps) * 0.5px)');
    expect(spanCss(3, 2, 10)).toBe('left:30%;width:0%');
  });
});

describe('escapeHtml', () => {
  it('escapes what would end a text or a quoted attribute', () => {
    expect(escapeHtml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;');
  });
});
