// Praat TextGrid files in the text forms Praat writes ("Save as text file" and "Save as short text file").
// Praat reads both with one rule (Boersma & Weenink, Praat manual, "TextGrid file formats"): the file is a
// sequence of numbers, "strings" and <flags>; everything else (`xmin =`, `item [1]:`, `! comments`) is a
// label that is skipped. This reader follows the same rule, so the long form, the short form and mixtures
// all read the same way.
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { Reporter, formatNumber, parseDecimal, shown, stripBom } from './common';

/** One interval of an interval tier. */
export interface TextGridInterval {
  xmin: number;
  xmax: number;
  text: string;
}

/** One point of a point ("TextTier") tier. */
export interface TextGridPoint {
  time: number;
  mark: string;
}

/** An interval tier or a point tier. */
export type TextGridTier =
  | { kind: 'interval'; name: string; xmin: number; xmax: number; intervals: TextGridInterval[] }
  | { kind: 'point'; name: string; xmin: number; xmax: number; points: TextGridPoint[] };

/** A whole TextGrid: its time domain in seconds and its tiers in order. */
export interface TextGrid {
  xmin: number;
  xmax: number;
  tiers: TextGridTier[];
}

type Token = { kind: 'number' | 'string' | 'flag' | 'open-string'; text: string; offset: number };

// Whitespace as Praat's text reader sees it (space, tab, CR, LF, FF, VT), plus a byte-order mark.
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || c === 0xfeff;

class Tokens {
  private i = 0;
  constructor(private readonly src: string) {}

  /** The next value token (labels and `!` comments skipped), or null at the end. */
  next(): Token | null {
    const s = this.src;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (isSpace(c)) this.i++;
      else if (c === 33 /* ! */) {
        const nl = s.indexOf('\n', this.i);
        this.i = nl < 0 ? s.length : nl;
      } else if (c === 34 /* " */) return this.string();
      else {
        const start = this.i;
        while (this.i < s.length && !isSpace(s.charCodeAt(this.i)) && s.charCodeAt(this.i) !== 34) this.i++;
        const text = s.slice(start, this.i);
        if (c === 60 /* < */) return { kind: 'flag', text, offset: start };
        // Praat starts a number at a digit or a sign; a leading '.' is accepted too.
        if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)
          return { kind: 'number', text, offset: start };
      }
    }
    return null;
  }

  // A string runs to the next lone quote; a doubled quote stands for one quote and line breaks are text.
  private string(): Token {
    const start = this.i;
    let out = '';
    let from = this.i + 1;
    while (true) {
      const q = this.src.indexOf('"', from);
      if (q < 0) {
        this.i = this.src.length;
        return { kind: 'open-string', text: '', offset: start };
      }
      out += this.src.slice(from, q);
      if (this.src.charCodeAt(q + 1) === 34) {
        out += '"';
        from = q + 2;
      } else {
        this.i = q + 1;
        return { kind: 'string', text: out, offset: start };
      }
    }
  }
}

class Reader {
  constructor(
    private readonly tokens: Tokens,
    private readonly report: Reporter,
    private readonly end: number,
  ) {}

  private take(kind: Token['kind'], what: string): Token | null {
    const t = this.tokens.next();
    if (!t) {
      this.report.error(this.end, 'textgrid.eof', `expected ${what}, found the end of the file`);
      return null;
    }
    if (t.kind === 'open-string') {
      this.report.error(t.offset, 'textgrid.string', `expected '"' to close the string that starts here`);
      return null;
    }
    if (t.kind !== kind) {
      this.report.error(t.offset, 'textgrid.token', `expected ${what}, found ${shown(t.text)}`);
      return null;
    }
    return t;
  }

  number(what: string): number | null {
    const t = this.take('number', `${what} (a number)`);
    if (!t) return null;
    const x = parseDecimal(t.text);
    if (x === null)
      this.report.error(t.offset, 'textgrid.number', `expected ${what} (a number), found ${shown(t.text)}`);
    return x;
  }

  count(what: string): number | null {
    const t = this.take('number', `${what} (a count)`);
    if (!t) return null;
    if (!/^\d+$/.test(t.text)) {
      this.report.error(
        t.offset,
        'textgrid.count',
        `expected ${what} (a whole number), found ${shown(t.text)}`,
      );
      return null;
    }
    return Number(t.text);
  }

