// Support for fuzzing the readers of this folder: mutations of a valid text (the inputs most likely to
// reach deep into a parser), and a check that diagnostics point inside the text they describe.
import type { Diagnostic } from '../../src/core/text/diagnostics';
import { LineIndex } from '../../src/core/text/diagnostics';

/** One edit of a text: delete, insert or replace at a relative position (0..1 of the length). */
export interface Mutation {
  kind: 'delete' | 'insert' | 'replace' | 'duplicate';
  /** Where, as a fraction of the current length. */
  at: number;
  /** How many characters are deleted, replaced or duplicated. */
  length: number;
  /** What is inserted or put in place. */
  text: string;
}

/** Applies the mutations in order. */
export function applyMutations(text: string, mutations: readonly Mutation[]): string {
  let s = text;
  for (const m of mutations) {
    const at = Math.min(s.length, Math.max(0, Math.floor(m.at * s.length)));
    const end = Math.min(s.length, at + m.length);
    if (m.kind === 'delete') s = s.slice(0, at) + s.slice(end);
    else if (m.kind === 'insert') s = s.slice(0, at) + m.text + s.slice(at);
    else if (m.kind === 'replace') s = s.slice(0, at) + m.text + s.slice(end);
    else s = s.slice(0, end) + s.slice(at, end) + s.slice(end);
  }
  return s;
}

/** A description of the first diagnostic that does not describe a place in `text`, or null if all do. */
export function badDiagnostic(text: string, diagnostics: readonly Diagnostic[]): string | null {
  const index = new LineIndex(text);
  for (const d of diagnostics) {
    if (!(d.offset >= 0 && d.offset <= text.length)) return `offset ${d.offset} outside 0..${text.length}`;
    const at = index.locate(d.offset);
    if (at.line !== d.line || at.column !== d.column) {
      return `${d.code} at ${d.line}:${d.column}, but offset ${d.offset} is ${at.line}:${at.column}`;
    }
    if (d.message.trim() === '' || d.code.trim() === '') return `empty code or message at ${d.offset}`;
  }
  return null;
}
