// The gold standard of one utterance as plain records, with runtime schemas for the API and the store.
import { z } from 'zod';

/** A gold word: text and its interval in seconds from the start of the audio file. */
export const GoldWord = z.strictObject({
  text: z.string().min(1).max(500),
  startSec: z.number().nonnegative(),
  endSec: z.number().nonnegative(),
});
export type GoldWord = z.infer<typeof GoldWord>;

/** A gold tree over the word tier, kept as bracket text (its leaves are the words, in order). */
export const GoldTree = z.strictObject({
  name: z.string().min(1).max(100),
  typed: z.boolean(),
  bracket: z.string().max(1_000_000),
});
export type GoldTree = z.infer<typeof GoldTree>;

/** A gold entity over words `firstWord..lastWord` (inclusive, 0-based). */
export const GoldEntity = z
  .strictObject({
    type: z.string().min(1).max(100),
    firstWord: z.number().int().nonnegative(),
    lastWord: z.number().int().nonnegative(),
  })
  .refine((e) => e.lastWord >= e.firstWord, { message: 'lastWord must not precede firstWord' });
export type GoldEntity = z.infer<typeof GoldEntity>;

/** One attribute–value concept. */
export const GoldConcept = z.strictObject({
  attribute: z.string().min(1).max(200),
  value: z.string().max(1000),
});
export type GoldConcept = z.infer<typeof GoldConcept>;

/** Characterisation labels of an utterance (Kleinbauer et al. §5). */
export const GoldLabels = z.strictObject({
  inputKind: z.enum(['text', 'asr']).optional(),
  accuracyClass: z.enum(['perfect-1', 'perfect-many', 'imperfect-1', 'imperfect-many']).optional(),
  knowledgeClass: z.enum(['known', 'unknown-oov', 'unknown-non-oov']).optional(),
  cantRepresent: z.boolean().optional(),
});
export type GoldLabels = z.infer<typeof GoldLabels>;

/** The editable gold standard of one utterance. */
export const GoldRecords = z.strictObject({
  words: z.array(GoldWord),
  trees: z.array(GoldTree),
  entities: z.array(GoldEntity),
  concepts: z.array(GoldConcept),
  interpretations: z.array(z.string().max(100_000)),
  labels: GoldLabels,
});
export type GoldRecords = z.infer<typeof GoldRecords>;

/** The parts of the gold standard a diff can replace. */
export const GoldField = z.enum(['words', 'trees', 'entities', 'concepts', 'interpretations', 'labels']);
export type GoldField = z.infer<typeof GoldField>;

/** An empty gold standard. */
export function emptyGold(): GoldRecords {
  return { words: [], trees: [], entities: [], concepts: [], interpretations: [], labels: {} };
}

/** Problems that make a gold standard inconsistent (entity spans outside the word tier, overlapping words). */
export function goldProblems(g: GoldRecords): string[] {
  const out: string[] = [];
  g.words.forEach((w, i) => {
    if (w.endSec < w.startSec) out.push(`word ${i} "${w.text}" ends before it starts`);
    const prev = g.words[i - 1];
    if (prev && w.startSec < prev.endSec - 1e-9) out.push(`word ${i} "${w.text}" overlaps word ${i - 1}`);
  });
  g.entities.forEach((e, i) => {
    if (e.lastWord >= g.words.length)
      out.push(`entity ${i} (${e.type}) ends at word ${e.lastWord}, but there are ${g.words.length} words`);
  });
  const names = new Set<string>();
  for (const t of g.trees) {
    if (names.has(t.name)) out.push(`two trees are named "${t.name}"`);
    names.add(t.name);
  }
  return out;
}
