// Tree commands: wrap the selection in a new node (starting a tree when there is none), relabel, retype
// and move nodes; add, rename, delete and switch trees. Each edit is one diff of the gold trees.
import { EditRefused } from '../../../core/edit/editRefused';
import { addTree, deleteTree, loadTree, renameTree, withTree } from '../../../core/edit/goldTrees';
import { moveNodes } from '../../../core/edit/moveNodes';
import { NO_SELECTION, type Selection, selectionWords } from '../../../core/edit/selection';
import {
  moveNode,
  nodeRange,
  rangeForWords,
  relabelNode,
  setNodeType,
  wrapRange,
} from '../../../core/edit/treeEdit';
import { indexTree, nodeAt } from '../../../core/edit/treePaths';
import { type CommandEnv, currentTree, selectionContext, siblingsOf, splitTyped } from './commandEnv';
import type { SiblingRange } from '../../../core/edit/treeEdit';

/** `W`: wraps the selected words or nodes in a new node, asking for its label. */
export function wrap(env: CommandEnv): void {
  const gold = env.gold();
  const cur = currentTree(env, gold);
  const ctx = selectionContext(env, gold, cur?.tree ?? null);
  const span = selectionWords(env.selection, ctx);
  if (!span && env.selection.kind !== 'nodes')
    throw new EditRefused('Select the words or nodes to wrap first.');
  const range = cur ? siblingsOf(env.selection, cur.tree, ctx) : null;
  env.prompt({
    title: cur ? 'Label of the new node' : 'Label of the new node (this starts the tree; its root is S)',
    initial: '',
    options: env.labels,
    hint: cur?.typed ? 'TYPE:LABEL · Tab completes · Enter · Esc' : 'Tab completes · Enter · Esc',
    onSubmit: (input) => {
      const latest = env.gold();
      if (!cur) {
        const name = 'syntax';
        const started = addTree(latest, name, 'S');
        const tree = loadTree(started, started.trees[started.trees.length - 1]!).tree!;
        const all = span && span[0] === 0 && span[1] === latest.words.length - 1;
        const made = all
          ? { tree: relabelNode(tree, [], input), path: [] as number[] }
          : wrapRange(tree, rangeForWords(tree, span![0], span![1])!, input);
        env.ui.showTree(name);
        env.commit(withTree(started, name, made.tree), `start tree "${name}" with ${input}`, [], {
          kind: 'nodes',
          range: nodeRange(made.path),
          below: { kind: 'words', anchor: span![0], focus: span![1] },
        });
        return;
      }
      const { label, type } = splitTyped(input, cur.typed);
      const made = wrapRange(cur.tree, range!, label, { typed: cur.typed, type });
      // ↓ goes back down to what was wrapped: the same words, or the same nodes now under the new one.
      const wrapped: Selection =
        env.selection.kind === 'nodes'
          ? { kind: 'nodes', range: { parent: made.path, from: 0, to: range!.to - range!.from } }
          : { kind: 'words', anchor: span![0], focus: span![1] };
      env.commit(withTree(latest, cur.name, made.tree), `wrap in ${input}`, [], {
        kind: 'nodes',
        range: nodeRange(made.path),
        below: wrapped,
      });
    },
  });
}

/** `Enter` on a node: asks for its new label. */
export function relabel(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind !== 'nodes') return;
  const cur = currentTree(env, gold);
  if (!cur) return;
  const path = sel.range.parent === null ? [] : [...sel.range.parent, sel.range.from];
  const node = nodeAt(cur.tree, path)!;
  env.prompt({
    title: 'New label of the node',
    initial: cur.typed && node.type !== undefined ? `${node.type}:${node.label}` : node.label,
    options: env.labels,
    onSubmit: (input) => {
      const { label, type } = splitTyped(input, cur.typed);
      const next = relabelNode(cur.tree, path, label, { typed: cur.typed, type });
      env.commit(withTree(env.gold(), cur.name, next), `relabel ${node.label} as ${input}`, [], {
        kind: 'nodes',
        range: nodeRange(path),
      });
    },
  });
}

/** `T`, `Alt+←`, `Alt+→`: retypes or moves the selected node. */
export function treeNodeEdit(env: CommandEnv, action: 'setType' | 'moveLeft' | 'moveRight'): void {
  const gold = env.gold();
  const cur = currentTree(env, gold);
  const sel = env.selection;
  if (!cur || sel.kind !== 'nodes' || sel.range.from !== sel.range.to)
    throw new EditRefused('Select one node of the tree first (↑ from the words, or click it).');
  const path = sel.range.parent === null ? [] : [...sel.range.parent, sel.range.from];
  if (action === 'setType') {
    if (!cur.typed) throw new EditRefused(`Tree "${cur.name}" is not typed.`);
    const node = nodeAt(cur.tree, path)!;
    env.prompt({
      title: 'Type of the node',
      initial: node.type ?? '',
      options: [],
      onSubmit: (type) =>
        env.commit(
          withTree(env.gold(), cur.name, setNodeType(cur.tree, path, type)),
          `set type ${type}`,
          [],
          sel,
        ),
    });
    return;
  }
  const moved = moveNode(cur.tree, path, action === 'moveLeft' ? 'left' : 'right');
  env.commit(withTree(gold, cur.name, moved.tree), `move ${nodeAt(cur.tree, path)!.label}`, [], {
    kind: 'nodes',
    range: nodeRange(moved.path),
  });
}