  string(what: string): Token | null {
    return this.take('string', `${what} (a "quoted" string)`);
  }

  flag(what: string): Token | null {
    return this.take('flag', what);
  }
}

/**
 * Reads a TextGrid in the long or short text form (decode UTF-16 files with `decodeText` first). Stops at
 * the first structural problem and returns the tiers read so far; time order problems are warnings.
 */
export function parseTextGrid(text: string): ParseResult<TextGrid> {
  const report = new Reporter(text);
  const grid: TextGrid = { xmin: 0, xmax: 0, tiers: [] };
  if (stripBom(text).startsWith('ooBinaryFile')) {
    report.error(
      0,
      'textgrid.binary',
      'expected a text TextGrid; binary TextGrids are not read (save as text in Praat)',
    );
    return { value: grid, diagnostics: report.diagnostics };
  }
  const r = new Reader(new Tokens(text), report, text.length);
  const read = (): void => {
    const fileType = r.string('File type = "ooTextFile"');
    if (!fileType) return;
    if (fileType.text !== 'ooTextFile' && fileType.text !== 'ooTextFile short') {
      return report.error(
        fileType.offset,
        'textgrid.header',
        `expected File type = "ooTextFile", found ${shown(fileType.text)}`,
      );
    }
    const cls = r.string('Object class = "TextGrid"');
    if (!cls) return;
    if (cls.text !== 'TextGrid') {
      return report.error(
        cls.offset,
        'textgrid.header',
        `expected Object class = "TextGrid", found ${shown(cls.text)}`,
      );
    }
    const xmin = r.number('xmin');
    const xmax = xmin === null ? null : r.number('xmax');
    if (xmin === null || xmax === null) return;
    Object.assign(grid, { xmin, xmax });
    const flag = r.flag('tiers? <exists> or <absent>');
    if (!flag) return;
    if (flag.text === '<absent>') return;
    if (flag.text !== '<exists>') {
      return report.error(
        flag.offset,
        'textgrid.flag',
        `expected <exists> or <absent>, found ${shown(flag.text)}`,
      );
    }
    const size = r.count('size (number of tiers)');
    for (let t = 1; size !== null && t <= size; t++) if (!readTier(r, report, grid, t)) return;
  };
  read();
  return { value: grid, diagnostics: report.diagnostics };
}

/** A tier's header as read: its position (1-based), name, domain and item count. */
interface TierHead {
  t: number;
  name: string;
  xmin: number;
  xmax: number;
  n: number;
}

function readTier(r: Reader, report: Reporter, grid: TextGrid, t: number): boolean {
  const cls = r.string(`class of tier ${t}`);
  if (!cls) return false;
  if (cls.text !== 'IntervalTier' && cls.text !== 'TextTier') {
    const found = shown(cls.text);
    report.error(
      cls.offset,
      'textgrid.class',
      `expected class "IntervalTier" or "TextTier" for tier ${t}, found ${found}`,
    );
    return false;
  }
  const name = r.string(`name of tier ${t}`);
  if (!name) return false;
  const xmin = r.number(`xmin of tier ${t}`);
  if (xmin === null) return false;
  const xmax = r.number(`xmax of tier ${t}`);
  if (xmax === null) return false;
  if (xmin < grid.xmin || xmax > grid.xmax) {
    const span = `${xmin}–${xmax}, outside the grid's ${grid.xmin}–${grid.xmax}`;
    report.warn(name.offset, 'textgrid.domain', `tier ${shown(name.text)} runs ${span}`);
  }
  const points = cls.text === 'TextTier';
  const n = r.count(`number of ${points ? 'points' : 'intervals'} in tier ${t}`);
  if (n === null) return false;
  const head: TierHead = { t, name: name.text, xmin, xmax, n };
  return points ? readPoints(r, report, grid, head) : readIntervals(r, report, grid, head);
}

function readPoints(
  r: Reader,
  report: Reporter,
  grid: TextGrid,
  { t, name, xmin, xmax, n }: TierHead,
): boolean {
  const points: TextGridPoint[] = [];
  grid.tiers.push({ kind: 'point', name, xmin, xmax, points });
  for (let k = 1; k <= n; k++) {
    const time = r.number(`time of point ${k} of tier ${t}`);
    if (time === null) return false;
    const mark = r.string(`mark of point ${k} of tier ${t}`);
    if (!mark) return false;
    const prev = points[points.length - 1];
    if (prev && time < prev.time) {
      report.warn(
        mark.offset,
        'textgrid.order',
        `point ${k} of tier ${t} at ${time} comes before point ${k - 1} at ${prev.time}`,
      );
    }
    points.push({ time, mark: mark.text });
  }
  return true;
}

