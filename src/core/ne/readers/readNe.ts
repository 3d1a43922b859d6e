// One entry point for the three entity formats, with the format told or detected from the content.
import type { ParseResult } from '../../text/diagnostics';
import type { NeDocument } from '../document';
import { parseNeConll } from './conll';
import { parseNeJson } from './json';
import { parseNeSgml } from './sgml';

/** The entity formats `sieve ne` reads. */
export type NeFormat = 'sgml' | 'conll' | 'json';

/** The formats by name, as `--ref-format` accepts them. */
export const NE_FORMATS: readonly NeFormat[] = ['sgml', 'conll', 'json'];

const CONLL_TAG = /^(?:O|[BIESLU](?:[-_]\S*)?)$/;

/**
 * Guesses the format: JSON when the text starts with `[` or `{`; CoNLL when every non-blank line has at
 * least two columns and either every last column is a tag (O, B-X …) or every line has the same number
 * of columns and most last columns are tags — a column file with a few unknown tags is CoNLL, so its
 * reader names each bad tag by line and column; SGML otherwise (plain text with no tags is SGML with no
 * entities, one document per line).
 */
export function detectNeFormat(text: string): NeFormat {
  const first = text.search(/\S/);
  if (first >= 0 && (text[first] === '[' || text[first] === '{')) return 'json';
  if (/<\/?[A-Za-z]/.test(text)) return 'sgml';
  let lines = 0;
  let tagged = 0;
  let columns = -1; // the number of columns every line has so far; 0 once two lines differ
  for (const line of text.split('\n')) {
    const cols = line.trim().split(/\s+/);
    if (cols[0] === '' || cols[0] === '-DOCSTART-') continue;
    if (cols.length < 2) return 'sgml';
    lines++;
    if (CONLL_TAG.test(cols[cols.length - 1]!)) tagged++;
    columns = columns < 0 || columns === cols.length ? cols.length : 0;
  }
  if (lines === 0) return 'sgml';
  return tagged === lines || (columns > 0 && 2 * tagged > lines) ? 'conll' : 'sgml';
}

/** Options of the entity readers. */
export interface NeReadOptions {
  /**
   * When given, receives the first and last line (1-based) of every document, in step with the
   * documents; a document that could not be read at all then keeps its place as an empty document, so
   * that a caller can leave out the documents with errors and still pair the rest in order.
   */
  documentLines?: [number, number][];
}

/** Reads `text` in `format` (detected when omitted). */
export function readNe(
  text: string,
  format?: NeFormat,
  options: NeReadOptions = {},
): ParseResult<NeDocument[]> & { format: NeFormat } {
  const f = format ?? detectNeFormat(text);
  const result =
    f === 'json'
      ? parseNeJson(text, options)
      : f === 'conll'
        ? parseNeConll(text, options)
        : parseNeSgml(text, options);
  return { ...result, format: f };
}
