/** One problem found in a text: where it is (UTF-16 offset, 1-based line and column) and what it is. */
export interface Diagnostic {
  code: string;
  message: string;
  offset: number;
  line: number;
  column: number;
  severity: 'error' | 'warning';
}

/** What every parser returns: its best value and the problems found (it never throws on bad text). */
export interface ParseResult<T> {
  value: T;
  diagnostics: Diagnostic[];
}

/** Raised by `…OrThrow` wrappers; the message starts with `file:line:column:`. */
export class ParseError extends Error {
  override name = 'ParseError';
  constructor(
    readonly diagnostic: Diagnostic,
    readonly file?: string,
  ) {
    super(`${file ?? '<input>'}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.message}`);
  }
}

/** Maps UTF-16 offsets of one text to 1-based line and column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  /** 1-based line and column of `offset`. */
  locate(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

/** Builds an error diagnostic at `offset` of a text indexed by `index`. */
export function diagnosticAt(
  index: LineIndex,
  offset: number,
  code: string,
  message: string,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return { code, message, offset, ...index.locate(offset), severity };
}

/** Returns `result.value`, or throws a `ParseError` for its first error diagnostic. */
export function valueOrThrow<T>(result: ParseResult<T>, file?: string): T {
  const first = result.diagnostics.find((d) => d.severity === 'error');
  if (first) throw new ParseError(first, file);
  return result.value;
}
