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
 * least two columns and every last column is a tag (O, B-X …); SGML otherwise (plain text with no
 * tags is SGML with no entities, one document per line).
 */
export function detectNeFormat(text: string): NeFormat {
  const first = text.search(/\S/);
  if (first >= 0 && (text[first] === '[' || text[first] === '{')) return 'json';
  if (/<\/?[A-Za-z]/.test(text)) return 'sgml';
  let lines = 0;
  let tagged = 0;
  for (const line of text.split('\n')) {
    const cols = line.trim().split(/\s+/);
    if (cols[0] === '' || cols[0] === '-DOCSTART-') continue;
    lines++;
    if (cols.length >= 2 && CONLL_TAG.test(cols[cols.length - 1]!)) tagged++;
  }
  return lines > 0 && tagged === lines ? 'conll' : 'sgml';
}

/** Reads `text` in `format` (detected when omitted). */
export function readNe(text: string, format?: NeFormat): ParseResult<NeDocument[]> & { format: NeFormat } {
  const f = format ?? detectNeFormat(text);
  const result = f === 'json' ? parseNeJson(text) : f === 'conll' ? parseNeConll(text) : parseNeSgml(text);
  return { ...result, format: f };
}
