// N-best lists as JSON Lines, one utterance per line, in the shape `sieve nbest` scores:
//   {"id": "d17", "nbest": [{"interp": "(S …)", "score": -1.2}, …], "gold": ["(S …)"], "labels": {…}}
// Entries are in rank order; equal scores are equiprobable (Kleinbauer et al. §6.2). This reader maps the
// lines onto the project's records (UtteranceAnnotation: nbest, interpretations, labels); a file written
// by `writeNbestJsonl` from records with gold interpretations is also valid input to `sieve nbest`.
import { z } from 'zod';
import type { NBestEntry, UtteranceAnnotation, UtteranceLabels } from '../model/annotation';
import { canonicalJson } from '../text/canonicalJson';
import { readLabels } from '../nbest/labels';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { FormatWriteError, Reporter, splitLines } from './common';
import { locateJsonPath, parseJsonWith } from './jsonText';

const Entry = z.looseObject({
  interp: z.unknown().optional(),
  interpretation: z.unknown().optional(),
  score: z.number().nullable().optional(),
});
const Line = z.looseObject({
  id: z.union([z.string().min(1), z.number()]),
  nbest: z.array(Entry),
  gold: z.array(z.unknown()).optional(),
  labels: z.unknown().optional(),
});

/** The N-best part of an utterance's record. */
export type NBestRecord = Pick<UtteranceAnnotation, 'id' | 'nbest' | 'interpretations' | 'labels'>;

// An interpretation as the project stores it: a string as it is, any other JSON value as canonical JSON.
const interpText = (v: unknown): string => (typeof v === 'string' ? v : canonicalJson(v));

// The scorer's accuracy labels (`perfect`, `perfect=1`, `imperfect>1` …) in the project's spelling; a
// bare `perfect` takes its count from the gold list (Kleinbauer et al. §4).
function projectLabels(raw: unknown, nGold: number, problems: string[]): UtteranceLabels | undefined {
  const { labels, problems: p } = readLabels(raw);
  for (const x of p) problems.push(x);
  const out: UtteranceLabels = {};
  if (labels.input) out.inputKind = labels.input;
  if (labels.knowledge) out.knowledgeClass = labels.knowledge;
  if (labels.cantRepresent !== undefined) out.cantRepresent = labels.cantRepresent;
  if (labels.accuracy) {
    const count = labels.accuracyCount ?? (nGold === 1 ? '=1' : nGold > 1 ? '>1' : undefined);
    if (count) out.accuracyClass = `${labels.accuracy}-${count === '=1' ? '1' : 'many'}`;
    else
      problems.push(
        `accuracy "${labels.accuracy}" needs a count (=1 or >1) when there is no gold interpretation`,
      );
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Reads N-best JSON lines. An entry's interpretation is `interp` (or `interpretation`); a missing or null
 * score becomes −rank, which keeps the order and makes no ties. `gold` becomes `interpretations`.
 * A line that does not fit is reported at the offending value and left out; blank lines are skipped.
 */
export function parseNbestJsonl(text: string): ParseResult<NBestRecord[]> {
  const report = new Reporter(text);
  const out: NBestRecord[] = [];
  const seen = new Map<string, number>();
  for (const { text: line, offset, line: n } of splitLines(text)) {
    if (line.trim() === '') continue;
    const v = parseJsonWith(line, offset, Line, report, 'nbest');
    if (!v) continue;
    const at = (...path: (string | number)[]): number => offset + locateJsonPath(line, path);
    const id = String(v.id);
    if (seen.has(id)) {
      report.error(
        at('id'),
        'nbest.duplicate',
        `utterance ${JSON.stringify(id)} already appeared on line ${seen.get(id)}`,
      );
      continue;
    }
    seen.set(id, n);
    const nbest: NBestEntry[] = [];
    let bad = false;
    v.nbest.forEach((e, k) => {
      const value = e.interp !== undefined ? e.interp : e.interpretation;
      if (value === undefined || (e.interp !== undefined && e.interpretation !== undefined)) {
        report.error(
          at('nbest', k),
          'nbest.entry',
          `nbest.${k}: expected exactly one of "interp" or "interpretation"`,
        );
        bad = true;
        return;
      }
      nbest.push({
        interpretation: interpText(value),
        score: typeof e.score === 'number' ? e.score : -(k + 1),
      });
    });
    const problems: string[] = [];
    const labels = projectLabels(v.labels, v.gold?.length ?? 0, problems);
    for (const p of problems) report.error(at('labels'), 'nbest.labels', `labels: ${p}`);
    if (bad || problems.length > 0) continue;
    const record: NBestRecord = { id, nbest };
    if (v.gold) record.interpretations = v.gold.map(interpText);
    if (labels) record.labels = labels;
    out.push(record);
  }
  return { value: out, diagnostics: report.diagnostics };
}

/** `parseNbestJsonl`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseNbestJsonlOrThrow(text: string, file?: string): NBestRecord[] {
  return valueOrThrow(parseNbestJsonl(text), file);
}

/** Writes one JSON line per record (`interp`, `score`, `gold`, `labels` as `sieve nbest` reads them). */
export function writeNbestJsonl(records: readonly NBestRecord[]): string {
  return records
    .map((r) => {
      const line: Record<string, unknown> = { id: r.id };
      line['nbest'] = (r.nbest ?? []).map((e, k) => {
        if (!Number.isFinite(e.score))
          throw new FormatWriteError(`'${r.id}' entry ${k}: score ${e.score} is not a finite number`);
        return { interp: e.interpretation, score: e.score };
      });
      if (r.interpretations) line['gold'] = r.interpretations;
      if (r.labels && Object.keys(r.labels).length > 0) line['labels'] = r.labels;
      return JSON.stringify(line) + '\n';
    })
    .join('');
}