function readIntervals(
  r: Reader,
  report: Reporter,
  grid: TextGrid,
  { t, name, xmin, xmax, n }: TierHead,
): boolean {
  const intervals: TextGridInterval[] = [];
  grid.tiers.push({ kind: 'interval', name, xmin, xmax, intervals });
  for (let k = 1; k <= n; k++) {
    const a = r.number(`xmin of interval ${k} of tier ${t}`);
    if (a === null) return false;
    const b = r.number(`xmax of interval ${k} of tier ${t}`);
    if (b === null) return false;
    const label = r.string(`text of interval ${k} of tier ${t}`);
    if (!label) return false;
    if (b < a)
      report.error(
        label.offset,
        'textgrid.order',
        `interval ${k} of tier ${t} ends (${b}) before it starts (${a})`,
      );
    const prev = intervals[intervals.length - 1];
    if (prev && a !== prev.xmax) {
      report.warn(
        label.offset,
        'textgrid.gap',
        `interval ${k} of tier ${t} starts at ${a}, but interval ${k - 1} ends at ${prev.xmax}`,
      );
    }
    intervals.push({ xmin: a, xmax: b, text: label.text });
  }
  return true;
}

/** `parseTextGrid`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseTextGridOrThrow(text: string, file?: string): TextGrid {
  return valueOrThrow(parseTextGrid(text), file);
}

const quote = (s: string): string => `"${s.replaceAll('"', '""')}"`;

/**
 * Writes a TextGrid as Praat does: the long form ("Save as text file", default) or the short form. Numbers
 * are written in their shortest exact form, so reading the file back gives the very same values.
 */
export function writeTextGrid(grid: TextGrid, options: { form?: 'long' | 'short' } = {}): string {
  const num = formatNumber;
  const out: string[] = ['File type = "ooTextFile"', 'Object class = "TextGrid"', ''];
  const hasTiers = grid.tiers.length > 0;
  if (options.form === 'short') {
    out.push(num(grid.xmin), num(grid.xmax), hasTiers ? '<exists>' : '<absent>');
    if (hasTiers) out.push(String(grid.tiers.length));
    for (const t of grid.tiers) {
      out.push(
        quote(t.kind === 'interval' ? 'IntervalTier' : 'TextTier'),
        quote(t.name),
        num(t.xmin),
        num(t.xmax),
      );
      if (t.kind === 'interval') {
        out.push(String(t.intervals.length));
        for (const i of t.intervals) out.push(num(i.xmin), num(i.xmax), quote(i.text));
      } else {
        out.push(String(t.points.length));
        for (const p of t.points) out.push(num(p.time), quote(p.mark));
      }
    }
    return out.join('\n') + '\n';
  }
  // Praat's long form, including its trailing spaces after values.
  out.push(`xmin = ${num(grid.xmin)} `, `xmax = ${num(grid.xmax)} `);
  if (!hasTiers) return [...out, 'tiers? <absent> ', ''].join('\n');
  out.push('tiers? <exists> ', `size = ${grid.tiers.length} `, 'item []: ');
  grid.tiers.forEach((t, ti) => {
    out.push(`    item [${ti + 1}]:`);
    out.push(`        class = ${quote(t.kind === 'interval' ? 'IntervalTier' : 'TextTier')} `);
    out.push(
      `        name = ${quote(t.name)} `,
      `        xmin = ${num(t.xmin)} `,
      `        xmax = ${num(t.xmax)} `,
    );
    if (t.kind === 'interval') {
      out.push(`        intervals: size = ${t.intervals.length} `);
      t.intervals.forEach((i, k) => {
        out.push(`        intervals [${k + 1}]:`, `            xmin = ${num(i.xmin)} `);
        out.push(`            xmax = ${num(i.xmax)} `, `            text = ${quote(i.text)} `);
      });
    } else {
      out.push(`        points: size = ${t.points.length} `);
      t.points.forEach((p, k) => {
        out.push(
          `        points [${k + 1}]:`,
          `            number = ${num(p.time)} `,
          `            mark = ${quote(p.mark)} `,
        );
      });
    }
  });
  return out.join('\n') + '\n';
}
