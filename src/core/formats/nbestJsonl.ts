// N-best lists as JSON Lines, one utterance per line, in the shape `sieve nbest` scores:
//   {"id": "d17", "nbest": [{"interp": "(S …)", "score": -1.2}, …], "gold": ["(S …)"], "labels": {…}}
// Entries are in rank order; equal scores are equiprobable (Kleinbauer et al. §6.2). One reader,
// `readNbestLines`, checks the lines; `parseNbestUtterances` hands them to the N-best scorer as written
// and `parseNbestJsonl` maps them onto the project's records (UtteranceAnnotation: nbest,
// interpretations, labels). A file written by `writeNbestJsonl` from records with gold interpretations is
// also valid input to `sieve nbest`.
import type { NBestEntry, UtteranceAnnotation, UtteranceLabels } from '../model/annotation';
import { type NbestLabels, readLabels } from '../nbest/labels';
import type { NbestEntry, NbestUtterance } from '../nbest/nbestScorer';
import { canonicalJson } from '../text/canonicalJson';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { FormatWriteError, Reporter, splitLines } from './common';
import { jsonSyntaxError, locateJsonPath } from './jsonText';

/** One line of an N-best file as read: its entries and gold as written, its labels normalised. */
export interface NbestLine {
  id: string;
  /** 1-based line number. */
  line: number;
  /** In rank order; `score` is null where the line gives none. */
  nbest: NbestEntry[];
  /** Absent when the line has no `gold`. */
  gold?: unknown[];
  labels: NbestLabels;
  /** Offset in the text of the value at `path` within this line (the line's start for `[]`). */
  locate(...path: (string | number)[]): number;
}

