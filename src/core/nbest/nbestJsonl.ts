// Reads the N-best input of `sieve nbest`: one JSON object per line,
//   {"id": "d17", "nbest": [{"interp": …, "score": 0.4}, …], "gold": [ … ], "labels": { … }}
// Blank lines are skipped. Never throws: problems come back as diagnostics with 1-based line and column
// and the line is left out.
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../text/diagnostics';
import { readLabels } from './labels';
import type { NbestEntry, NbestUtterance } from './nbestScorer';

function readLine(obj: unknown): { utt?: NbestUtterance; problem?: string } {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj))
    return { problem: 'expected a JSON object' };
  const o = obj as Record<string, unknown>;
  const id = o['id'];
  if (typeof id !== 'string' && typeof id !== 'number')
    return { problem: 'missing "id" (a string or number)' };
  if (!Array.isArray(o['nbest'])) return { problem: `utterance "${id}": "nbest" must be an array` };
  if (!Array.isArray(o['gold']))
    return { problem: `utterance "${id}": "gold" must be an array (empty when nothing is correct)` };
  const nbest: NbestEntry[] = [];
  const raw = o['nbest'] as unknown[];
  for (let j = 0; j < raw.length; j++) {
    const e = raw[j];
    if (typeof e !== 'object' || e === null || Array.isArray(e) || !('interp' in e)) {
      return { problem: `utterance "${id}", rank ${j + 1}: expected {"interp": …, "score": …}` };
    }
    const score = (e as { score?: unknown }).score;
    if (score !== undefined && score !== null && typeof score !== 'number') {
      return {
        problem: `utterance "${id}", rank ${j + 1}: "score" must be a number, got ${shownScore(score)}`,
      };
    }
    nbest.push({
      interp: (e as { interp: unknown }).interp,
      score: typeof score === 'number' ? score : null,
    });
  }
  const { labels, problems } = readLabels(o['labels']);
  if (problems.length > 0) return { problem: `utterance "${id}": ${problems.join('; ')}` };
  return { utt: { id: String(id), nbest, gold: o['gold'] as unknown[], labels } };
}

// An object or array is named, not printed: it may be nested too deeply to print (or be huge).
function shownScore(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Parses N-best JSON lines into utterances, with a diagnostic for every line that does not fit. */
export function parseNbestJsonl(text: string): ParseResult<NbestUtterance[]> {
  const diagnostics: Diagnostic[] = [];
  const value: NbestUtterance[] = [];
  let index: LineIndex | null = null;
  const at = (offset: number, code: string, message: string): void => {
    index ??= new LineIndex(text);
    diagnostics.push(diagnosticAt(index, offset, code, message));
  };
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    if (line.trim() !== '') {
      let obj: unknown;
      try {
        obj = JSON.parse(line);
      } catch (err) {
        // V8 often reports "… in JSON at position P"; point the column there when it does.
        const pos = /position (\d+)/.exec((err as Error).message);
        at(start + (pos ? Number(pos[1]) : 0), 'nbest.json', `not valid JSON: ${(err as Error).message}`);
        start = end + 1;
        continue;
      }
      const { utt, problem } = readLine(obj);
      if (utt) value.push(utt);
      else at(start, 'nbest.shape', problem!);
    }
    start = end + 1;
  }
  return { value, diagnostics };
}
