// What scoring one utterance gives (`scoreUtterance`), as a schema: the one definition of the scores the
// score cache keeps, `scoreProject` hands out and the API sends to the studio. The TypeScript types are
// inferred from it. Scores cross threads and the API as JSON, where a figure that is undefined (NaN) reads
// as null: the schema describes them as read.
import { z } from 'zod';

/** A part of a system's output that corpus metrics are computed from (see coverage.ts). */
export const OutputPart = z.union([
  z.enum(['words', 'concepts', 'entities', 'nbest']),
  z.templateLiteral(['tree:', z.string()]),
]);
export type OutputPart = z.infer<typeof OutputPart>;

/** One word-alignment step: reference and hypothesis word indices (−1 for none) and the operation. */
export const WordStep = z.strictObject({
  op: z.enum(['C', 'S', 'I', 'D']),
  ref: z.number().int(),
  hyp: z.number().int(),
});
export type WordStep = z.infer<typeof WordStep>;

const count = z.number().int().nonnegative();
/** A figure that may be undefined (an empty reference, 0/0): null. */
const figure = z.number().nullable();

/** Word or character error counts of one utterance (sclite's C, S, D, I and the reference length N). */
const errorCounts = { C: count, S: count, D: count, I: count, N: count };

/** The scores of one tree of the utterance (gold and system trees of the same name). */
const TreeScores = z.strictObject({
  name: z.string(),
  /** Tree node accuracy (typed tree edit distance) with its mapping, 1-based postorder node numbers. */
  tna: z
    .strictObject({
      C: count,
      S: count,
      D: count,
      I: count,
      accuracy: figure,
      distance: z.number(),
      mapping: z.array(
        z.strictObject({ i: z.number().int().nullable(), j: z.number().int().nullable(), op: z.string() }),
      ),
      signature: z.string(),
    })
    .optional(),
  structIou: z
    .strictObject({
      score: z.number(),
      matchedIou: z.number(),
      nodes: count,
      /** Matched constituents as child-index paths from each tree's root, with their IoU. */
      pairs: z.array(
        z.strictObject({ gold: z.array(z.number().int()), pred: z.array(z.number().int()), iou: z.number() }),
      ),
      signature: z.string(),
    })
    .optional(),
  /**
   * Labelled ParsEval (EVALB's COLLINS.prm conventions) when both trees have the same leaves; brackets
   * matched, in the gold and in the system tree. P, R and F1 follow parseval.ts's rule for 0/0 (1 when
   * nothing was to be found and nothing proposed, else 0), so a scored tree has numbers, never null.
   */
  parseval: z
    .strictObject({
      precision: figure,
      recall: figure,
      f1: figure,
      matched: count,
      gold: count,
      pred: count,
      signature: z.string(),
    })
    .optional(),
  /** Why a part of this tree's scoring could not be done (e.g. a system word without times). */
  notes: z.array(z.string()),
});

/** Everything scored for one utterance; a part is absent when one side lacks what it needs. */
export const UtteranceScores = z.strictObject({
  /** Parts of the gold left out because they are invalid (see `usableGold`), one note each. */
  goldNotes: z.array(z.string()).optional(),
  /**
   * The parts the system outputs elsewhere but not for this utterance, scored as empty hypotheses (all
   * gold words deleted, gold entities missed, gold tree nodes deleted, an empty N-best list); absent when
   * none. `--only-covered` leaves their figures out of the corpus.
   */
  missing: z.array(OutputPart).optional(),
  /** The corpus metrics this utterance counts in (gold present, part output by the system): the N of n / N. */
  expected: z.array(z.string()).optional(),
  /** Expected metrics that could not be computed here, with the signature they would have had and why. */
  unscored: z
    .array(z.strictObject({ metric: z.string(), signature: z.string(), reason: z.string() }))
    .optional(),
  words: z
    .strictObject({ ...errorCounts, wer: figure, steps: z.array(WordStep), signature: z.string() })
    .optional(),
  /**
   * Character error rate over the same words as `words` (after the same GLM file and normaliser), each
   * word split into characters as `sieve cer` splits it (sclite `-c`); counts are of characters.
   */
  chars: z.strictObject({ ...errorCounts, cer: figure, signature: z.string() }).optional(),
  concepts: z.strictObject({ ...errorCounts, accuracy: figure, signature: z.string() }).optional(),
  trees: z.array(TreeScores),
  entities: z
    .strictObject({
      /** Entities in the gold and in the output (after dropping punctuation-only ones). */
      ref: count,
      hyp: count,
      correct: count,
      entries: z.array(
        z.strictObject({
          ref: z.number().int(),
          hyp: z.number().int(),
          type: z.boolean().nullable(),
          extent: z.boolean().nullable(),
          content: z.boolean().nullable(),
        }),
      ),
      signature: z.string(),
      /** What the settings asked for and could not be done (the time aligner without system word times). */
      notes: z.array(z.string()).optional(),
    })
    .optional(),
  /** The N-best figures of the utterance's list: `NotFound@1` … `NDCG@inf`. */
  nbest: z.strictObject({ figures: z.record(z.string(), z.number()), signature: z.string() }).optional(),
});
export type UtteranceScores = z.infer<typeof UtteranceScores>;
