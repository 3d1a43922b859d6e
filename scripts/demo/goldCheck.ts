// Turns the hand-written gold of gold.ts into manifest records and checks it: trees must parse without
// diagnostics and have the words as leaves, entities must name words of the utterance, concepts must read.
import type { GoldConcept, GoldEntity, GoldLabels, GoldTree } from '../../src/core/gold/records';
import { conceptText, parseConceptList } from '../../src/core/metrics/conceptAccuracy';
import { parseTree } from '../../src/core/tree/bracket';
import { leaves, type TreeNode } from '../../src/core/tree/tree';
import { DEMO_GOLD, type HandEntity } from './gold';

/** The gold records of one utterance as the manifest takes them. */
export interface ManifestGold {
  trees: GoldTree[];
  entities: GoldEntity[];
  concepts: GoldConcept[];
  interpretations: string[];
  labels: GoldLabels;
}

const SEMANTIC_TYPES = new Set(['root', 'concept', 'word']);

function walk(t: TreeNode, visit: (n: TreeNode, depth: number) => void, depth = 0): void {
  visit(t, depth);
  for (const c of t.children) walk(c, visit, depth + 1);
}

/**
 * What is wrong with a bracket tree over `words`: parse diagnostics, leaves other than the words (in
 * order), and shape. Untyped trees need a labelled root and a preterminal above every leaf (a node whose
 * only child is the leaf). Typed trees need a `root` root, `word` leaves and `concept` nodes between.
 */
export function treeProblems(bracket: string, typed: boolean, words: readonly string[]): string[] {
  const { value: tree, diagnostics } = parseTree(bracket, { typed });
  const problems = diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`);
  if (!tree) return problems.length > 0 ? problems : ['no tree'];
  const got = leaves(tree).map((l) => l.label);
  if (got.join(' ') !== words.join(' '))
    problems.push(`leaves "${got.join(' ')}" are not the words "${words.join(' ')}"`);
  if (tree.label === '') problems.push('empty root label (outer wrapper)');
  walk(tree, (n, depth) => {
    const leaf = n.children.length === 0;
    if (typed) {
      const want = depth === 0 ? 'root' : leaf ? 'word' : 'concept';
      if (!SEMANTIC_TYPES.has(n.type ?? '') || n.type !== want)
        problems.push(`node "${n.label}" has type "${n.type ?? ''}", expected "${want}"`);
    } else if (!leaf && n.children.some((c) => c.children.length === 0) && n.children.length !== 1) {
      problems.push(`"${n.label}" has a word among other children: every word needs a preterminal`);
    }
  });
  if (!typed && tree.children.length === 0) problems.push('the tree is a single word');
  return problems;
}

/** The inclusive word span of a hand-written entity, or null when its words do not occur. */
export function entitySpan(words: readonly string[], e: HandEntity): GoldEntity | null {
  const want = e.text.split(' ');
  let seen = 0;
  for (let i = 0; i + want.length <= words.length; i++) {
    if (want.every((w, k) => words[i + k] === w) && seen++ === (e.nth ?? 0))
      return { type: e.type, firstWord: i, lastWord: i + want.length - 1 };
  }
  return null;
}

/** The gold of utterance `id` over its `words`, with every problem found (empty when it is sound). */
export function demoGold(id: string, words: readonly string[]): { gold: ManifestGold; problems: string[] } {
  const hand = DEMO_GOLD[id];
  if (!hand) return { gold: emptyManifestGold(), problems: [`no gold for ${id}`] };
  const problems: string[] = [];
  for (const [name, bracket, typed] of [
    ['syntax', hand.syntax, false],
    ['semantic', hand.semantic, true],
  ] as const) {
    for (const p of treeProblems(bracket, typed, words)) problems.push(`${name} tree: ${p}`);
  }
  const entities: GoldEntity[] = [];
  for (const e of hand.entities) {
    const span = entitySpan(words, e);
    if (span) entities.push(span);
    else problems.push(`entity ${e.type} "${e.text}" is not in the words`);
  }
  const parsed = parseConceptList(hand.concepts);
  for (const d of parsed.diagnostics) problems.push(`concepts: ${d.column}: ${d.message}`);
  const canonical = parsed.value.map(conceptText).join(' ');
  if (canonical !== hand.concepts) problems.push(`concepts are not written canonically: "${hand.concepts}"`);
  for (const alt of hand.alternatives ?? []) {
    const a = parseConceptList(alt);
    if (a.diagnostics.length > 0 || a.value.map(conceptText).join(' ') !== alt)
      problems.push(`alternative interpretation "${alt}" is not a canonical concept list`);
  }
  return {
    gold: {
      trees: [
        { name: 'syntax', typed: false, bracket: hand.syntax },
        { name: 'semantic', typed: true, bracket: hand.semantic },
      ],
      entities,
      concepts: parsed.value,
      interpretations: [hand.concepts, ...(hand.alternatives ?? [])],
      labels: { inputKind: 'asr' },
    },
    problems,
  };
}

function emptyManifestGold(): ManifestGold {
  return { trees: [], entities: [], concepts: [], interpretations: [], labels: {} };
}
