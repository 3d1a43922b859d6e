// The keys of re-alignment: align the selection or the utterance (the work is the `useAlign` hook's), and
// step to the next or previous word the aligner was unsure of, selected and played so the annotator
// listens where it matters.
import { EditRefused } from '../../../core/edit/editRefused';
import { selectionWords, wordSelection } from '../../../core/edit/selection';
import { LOW_CONFIDENCE, isLowConfidence } from '../../../core/gold/wordMarks';
import { type CommandEnv, selectionContext, shownTree } from './commandEnv';

/** `U` / `Shift+U`: selects and plays the next (`step` 1) or previous (-1) low-confidence word, wrapping. */
export function stepUnsure(env: CommandEnv, step: 1 | -1): void {
  const gold = env.gold();
  const words = gold.words;
  const unsure = words.flatMap((w, i) => (isLowConfidence(w) ? [i] : []));
  if (unsure.length === 0)
    throw new EditRefused(
      `No word of this utterance has a low confidence (below ${LOW_CONFIDENCE}) from SIEVE's aligner.`,
    );
  const span = selectionWords(env.selection, selectionContext(env, gold, shownTree(env, gold)));
  // From the selection, or else from the playhead.
  const t = env.time();
  const here = span
    ? step > 0
      ? span[1]
      : span[0]
    : step > 0
      ? words.findIndex((w) => w.endSec > t) - 1
      : (() => {
          const k = words.findIndex((w) => w.startSec >= t);
          return k < 0 ? words.length : k;
        })();
  const next =
    step > 0
      ? (unsure.find((i) => i > here) ?? unsure[0]!)
      : (unsure.findLast((i) => i < here) ?? unsure[unsure.length - 1]!);
  env.select(wordSelection(next));
  env.playWords(next, next);
}

/** `A` aligns the selected words (the utterance when none are), `Shift+A` the whole utterance. */
export function alignCommand(env: CommandEnv, whole: boolean): void {
  env.ui.align(whole);
}
