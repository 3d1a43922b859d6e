// Attribute–value lists, one utterance per line: `utt-001 sourcecity:Bonn goalcity:Berlin`. Concepts
// are compared as lists of attribute:value pairs (Thomae et al. §6, concept accuracy). The attribute
// ends at the first colon, so values may contain colons (`time:10:30`); a value with spaces is quoted,
// `goalcity:"New York"`, with `\"` and `\\` inside quotes.
import type { Concept } from '../model/annotation';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { FormatWriteError, Reporter, shown, splitLines } from './common';

/** One line: the utterance id (if the line has one) and its concepts. */
export interface ConceptLine {
  id: string | null;
  concepts: Concept[];
  line: number;
}

/** How ids are recognised. */
export interface ConceptOptions {
  /**
   * `auto` (default): a first token without a colon is the id. `always`: the first token is the id even
   * with colons in it (`sw02001:A:0001 …`). `never`: every token is a concept.
   */
  ids?: 'auto' | 'always' | 'never';
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t';

/**
 * Reads an attribute–value file. Every line is an utterance, a blank one included (an utterance without
 * concepts), so that files without ids pair with utterances by position. A bad token is reported and
 * skipped; the rest of its line is kept.
 */
export function parseConcepts(text: string, options: ConceptOptions = {}): ParseResult<ConceptLine[]> {
  const report = new Reporter(text);
  const out: ConceptLine[] = [];
  for (const { text: s, offset, line } of splitLines(text)) {
    const entry: ConceptLine = { id: null, concepts: [], line };
    out.push(entry);
    let i = 0;
    let first = true;
    while (i < s.length) {
      while (isSpace(s[i])) i++;
      if (i >= s.length) break;
      const start = i;
      while (i < s.length && !isSpace(s[i]) && s[i] !== ':') i++;
      const head = s.slice(start, i);
      const isId = first && options.ids !== 'never' && (options.ids === 'always' || s[i] !== ':');
      first = false;
      if (isId) {
        while (i < s.length && !isSpace(s[i])) i++;
        entry.id = s.slice(start, i);
        continue;
      }
      if (s[i] !== ':' || head === '' || head.startsWith('"')) {
        while (i < s.length && !isSpace(s[i])) i++;
        report.error(
          offset + start,
          'concepts.pair',
          `expected attribute:value, found ${shown(s.slice(start, i))}`,
        );
        continue;
      }
      i++; // the colon
      if (s[i] !== '"') {
        const v = i;
        while (i < s.length && !isSpace(s[i])) i++;
        entry.concepts.push({ attribute: head, value: s.slice(v, i) });
        continue;
      }
      // A quoted value.
      const open = i++;
      let value = '';
      let closed = false;
      while (i < s.length) {
        const c = s[i]!;
        if (c === '\\' && (s[i + 1] === '"' || s[i + 1] === '\\')) {
          value += s[i + 1];
          i += 2;
        } else if (c === '"') {
          closed = true;
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      if (!closed) {
        report.error(
          offset + open,
          'concepts.quote',
          `expected '"' to close the value of ${shown(head)} on this line`,
        );
        continue;
      }
      if (i < s.length && !isSpace(s[i])) {
        report.error(
          offset + i,
          'concepts.quote',
          `expected a space after the closing '"' of ${shown(head)}`,
        );
        while (i < s.length && !isSpace(s[i])) i++;
        continue;
      }
      entry.concepts.push({ attribute: head, value });
    }
  }
  return { value: out, diagnostics: report.diagnostics };
}

/** `parseConcepts`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseConceptsOrThrow(
  text: string,
  options: ConceptOptions = {},
  file?: string,
): ConceptLine[] {
  return valueOrThrow(parseConcepts(text, options), file);
}

function quoteValue(v: string): string {
  return /[\s"]/.test(v) || v.startsWith('"') ? `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"` : v;
}

/**
 * Writes one line per utterance: the id (when given) and the concepts. Values with spaces or quotes are
 * quoted. An id with a colon must be read back with `ids: 'always'`.
 */
export function writeConcepts(
  lines: readonly { id?: string | null; concepts: readonly Concept[] }[],
): string {
  return lines
    .map(({ id, concepts }, n) => {
      if (id !== undefined && id !== null && (id === '' || /\s/.test(id))) {
        throw new FormatWriteError(
          `line ${n + 1}: utterance id ${JSON.stringify(id)} is empty or has whitespace`,
        );
      }
      const parts = concepts.map(({ attribute, value }) => {
        if (attribute === '' || /[\s:"]/.test(attribute)) {
          throw new FormatWriteError(
            `line ${n + 1}: attribute ${JSON.stringify(attribute)} is empty or has a space, colon or quote`,
          );
        }
        if (/[\n\r]/.test(value))
          throw new FormatWriteError(`line ${n + 1}: the value of ${attribute} has a line break`);
        return `${attribute}:${quoteValue(value)}`;
      });
      return (id ? [id, ...parts] : parts).join(' ') + '\n';
    })
    .join('');
}
