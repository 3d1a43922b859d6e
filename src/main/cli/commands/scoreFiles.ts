// Small helpers shared by the scoring commands (nbest, correlate, compare): reading an input file and
// printing a parser's diagnostics as `file:line:col: message`.
import path from 'node:path';
import type { Diagnostic } from '../../../core/text/diagnostics';
import { UNDEFINED } from '../../../core/scoring/present';
import type { CliIo } from '../command';
import type { InvalidItems } from '../invalidItems';
import { readTextFileOrThrow } from '../../import/readTextFile';
import { firstOf, moreLine } from '../../import/issueList';

/** The file's text, or null after printing why it could not be read. */
export function readInputFile(file: string, io: CliIo): string | null {
  try {
    return readTextFileOrThrow(path.resolve(io.cwd, file), file);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return null;
  }
}

/** Prints the error diagnostics with their locations (the first 100, then a count); true when there was one. */
export function reportDiagnostics(file: string, diagnostics: readonly Diagnostic[], io: CliIo): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const { listed, more } = firstOf(errors);
  for (const d of listed) io.err(`${file}:${d.line}:${d.column}: ${d.message}\n`);
  if (more > 0) io.err(`${moreLine(more, 'errors')}\n`);
  return errors.length > 0;
}

/** Reads a positive integer flag, or null when it is not one (a usage error for the caller). */
export function integerFlag(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Formats a figure for a text report; an undefined figure (NaN) prints as `—`, as in every table. */
export function fmt(v: number, digits = 4): string {
  return Number.isNaN(v) ? UNDEFINED : v.toFixed(digits);
}

/**
 * Calls `each` with the object on every non-blank line of a JSON Lines text, its 1-based line number and
 * the line's text; a line that is not JSON, or not an object, is an invalid item (its line number) whose
 * message names `expected`.
 */
export function eachJsonObjectLine(
  file: string,
  text: string,
  expected: string,
  invalid: InvalidItems,
  each: (rec: Record<string, unknown>, line: number, raw: string) => void,
): void {
  text.split('\n').forEach((raw, k) => {
    const line = k + 1;
    if (raw.trim() === '') return;
    let obj: unknown;
    try {
      obj = JSON.parse(raw);
    } catch (err) {
      // V8 often reports "… at position P"; point the column there when it does.
      const pos = /position (\d+)/.exec((err as Error).message);
      invalid.add(file, line, pos ? Number(pos[1]) + 1 : 1, `not JSON: ${(err as Error).message}`, line);
      return;
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
      invalid.add(file, line, raw.search(/\S/) + 1, `expected an object ${expected}`, line);
      return;
    }
    each(obj as Record<string, unknown>, line, raw);
  });
}

/**
 * The 1-based column, in a JSON line `raw`, of the value at `keys` (`['gold', 'tree']`: the value of
 * "tree" after "gold"), or of the character `at` (1-based) inside that value when it is a string; the
 * line's first column when the key is not found. Escapes are assumed to be written as JSON.stringify
 * writes them.
 */
export function jsonValueColumn(raw: string, keys: readonly string[], at?: number): number {
  let from = 0;
  for (const key of keys) {
    const m = new RegExp(`${JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:\\s*`, 'g');
    m.lastIndex = from;
    const hit = m.exec(raw);
    if (!hit) return raw.search(/\S/) + 1;
    from = hit.index + hit[0].length;
  }
  if (at === undefined || raw[from] !== '"') return from + 1;
  let value: unknown;
  try {
    value = JSON.parse(/^"(?:[^"\\]|\\.)*"/.exec(raw.slice(from))?.[0] ?? '');
  } catch {
    return from + 1;
  }
  const prefix = typeof value === 'string' ? JSON.stringify(value.slice(0, at - 1)).length - 2 : 0;
  return from + 1 + prefix + 1;
}
