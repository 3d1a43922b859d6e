// The gold trees of an utterance as the workspace edits them: parsed from their bracket text, checked
// against the words, and written back (formatted) after an edit.
import type { GoldRecords, GoldTree } from '../gold/records';
import type { TreeNode } from '../tree/tree';
import { formatTree, leafToken } from './bracketFormat';
import { refuseUnless } from './editRefused';
import { labelProblem } from './treeEdit';
import { checkTreeText } from './treeCheck';

/** A gold tree, parsed when its text is valid and its leaves are the words. */
export interface LoadedTree {
  gold: GoldTree;
  /** Null when the text has errors or does not match the words (see `problems`). */
  tree: TreeNode | null;
  problems: string[];
}

/** Parses and checks one gold tree against the utterance's words. */
export function loadTree(gold: GoldRecords, t: GoldTree): LoadedTree {
  const check = checkTreeText(
    t.bracket,
    t.typed,
    gold.words.map((w) => w.text),
  );
  return {
    gold: t,
    tree: check.tree,
    problems: check.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.line}:${d.column}: ${d.message}`),
  };
}

/** The records with tree `name` replaced by `tree` (written as formatted bracket text). */
export function withTree(gold: GoldRecords, name: string, tree: TreeNode): GoldRecords {
  const i = gold.trees.findIndex((t) => t.name === name);
  refuseUnless(i >= 0, `There is no tree named "${name}".`);
  const trees = [...gold.trees];
  trees[i] = { ...trees[i]!, bracket: formatTree(tree, { typed: trees[i]!.typed }) };
  return { ...gold, trees };
}

/**
 * A flat tree over all words under one root labelled `rootLabel`: where bracketing starts. In a typed tree
 * the root is of type `root` and the words of type `word` (the demo's convention).
 */
export function flatTree(gold: GoldRecords, rootLabel: string, typed = false): TreeNode {
  const p = labelProblem(rootLabel);
  refuseUnless(p === null, p ?? '');
  refuseUnless(gold.words.length > 0, 'There are no words to build a tree over.');
  const children = gold.words.map((w) =>
    typed
      ? { label: leafToken(w.text), type: 'word', children: [] }
      : { label: leafToken(w.text), children: [] },
  );
  return typed ? { label: rootLabel, type: 'root', children } : { label: rootLabel, children };
}

/** What is wrong with `name` as the name of a new (or renamed) tree of `gold`, or null. */
export function treeNameProblem(gold: GoldRecords, name: string, except?: string): string | null {
  if (name.trim().length === 0) return 'A tree needs a name.';
  if (name !== name.trim()) return 'A tree name cannot start or end with a space.';
  if (name.length > 100) return 'A tree name has at most 100 characters.';
  if (name !== except && gold.trees.some((t) => t.name === name))
    return `There is already a tree named "${name}".`;
  return null;
}

/** The records with a new tree `name` (typed or not) over all words, after the existing ones. */
export function addTree(
  gold: GoldRecords,
  name: string,
  rootLabel: string,
  options: { typed?: boolean } = {},
): GoldRecords {
  const p = treeNameProblem(gold, name);
  refuseUnless(p === null, p ?? '');
  const typed = options.typed ?? false;
  const tree = flatTree(gold, rootLabel, typed);
  return { ...gold, trees: [...gold.trees, { name, typed, bracket: formatTree(tree, { typed }) }] };
}

/** The records with tree `from` renamed `to` (its place and text kept). */
export function renameTree(gold: GoldRecords, from: string, to: string): GoldRecords {
  const i = gold.trees.findIndex((t) => t.name === from);
  refuseUnless(i >= 0, `There is no tree named "${from}".`);
  const p = treeNameProblem(gold, to, from);
  refuseUnless(p === null, p ?? '');
  const trees = [...gold.trees];
  trees[i] = { ...trees[i]!, name: to };
  return { ...gold, trees };
}

/** The records without tree `name`. */
export function deleteTree(gold: GoldRecords, name: string): GoldRecords {
  refuseUnless(
    gold.trees.some((t) => t.name === name),
    `There is no tree named "${name}".`,
  );
  return { ...gold, trees: gold.trees.filter((t) => t.name !== name) };
}

/** Every node label used in some trees' bracket text (for completion), sorted. */
export function labelsInBrackets(brackets: readonly string[]): string[] {
  const seen = new Set<string>();
  const re = /\(\s*([^\s()]+)/g;
  for (const b of brackets) {
    for (const m of b.matchAll(re)) {
      const raw = m[1]!;
      // Bracketed leaves ("(word)") are words, not labels: only a label followed by a child counts.
      const after = b.slice((m.index ?? 0) + m[0].length).trimStart();
      if (after.startsWith(')')) continue;
      seen.add(raw);
    }
  }
  return [...seen].sort();
}
