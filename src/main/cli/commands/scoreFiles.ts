// Small helpers shared by the scoring commands (nbest, correlate, compare): reading an input file and
// printing a parser's diagnostics as `file:line:col: message`.
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../core/text/diagnostics';
import type { CliIo } from '../command';

/** The file's text, or null after printing why it could not be read. */
export function readInputFile(file: string, io: CliIo): string | null {
  try {
    return fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  } catch (err) {
    io.err(`${file}: ${(err as Error).message}\n`);
    return null;
  }
}

/** Prints every error diagnostic with its location; true when there was at least one. */
export function reportDiagnostics(file: string, diagnostics: readonly Diagnostic[], io: CliIo): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.err(`${file}:${d.line}:${d.column}: ${d.message}\n`);
  return errors.length > 0;
}

/** Reads a positive integer flag, or null when it is not one (a usage error for the caller). */
export function integerFlag(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Formats a figure for a text report; undefined figures (NaN) print as `-`. */
export function fmt(v: number, digits = 4): string {
  return Number.isNaN(v) ? '-' : v.toFixed(digits);
}

/**
 * Calls `each` with the object on every non-blank line of a JSON Lines text, its `file:line` location and
 * its 1-based line number; a line that is not JSON, or not an object, becomes an error naming `expected`.
 */
export function eachJsonObjectLine(
  file: string,
  text: string,
  expected: string,
  errors: string[],
  each: (rec: Record<string, unknown>, where: string, line: number) => void,
): void {
  text.split('\n').forEach((raw, k) => {
    const where = `${file}:${k + 1}`;
    if (raw.trim() === '') return;
    let obj: unknown;
    try {
      obj = JSON.parse(raw);
    } catch (err) {
      errors.push(`${where}: not JSON: ${(err as Error).message}`);
      return;
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
      errors.push(`${where}: expected an object ${expected}`);
      return;
    }
    each(obj as Record<string, unknown>, where, k + 1);
  });
}
