// A third demo system without recognition errors: the reference transcript, force-aligned to the audio by
// pocketsphinx (pocketsphinx.json), with the same baseline annotation as the recognizers. Its words are
// right and its boundaries are pocketsphinx's, so what it loses comes from the baselines and the timing —
// and ParsEval, which needs the gold's words, is defined on every utterance.
import type { SystemOutput } from '../../src/core/model/systemOutput';
import { annotate } from './baselines';
import { interpretationOf } from './conceptRules';
import type { AlignedWord } from './pocketsphinx';
import type { DemoSystem } from './runSystems';

export const TRANSCRIPT_SYSTEM = 'transcript-chunker';

/** One utterance: the words as spoken (gold spelling) and their forced alignment, word for word. */
export interface TranscriptUtterance {
  id: string;
  words: readonly string[];
  aligned: readonly AlignedWord[];
}

/** The transcript system's outputs; the alignment must be of exactly the utterance's words. */
export function transcriptSystem(utterances: readonly TranscriptUtterance[]): DemoSystem {
  const outputs: SystemOutput[] = utterances.map((u) => {
    if (u.aligned.map((a) => a.word).join(' ') !== u.words.map((w) => w.toLowerCase()).join(' '))
      throw new Error(`${u.id}: the forced alignment is not of "${u.words.join(' ')}"`);
    const base = annotate(u.words);
    return {
      id: u.id,
      words: u.words.map((text, i) => ({
        text,
        startSec: u.aligned[i]!.startSec,
        endSec: u.aligned[i]!.endSec,
      })),
      ...(base.trees.length > 0 ? { trees: base.trees } : {}),
      entities: base.entities,
      concepts: base.concepts,
      // The concept rules give one reading of a sentence: a one-entry list.
      nbest: [{ interpretation: interpretationOf(base.concepts), score: 1 }],
    };
  });
  return {
    name: TRANSCRIPT_SYSTEM,
    description:
      'No recognition: the reference transcript with the word times of the pocketsphinx forced alignment ' +
      '(pocketsphinx.json, ALIGNMENT.md) and the same baselines. Its word errors are none, its boundaries ' +
      "differ from the gold's by the alignment's error, and its tree, entity and concept errors are the " +
      "baselines' own; ParsEval is defined on every utterance.",
    args: [],
    outputs,
    nbestSpread: 0,
  };
}
