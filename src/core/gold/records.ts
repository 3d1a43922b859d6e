// The gold standard of one utterance as plain records, with runtime schemas for the API and the store.
import { z } from 'zod';
import { checkTreeText } from '../edit/treeCheck';

/**
 * A gold word: text and its interval in seconds from the start of the audio file. `source` says where the
 * interval comes from (see `WORD_SOURCE`; imported alignments are named by their file format) and
 * `confidence` is SIEVE's aligner's confidence in [0, 1] for words it placed (absent otherwise; null in
 * the store and in `Word`). Both are stored with the word and read back with it; a diff may leave them out (see `completeWordDiff`).
 */
export const GoldWord = z.strictObject({
  text: z.string().min(1).max(500),
  startSec: z.number().nonnegative(),
  endSec: z.number().nonnegative(),
  source: z.string().max(100).optional(),
  confidence: z.number().min(0).max(1).optional(),
});
export type GoldWord = z.infer<typeof GoldWord>;

/** The longest bracket text a gold tree may have, on writing and on reading alike. */
export const MAX_BRACKET_CHARS = 1_000_000;

/** A gold tree over the word tier, kept as bracket text (its leaves are the words, in order). */
export const GoldTree = z.strictObject({
  name: z.string().min(1).max(100),
  typed: z.boolean(),
  bracket: z.string().max(MAX_BRACKET_CHARS),
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

/** One thing wrong with a gold standard: the part it is in and what it is. */
export interface GoldIssue {
  field: GoldField;
  message: string;
}

const SINGULAR: Record<string, string> = {
  words: 'word',
  entities: 'entity',
  concepts: 'concept',
  interpretations: 'interpretation',
};

/** Where a schema issue is, in words: `tree "S" bracket`, `word 3 text`. */
function schemaPlace(g: GoldRecords, path: readonly PropertyKey[]): string {
  const [field, i, ...rest] = path;
  const k = typeof i === 'number' ? i : -1;
  let head: string;
  if (field === 'trees' && k >= 0) {
    const name = (g.trees[k] as { name?: unknown } | undefined)?.name;
    head = typeof name === 'string' ? `tree "${name.slice(0, 100)}"` : `tree ${k + 1}`;
  } else if (k >= 0) head = `${SINGULAR[String(field)] ?? String(field)} ${k}`;
  else
    head = [field, i]
      .filter((x) => x !== undefined)
      .map(String)
      .join(' ');
  return [head, ...rest.map(String)].join(' ');
}

function schemaMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `is longer than ${Number(issue.maximum).toLocaleString('en')} characters (the limit)`;
  return issue.message;
}

/**
 * Everything that makes a gold standard invalid, by part: values outside the schema's limits, words that
 * end before they start or overlap, entities outside the word tier or overlapping or nested (the entity
 * tier's rule, entities.ts), two trees of one name, and trees whose bracket text does not read, nests
 * deeper than `MAX_TREE_DEPTH`, is not well typed or whose leaves are not the words in order (the bracket
 * editor's own check, treeCheck.ts). Every write of gold — the studio, the importers, a saved diff — is
 * held to it; readers of stored gold use it to leave out what an older version let through.
 */
export function goldIssues(g: GoldRecords): GoldIssue[] {
  const out: GoldIssue[] = [];
  const { words, trees, entities, concepts, interpretations, labels } = g;
  const parsed = GoldRecords.safeParse({ words, trees, entities, concepts, interpretations, labels });
  if (!parsed.success)
    for (const issue of parsed.error.issues.slice(0, 20)) {
      const field = GoldField.safeParse(issue.path[0]);
      out.push({
        field: field.success ? field.data : 'labels',
        message: `${schemaPlace(g, issue.path)} ${schemaMessage(issue)}`,
      });
    }
  g.words.forEach((w, i) => {
    if (w.endSec < w.startSec)
      out.push({ field: 'words', message: `word ${i} "${w.text}" ends before it starts` });
    const prev = g.words[i - 1];
    if (prev && w.startSec < prev.endSec - 1e-9)
      out.push({ field: 'words', message: `word ${i} "${w.text}" overlaps word ${i - 1}` });
  });
  g.entities.forEach((e, i) => {
    if (e.lastWord >= g.words.length)
      out.push({
        field: 'entities',
        message: `entity ${i} (${e.type}) ends at word ${e.lastWord}, but there are ${g.words.length} words`,
      });
  });
  const order = g.entities.map((e, i) => ({ e, i })).sort((a, b) => a.e.firstWord - b.e.firstWord);
  order.forEach(({ e, i }, k) => {
    const prev = order[k - 1];
    if (prev && e.firstWord <= prev.e.lastWord)
      out.push({
        field: 'entities',
        message: `entity ${i} (${e.type}) overlaps entity ${prev.i} (${prev.e.type}); entities may not overlap or nest`,
      });
  });
  const names = new Set<string>();
  for (const t of g.trees) {
    if (names.has(t.name)) out.push({ field: 'trees', message: `two trees are named "${t.name}"` });
    names.add(t.name);
  }
  const texts = g.words.map((w) => w.text);
  for (const t of g.trees) {
    const problem = treeProblem(t, texts);
    if (problem && !problem.startsWith('bracket '))
      out.push({ field: 'trees', message: `tree "${t.name}" ${problem}` });
  }
  return out;
}

/** What is wrong with one gold tree over words `texts`, or null (located as `line:column:` in its text). */
function treeProblem(t: GoldTree, texts: readonly string[]): string | null {
  if (typeof t.bracket !== 'string') return 'bracket is not text';
  if (t.bracket.length > MAX_BRACKET_CHARS)
    return `bracket ${schemaMessage({ code: 'too_big', origin: 'string', maximum: MAX_BRACKET_CHARS } as z.core.$ZodIssue)}`;
  const errors = checkTreeText(t.bracket, t.typed, texts).diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0];
  if (!first) return null;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first.line}:${first.column}: ${first.message}${more}`;
}

/**
 * The parts of stored gold that can be used as they are, and a note on each part left out: trees that
 * `goldIssues` refuses, and entities outside the word tier or overlapping one before them. Readers of a
 * project written by an older version (scoring, reports, exports) use it to skip a bad part and go on.
 */
export function usableGold(g: GoldRecords): { gold: GoldRecords; notes: string[] } {
  const notes: string[] = [];
  const texts = g.words.map((w) => w.text);
  const trees = g.trees.filter((t, i) => {
    const problem =
      g.trees.findIndex((x) => x.name === t.name) < i
        ? 'a tree of that name comes first'
        : treeProblem(t, texts);
    if (problem) notes.push(`tree "${t.name}" left out: ${problem}`);
    return problem === null;
  });
  const kept = new Set<number>();
  let lastWord = -1;
  for (const { e, i } of g.entities.map((e, i) => ({ e, i })).sort((a, b) => a.e.firstWord - b.e.firstWord)) {
    if (e.lastWord >= g.words.length || e.lastWord < e.firstWord)
      notes.push(`entity ${i} (${e.type}) left out: it is not within the ${g.words.length} words`);
    else if (e.firstWord <= lastWord)
      notes.push(`entity ${i} (${e.type}) left out: it overlaps another entity`);
    else {
      kept.add(i);
      lastWord = e.lastWord;
    }
  }
  if (notes.length === 0) return { gold: g, notes };
  return { gold: { ...g, trees, entities: g.entities.filter((_, i) => kept.has(i)) }, notes };
}

/** The messages of `goldIssues`, in order. */
export function goldProblems(g: GoldRecords): string[] {
  return goldIssues(g).map((i) => i.message);
}
