// The baseline annotation of a system's words: a chunk-parser syntax tree, a gazetteer entity tagger,
// rule-based concepts and the semantic tree they imply. Simple baselines, documented as such in DEMO.md.
import type { GoldConcept, GoldEntity, GoldTree } from '../../src/core/gold/records';
import { chunkParse } from './chunkParse';
import { extractConcepts, semanticTree } from './conceptRules';
import { findNames } from './lexicon';

/** What the baselines produce for one word sequence. */
export interface BaselineAnnotation {
  trees: GoldTree[];
  entities: GoldEntity[];
  concepts: GoldConcept[];
}

/** Gazetteer entities (P, L, O) over `words`, longest match first. */
export function tagEntities(words: readonly string[]): GoldEntity[] {
  return findNames(words).map((m) => ({ type: m.type, firstWord: m.first, lastWord: m.last }));
}

/** Trees ("syntax", "semantic"), entities and concepts of `words`; no trees when there are no words. */
export function annotate(words: readonly string[]): BaselineAnnotation {
  const spanned = extractConcepts(words);
  const trees: GoldTree[] = [];
  const syntax = chunkParse(words);
  if (syntax !== null) trees.push({ name: 'syntax', typed: false, bracket: syntax });
  const semantic = semanticTree(words, spanned);
  if (semantic !== null) trees.push({ name: 'semantic', typed: true, bracket: semantic });
  return {
    trees,
    entities: tagEntities(words),
    concepts: spanned.map(({ attribute, value }) => ({ attribute, value })),
  };
}
