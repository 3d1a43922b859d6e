// Which of the utterance's trees is shown, parsed from the records, whether its bracket text is being
// typed with problems, and the nodes picked to be moved. Only the tree shown is parsed, and again only
// when its text or the words change.
import { useCallback, useMemo, useState } from 'react';
import type { GoldRecords, GoldTree } from '../../../core/gold/records';
import { type LoadedTree, loadTree } from '../../../core/edit/goldTrees';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import type { TreeNode } from '../../../core/tree/tree';

/** The shown tree and what is under way on it. */
export interface TreeView {
  /** The tree shown, with its records and problems (null: the utterance has no tree). */
  shown: LoadedTree | null;
  /** Its name (null: none). */
  name: string | null;
  /** The shown tree when it can be drawn and edited (valid, and its text has no problems). */
  tree: TreeNode | null;
  /** Problems of the bracket text being typed. */
  textProblems: number;
  setTextProblems(count: number): void;
  /** Nodes picked to be moved, waiting for their new parent (null: no move under way). */
  moving: SiblingRange | null;
  /** Starts (a range) or ends (null) picking the new parent of nodes being moved. */
  setMoving(range: SiblingRange | null): void;
  /** Shows the tree named `name` (null: the first). */
  showTree(name: string | null): void;
}

/** The tree view of `gold`, showing `initialName` first. */
export function useTreeView(gold: GoldRecords, initialName: string | null): TreeView {
  const [treeName, setTreeName] = useState<string | null>(initialName);
  const [textProblems, setTextProblems] = useState(0);
  const [pick, setPick] = useState<{ range: SiblingRange; in: GoldTree | null } | null>(null);
  const shownGold = gold.trees.find((t) => t.name === treeName) ?? gold.trees[0] ?? null;
  const words = gold.words;
  const shown = useMemo(
    () => (shownGold ? loadTree({ ...gold, words }, shownGold) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a tree is checked against the words only
    [shownGold, words],
  );
  const tree = textProblems === 0 ? (shown?.tree ?? null) : null;
  // Nodes picked to be moved are named by their place in the tree they were picked in: a pick made in
  // another tree text (an edit elsewhere, an undo, a reload) no longer counts.
  const moving = pick && pick.in === shownGold ? pick.range : null;
  const setMoving = useCallback(
    (range: SiblingRange | null) => setPick(range ? { range, in: shownGold } : null),
    [shownGold],
  );
  return {
    shown,
    name: shown?.gold.name ?? null,
    tree,
    textProblems,
    setTextProblems,
    moving,
    setMoving,
    showTree: setTreeName,
  };
}
