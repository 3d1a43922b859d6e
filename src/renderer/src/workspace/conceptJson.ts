// The JSON form of an utterance's concepts, gold interpretations and labels, as the concepts panel edits
// it in Monaco: written with stable key order, read back with located problems.
import { z } from 'zod';
import { GoldConcept, GoldLabels, type GoldRecords } from '../../../core/gold/records';
import { type Diagnostic, LineIndex, diagnosticAt } from '../../../core/text/diagnostics';

/** The part of the gold standard the panel edits. */
export const ConceptFields = z.strictObject({
  concepts: z.array(GoldConcept),
  interpretations: z.array(z.string().max(100_000)),
  labels: GoldLabels,
});
export type ConceptFields = z.infer<typeof ConceptFields>;

/** The fields as indented JSON. */
export function conceptJson(g: Pick<GoldRecords, 'concepts' | 'interpretations' | 'labels'>): string {
  return JSON.stringify(
    { concepts: g.concepts, interpretations: g.interpretations, labels: g.labels },
    null,
    2,
  );
}

/**
 * The offset of the first syntax error in `text` (JSON.parse's messages in current V8 carry no position):
 * a small recursive-descent scan of the JSON grammar; -1 when there is none.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const lit = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const str = (): void => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 32) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') fail();
          str();
          ws();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === close) {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') return str();
    if (c === 't') return lit('true');
    if (c === 'f') return lit('false');
    if (c === 'n') return lit('null');
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return Math.min(at as number, text.length);
  }
}

/** Where the value at a JSON path starts in the text, roughly: the last key of the path found in order. */
function pathOffset(text: string, path: readonly PropertyKey[]): number {
  let at = 0;
  for (const p of path) {
    if (typeof p !== 'string') continue;
    const i = text.indexOf(`"${p}"`, at);
    if (i >= 0) at = i;
  }
  return at;
}

/** Reads the JSON form back; diagnostics locate syntax errors and values that are not valid gold. */
export function readConceptJson(text: string): { value: ConceptFields | null; diagnostics: Diagnostic[] } {
  const index = new LineIndex(text);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const at = jsonErrorOffset(text);
    const message = (err as Error).message.replace(/, ".*" is not valid JSON$/s, '');
    return {
      value: null,
      diagnostics: [
        diagnosticAt(index, at < 0 ? text.length : at, 'json.syntax', `not valid JSON: ${message}`),
      ],
    };
  }
  const parsed = ConceptFields.safeParse(raw);
  if (parsed.success) return { value: parsed.data, diagnostics: [] };
  return {
    value: null,
    diagnostics: parsed.error.issues.map((i) =>
      diagnosticAt(
        index,
        pathOffset(text, i.path),
        'json.schema',
        `${i.path.join('.') || 'value'}: ${i.message}`,
      ),
    ),
  };
}
