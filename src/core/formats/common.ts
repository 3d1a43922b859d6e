// Small pieces every text-format reader and writer of this folder shares: strict number syntax, line
// iteration with offsets, a diagnostics collector, and the error writers raise for unwritable values.
import { AppError } from '../errors';
import { type Diagnostic, LineIndex, diagnosticAt } from '../text/diagnostics';

/**
 * A value a writer cannot express in its format (a word without times in a CTM, a label with a line break
 * in a bracket file). Writers take SIEVE's own records, so this is bad input, not bad text: it is thrown,
 * and the message names the offending value.
 */
export class FormatWriteError extends AppError {
  override name = 'FormatWriteError';
  constructor(message: string, details?: unknown) {
    super('INVALID_INPUT', message, details);
  }
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Reads a plain decimal number (`12`, `-0.5`, `1.5e-3`); anything else (hex, `Infinity`, '') is null. */
export function parseDecimal(token: string): number | null {
  if (!DECIMAL.test(token)) return null;
  const x = Number(token);
  return Number.isFinite(x) ? x : null;
}

/** Digits after the decimal point of a decimal token (`1.250` → 3, `2e-3` → 3, `7` → 0). */
export function decimalPlaces(token: string): number {
  const m = /^[+-]?\d*(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (!m) return 0;
  const frac = m[1]?.length ?? 0;
  const exp = m[2] ? Number(m[2]) : 0;
  return Math.max(0, Math.min(20, frac - exp));
}

/**
 * Rounds `x` to `places` decimals. Used where a reader adds two decimal fields (CTM start + duration):
 * the sum of two values with at most `places` decimals has at most `places` decimals, so rounding only
 * removes binary floating-point noise (0.1 + 0.2 → 0.3).
 */
export function roundTo(x: number, places: number): number {
  const s = x.toFixed(places);
  return Number(s) === 0 ? 0 : Number(s);
}

/** Shortest text that reads back as exactly `x` (JavaScript's number-to-string, which is round-trip safe). */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) throw new FormatWriteError(`cannot write the number ${x}`);
  return Object.is(x, -0) ? '0' : String(x);
}

/** One line of a text: its content without the line break (and without a trailing CR), and where it starts. */
export interface TextLine {
  text: string;
  /** UTF-16 offset of the line's first character in the whole text. */
  offset: number;
  /** 1-based line number. */
  line: number;
}

/**
 * The lines of `text` (LF or CRLF); a final line break does not start an extra empty line. A leading
 * byte-order mark is not part of the first line (offsets still count it, so they index `text`).
 */
export function splitLines(text: string): TextLine[] {
  const out: TextLine[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const raw = text.slice(start, end);
    out.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, offset: start, line: line++ });
    start = end + 1;
  }
  return out;
}

/** Whitespace-separated fields of a line, each with its offset within the line. */
export function splitFields(line: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  const re = /\S+/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push({ text: m[0], at: m.index });
  return out;
}

/** A text without a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Collects diagnostics for one text, locating offsets lazily so clean inputs pay nothing. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private index: LineIndex | null = null;

  constructor(private readonly text: string) {}

  /** Records an error at `offset`. */
  error(offset: number, code: string, message: string): void {
    this.add(offset, code, message, 'error');
  }

  /** Records a warning at `offset`: the value is still usable. */
  warn(offset: number, code: string, message: string): void {
    this.add(offset, code, message, 'warning');
  }

  /** Whether any error (not warning) has been recorded. */
  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }

  private add(offset: number, code: string, message: string, severity: Diagnostic['severity']): void {
    this.index ??= new LineIndex(this.text);
    const at = Math.max(0, Math.min(offset, this.text.length));
    this.diagnostics.push(diagnosticAt(this.index, at, code, message, severity));
  }
}

/** Quotes a value for a diagnostic message, shortened so that a huge token cannot flood the report. */
export function shown(value: string): string {
  const s = value.length > 40 ? `${value.slice(0, 37)}…` : value;
  return `'${s}'`;
}