// A value in a message: objects and arrays are named, not printed (they may nest too deeply to print).
function shown(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (v !== null && typeof v === 'object') return 'an object';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one parsed line; reports its first problem (at the offending value) and returns null then. */
function checkLine(
  obj: unknown,
  line: number,
  locate: (...path: (string | number)[]) => number,
  report: Reporter,
): NbestLine | null {
  if (!isObject(obj)) {
    report.error(locate(), 'nbest.shape', 'expected a JSON object');
    return null;
  }
  const rawId = obj['id'];
  if (
    !(typeof rawId === 'string' && rawId !== '') &&
    !(typeof rawId === 'number' && Number.isFinite(rawId))
  ) {
    if (rawId === undefined)
      report.error(locate(), 'nbest.shape', 'missing "id" (a non-empty string or a number)');
    else
      report.error(
        locate('id'),
        'nbest.shape',
        `"id" must be a non-empty string or a number, got ${shown(rawId)}`,
      );
    return null;
  }
  const id = String(rawId);
  const rawNbest = obj['nbest'];
  if (!Array.isArray(rawNbest)) {
    const where = rawNbest === undefined ? locate() : locate('nbest');
    report.error(where, 'nbest.shape', `utterance "${id}": "nbest" must be an array`);
    return null;
  }
  const rawGold = obj['gold'];
  if (rawGold !== undefined && !Array.isArray(rawGold)) {
    report.error(
      locate('gold'),
      'nbest.shape',
      `utterance "${id}": "gold" must be an array (empty when nothing is correct)`,
    );
    return null;
  }
  const nbest: NbestEntry[] = [];
  for (let k = 0; k < rawNbest.length; k++) {
    const e: unknown = rawNbest[k];
    const rank = `utterance "${id}", rank ${k + 1}`;
    const interp = isObject(e) ? e['interp'] : undefined;
    const interpretation = isObject(e) ? e['interpretation'] : undefined;
    if (!isObject(e) || (interp === undefined) === (interpretation === undefined)) {
      report.error(
        locate('nbest', k),
        'nbest.entry',
        `${rank}: expected {"interp": …, "score": …} (or "interpretation" for "interp", not both)`,
      );
      return null;
    }
    const score = e['score'];
    if (score !== undefined && score !== null && !(typeof score === 'number' && Number.isFinite(score))) {
      report.error(
        locate('nbest', k, 'score'),
        'nbest.score',
        `${rank}: "score" must be a number, got ${shown(score)}`,
      );
      return null;
    }
    nbest.push({
      interp: interp !== undefined ? interp : interpretation,
      score: typeof score === 'number' ? score : null,
    });
  }
  const { labels, problems } = readLabels(obj['labels']);
  if (problems.length > 0) {
    report.error(locate('labels'), 'nbest.labels', `utterance "${id}": labels: ${problems.join('; ')}`);
    return null;
  }
  return rawGold === undefined
    ? { id, line, nbest, labels, locate }
    : { id, line, nbest, gold: rawGold, labels, locate };
}

/**
 * Reads N-best JSON lines: `id` (a non-empty string or a number), `nbest` (entries `{"interp": …,
 * "score": …}`, `interpretation` also accepted for `interp`; a missing or null score stays null), `gold`
 * (optional here) and `labels` (see `readLabels`). A line that does not fit is reported at the offending
 * value and left out; blank lines are skipped. Never throws.
 */
export function readNbestLines(text: string): ParseResult<NbestLine[]> {
  const report = new Reporter(text);
  const value: NbestLine[] = [];
  for (const { text: lineText, offset, line } of splitLines(text)) {
    if (lineText.trim() === '') continue;
    let obj: unknown;
    try {
      obj = JSON.parse(lineText);
    } catch {
      const err = jsonSyntaxError(lineText) ?? { offset: 0, message: 'expected valid JSON' };
      report.error(offset + err.offset, 'nbest.json', `not valid JSON: ${err.message}`);
      continue;
    }
    const locate = (...path: (string | number)[]): number =>
      offset + (path.length === 0 ? 0 : locateJsonPath(lineText, path));
    const read = checkLine(obj, line, locate, report);
    if (read) value.push(read);
  }
  return { value, diagnostics: report.diagnostics };
}

/** The N-best scorer's input: every line with its `gold` (required here) and its entries as written. */
export function parseNbestUtterances(text: string): ParseResult<(NbestUtterance & { line: number })[]> {
  const read = readNbestLines(text);
  const report = new Reporter(text);
  const value: (NbestUtterance & { line: number })[] = [];
  for (const l of read.value) {
    if (l.gold === undefined) {
      report.error(
        l.locate(),
        'nbest.shape',
        `utterance "${l.id}": "gold" must be an array (empty when nothing is correct)`,
      );
    } else value.push({ id: l.id, line: l.line, nbest: l.nbest, gold: l.gold, labels: l.labels });
  }
  const diagnostics = [...read.diagnostics, ...report.diagnostics].sort(
    (a, b) => a.line - b.line || a.column - b.column,
  );
  return { value, diagnostics };
}

/** The N-best part of an utterance's record. */
export type NBestRecord = Pick<UtteranceAnnotation, 'id' | 'nbest' | 'interpretations' | 'labels'>;

// An interpretation as the project stores it: a string as it is, any other JSON value as canonical JSON.
const interpText = (v: unknown): string => (typeof v === 'string' ? v : canonicalJson(v));

// The scorer's accuracy labels (`perfect`, `perfect=1`, `imperfect>1` …) in the project's spelling; a
// bare `perfect` takes its count from the gold list (Kleinbauer et al. §4).
function projectLabels(labels: NbestLabels, nGold: number): { labels?: UtteranceLabels; problem?: string } {
  const out: UtteranceLabels = {};
  if (labels.input) out.inputKind = labels.input;
  if (labels.knowledge) out.knowledgeClass = labels.knowledge;
  if (labels.cantRepresent !== undefined) out.cantRepresent = labels.cantRepresent;
  if (labels.accuracy) {
    const count = labels.accuracyCount ?? (nGold === 1 ? '=1' : nGold > 1 ? '>1' : undefined);
    if (!count)
      return {
        problem: `accuracy "${labels.accuracy}" needs a count (=1 or >1) when there is no gold interpretation`,
      };
    out.accuracyClass = `${labels.accuracy}-${count === '=1' ? '1' : 'many'}`;
  }
  return Object.keys(out).length > 0 ? { labels: out } : {};
}

/**
 * Reads N-best JSON lines into the project's records (see `readNbestLines`): a missing or null score
 * becomes −rank, which keeps the order and makes no ties; `gold` becomes `interpretations`; an utterance
 * may appear once only.
 */
export function parseNbestJsonl(text: string): ParseResult<NBestRecord[]> {
  const read = readNbestLines(text);
  const report = new Reporter(text);
  const out: NBestRecord[] = [];
  const seen = new Map<string, number>();
  for (const l of read.value) {
    const first = seen.get(l.id);
    if (first !== undefined) {
      report.error(
        l.locate('id'),
        'nbest.duplicate',
        `utterance ${JSON.stringify(l.id)} already appeared on line ${first}`,
      );
      continue;
    }
    seen.set(l.id, l.line);
    const { labels, problem } = projectLabels(l.labels, l.gold?.length ?? 0);
    if (problem) {
      report.error(l.locate('labels'), 'nbest.labels', `utterance "${l.id}": labels: ${problem}`);
      continue;
    }
    const nbest: NBestEntry[] = l.nbest.map((e, k) => ({
      interpretation: interpText(e.interp),
      score: e.score ?? -(k + 1),
    }));
    const record: NBestRecord = { id: l.id, nbest };
    if (l.gold) record.interpretations = l.gold.map(interpText);
    if (labels) record.labels = labels;
    out.push(record);
  }
  const diagnostics = [...read.diagnostics, ...report.diagnostics].sort(
    (a, b) => a.line - b.line || a.column - b.column,
  );
  return { value: out, diagnostics };
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
