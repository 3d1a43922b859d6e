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

/** Where a JSON.parse error points, from V8's message ("at position N" or "line L column C"). */
function syntaxOffset(text: string, message: string): number {
  const pos = /at position (\d+)/.exec(message);
  if (pos) return Number(pos[1]);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) {
    const lines = text.split('\n');
    let off = 0;
    for (let i = 0; i < Number(lc[1]) - 1 && i < lines.length; i++) off += lines[i]!.length + 1;
    return off + Number(lc[2]) - 1;
  }
  return text.length;
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
    const message = (err as Error).message;
    return {
      value: null,
      diagnostics: [diagnosticAt(index, syntaxOffset(text, message), 'json.syntax', message)],
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