/** `Shift+M`: picks the selected nodes (or the run of siblings the selected words are) to be moved. */
export function startMove(env: CommandEnv): void {
  const gold = env.gold();
  const cur = currentTree(env, gold);
  if (!cur) throw new EditRefused('There is no tree yet: select words and press W to start one.');
  const range = siblingsOf(env.selection, cur.tree, selectionContext(env, gold, cur.tree));
  if (range.parent === null) throw new EditRefused('The root cannot move.');
  const parent = nodeAt(cur.tree, range.parent)!;
  const names = parent.children.slice(range.from, range.to + 1).map((n) => n.label);
  env.ui.setMoving(range);
  env.select({ kind: 'nodes', range });
  env.ui.note(
    `Moving ${names.join(' ')}: select the new parent (↑ ← → or click it), Enter moves ${names.length > 1 ? 'them' : 'it'} there, Esc cancels.`,
  );
}

/** `Enter` while moving: moves the picked nodes under the selected node, in one edit. */
export function dropNodes(env: CommandEnv, moving: SiblingRange): void {
  const gold = env.gold();
  const cur = currentTree(env, gold);
  const sel = env.selection;
  if (!cur) return env.ui.setMoving(null);
  if (sel.kind !== 'nodes' || sel.range.from !== sel.range.to)
    throw new EditRefused('Select one node as the new parent (↑ from the nodes, ← →, or click it).');
  const target = sel.range.parent === null ? [] : [...sel.range.parent, sel.range.from];
  const moved = moveNodes(cur.tree, moving, target);
  const parent = nodeAt(cur.tree, moving.parent!)!;
  const names = parent.children.slice(moving.from, moving.to + 1).map((n) => n.label);
  env.ui.setMoving(null);
  env.commit(
    withTree(gold, cur.name, moved.tree),
    `move ${names.join(' ')} under ${nodeAt(cur.tree, target)!.label}`,
    [],
    { kind: 'nodes', range: moved.range },
  );
}

/** `Shift+N`: asks for a new tree's name, root label and whether it is typed, and adds it. */
export function newTree(env: CommandEnv): void {
  env.ui.treeDialog({
    kind: 'add',
    onSubmit: (name, rootLabel, typed) => {
      const next = addTree(env.gold(), name, rootLabel, { typed });
      env.ui.showTree(name);
      env.commit(next, `add tree "${name}"`, [], NO_SELECTION);
    },
  });
}

/** `Shift+T`: edits the next tree of the utterance (the last wraps to the first). */
export function nextTree(env: CommandEnv): void {
  const trees = env.gold().trees;
  if (trees.length < 2)
    throw new EditRefused(
      trees.length === 0
        ? 'There is no tree yet: Shift+N adds one.'
        : 'This utterance has one tree: Shift+N adds another.',
    );
  const i = Math.max(
    0,
    trees.findIndex((t) => t.name === env.treeName),
  );
  const next = trees[(i + 1) % trees.length]!.name;
  env.ui.switchTree(next);
  if (env.selection.kind === 'nodes') env.select(NO_SELECTION);
}

function editedTree(env: CommandEnv): string {
  const trees = env.gold().trees;
  const t = trees.find((x) => x.name === env.treeName) ?? trees[0];
  if (!t) throw new EditRefused('There is no tree yet: Shift+N adds one.');
  return t.name;
}

/** `Shift+R`: renames the tree being edited. */
export function renameTreeCommand(env: CommandEnv): void {
  const name = editedTree(env);
  env.prompt({
    title: `New name of the tree "${name}"`,
    initial: name,
    options: [],
    onSubmit: (to) => {
      if (to === name) return;
      const next = renameTree(env.gold(), name, to);
      env.ui.showTree(to);
      env.commit(next, `rename tree "${name}" to "${to}"`, []);
    },
  });
}

/** `Shift+Delete`: deletes the tree being edited, once the annotator confirms. */
export function deleteTreeCommand(env: CommandEnv): void {
  const name = editedTree(env);
  const gold = env.gold();
  const t = gold.trees.find((x) => x.name === name)!;
  const tree = loadTree(gold, t).tree;
  const nodes = tree ? indexTree(tree).filter((n) => n.node.children.length > 0).length : 0;
  env.ui.treeDialog({
    kind: 'delete',
    name,
    nodes,
    onSubmit: () => {
      const latest = env.gold();
      const next = deleteTree(latest, name);
      env.ui.showTree(next.trees[0]?.name ?? null);
      env.commit(next, `delete tree "${name}"`, [], NO_SELECTION);
    },
  });
}
