// What the project stores of a system's output for one utterance: its own words (times optional), its
// trees as bracket text over those words, entity spans over them, concepts, and a ranked N-best list.
import { z } from 'zod';
import { GoldConcept, GoldEntity, GoldTree } from '../gold/records';

/** A recognized word; times are seconds in the utterance's audio file, absent when the system gives none. */
export const OutputWord = z.strictObject({
  text: z.string().min(1).max(500),
  startSec: z.number().nonnegative().nullable().optional(),
  endSec: z.number().nonnegative().nullable().optional(),
  confidence: z.number().min(0).max(1).optional(),
});
export type OutputWord = z.infer<typeof OutputWord>;

/** One utterance's output of a system; every part optional. */
export const SystemOutput = z.strictObject({
  id: z.string().min(1).max(200),
  words: z.array(OutputWord).optional(),
  trees: z.array(GoldTree).optional(),
  entities: z.array(GoldEntity).optional(),
  concepts: z.array(GoldConcept).optional(),
  nbest: z.array(z.strictObject({ interpretation: z.string(), score: z.number() })).optional(),
});
export type SystemOutput = z.infer<typeof SystemOutput>;
