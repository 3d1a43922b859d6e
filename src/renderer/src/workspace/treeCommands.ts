// Tree commands: wrap the selection in a new node (starting a tree when there is none), relabel, retype
// and move a node. Each is one edit of the tree's bracket text.
import { EditRefused } from '../../../core/edit/editRefused';
import { addTree, loadTree, withTree } from '../../../core/edit/goldTrees';
import { selectionWords } from '../../../core/edit/selection';
import {
  moveNode,
  nodeRange,
  rangeForWords,
  relabelNode,
  setNodeType,
  wrapRange,
} from '../../../core/edit/treeEdit';
import { nodeAt } from '../../../core/edit/treePaths';
import { type CommandEnv, currentTree, selectionContext, siblingsOf, splitTyped } from './commandEnv';

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
        });
        return;
      }
      const { label, type } = splitTyped(input, cur.typed);
      const made = wrapRange(cur.tree, range!, label, { typed: cur.typed, type });
      env.commit(withTree(latest, cur.name, made.tree), `wrap in ${input}`, [], {
        kind: 'nodes',
        range: nodeRange(made.path),
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
