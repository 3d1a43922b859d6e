// Finding, in one utterance's word alignment, the error an entry of the ASR error lists names, so that
// opening the utterance from the list can select that error and play it.
import type { WordStep } from '../../../core/scoring/scoreUtterance';

/** The lists of the error analysis (sclite's dtl report), as the project page names them. */
export type ErrorListName = 'confusions' | 'insertions' | 'deletions' | 'substitutions' | 'falselyRecognized';

/** An entry of an error list of one system, carried to the utterance opened from it. */
export interface ErrorFocus {
  systemId: number;
  list: ErrorListName;
  /** The entry's key: a word, or `ref ==> hyp` for a confusion pair. */
  key: string;
}

/** The step of the alignment that is the error, with the time to play and the gold word to select. */
export interface ErrorTarget {
  step: number;
  /** The gold word substituted or deleted; null for an insertion. */
  goldWord: number | null;
  startSec: number;
  endSec: number;
}

interface Timed {
  text: string;
  startSec?: number | null;
  endSec?: number | null;
}

/** Seconds played before and after the error, so that it is heard in its context. */
export const CONTEXT_SEC = 0.6;

/**
 * The first step of `steps` that `focus` names: an operation of its list whose words equal the key's
 * (compared case-folded, as the error lists may fold case). When no step's words match (the lists may be
 * computed with other text settings than the utterance's scores), the first step of the list's operation.
 * Null when the utterance has no such operation or the step has no time.
 */
export function findError(
  focus: Pick<ErrorFocus, 'list' | 'key'>,
  steps: readonly WordStep[],
  gold: readonly Timed[],
  hyp: readonly Timed[],
): ErrorTarget | null {
  const op = focus.list === 'insertions' ? 'I' : focus.list === 'deletions' ? 'D' : 'S';
  const fold = (s: string | undefined): string | undefined => s?.toLowerCase();
  const key = fold(focus.key)!;
  const [refKey, hypKey] =
    focus.list === 'confusions'
      ? (key.split(' ==> ') as [string, string])
      : focus.list === 'substitutions' || focus.list === 'deletions'
        ? [key, undefined]
        : [undefined, key];
  const matches = (st: WordStep): boolean =>
    (refKey === undefined || fold(gold[st.ref]?.text) === refKey) &&
    (hypKey === undefined || fold(hyp[st.hyp]?.text) === hypKey);
  let k = steps.findIndex((st) => st.op === op && matches(st));
  if (k < 0) k = steps.findIndex((st) => st.op === op);
  const st = steps[k];
  if (!st) return null;
  const word = op === 'I' ? hyp[st.hyp] : gold[st.ref];
  if (!word || word.startSec == null || word.endSec == null) return null;
  return { step: k, goldWord: op === 'I' ? null : st.ref, startSec: word.startSec, endSec: word.endSec };
}
