// What each key of the workspace does: the glue between the keymap, the selection and the pure editing
// functions of core/edit. Every edit is computed on the latest records and committed as one history entry.
import type { AnnotationStatus } from '../../../core/model/schemas';
import type { GoldRecords } from '../../../core/gold/records';
import type { TreeNode } from '../../../core/tree/tree';
import { EditRefused } from '../../../core/edit/editRefused';
import { deleteEntity, spanEntity } from '../../../core/edit/entities';
import { addTree, loadTree, withTree } from '../../../core/edit/goldTrees';
import type { Command } from '../../../core/edit/keymap';
import {
  NO_SELECTION,
  type NavAction,
  type Selection,
  type SelectionContext,
  navigate,
  selectionWords,
  wordSelection,
} from '../../../core/edit/selection';
import {
  type SiblingRange,
  deleteRange,
  moveNode,
  nodeRange,
  rangeForWords,
  relabelNode,
  setNodeType,
  wrapRange,
} from '../../../core/edit/treeEdit';
import { nodeAt } from '../../../core/edit/treePaths';
import {
  deleteWords,
  insertWord,
  mergeWords,
  moveBoundary,
  setWordText,
  splitWord,
} from '../../../core/edit/wordTier';
import { formatTime } from '../format';
import { wordAt } from './clock';
import type { PromptRequest } from './LabelPrompt';

/** Playback speeds the slower/faster keys step through. */
export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Everything a command may read or do. */
export interface CommandEnv {
  gold(): GoldRecords;
  selection: Selection;
  /** The tree shown, by name (null: none yet). */
  treeName: string | null;
  /** Problems of the bracket text being typed (tree edits wait until it is valid). */
  textProblems: number;
  time(): number;
  limits: { minSec: number; maxSec: number };
  labels: readonly string[];
  entityTypes: readonly string[];
  commit(next: GoldRecords, label: string, notes: string[], select?: Selection): void;
  select(sel: Selection): void;
  prompt(req: PromptRequest): void;
  playWords(first: number, last: number): void;
  player: {
    playPause(): void;
    /** Loops words `first..last` (null stops looping). */
    loop(words: [number, number] | null): void;
    looping: boolean;
    rate: number;
    setRate(rate: number): void;
    zoomBy(f: number): void;
    fit(): void;
  };
  ui: {
    setStatus(s: AnnotationStatus): void;
    navigate(delta: number): void;
    back(): void;
    undo(): void;
    redo(): void;
    focusText(): void;
    focusConcepts(): void;
    toggleSheet(): void;
    toggleSpectrogram(): void;
    showTree(name: string): void;
  };
}

const NAV = new Set<string>([
  'selectPrev',
  'selectNext',
  'extendPrev',
  'extendNext',
  'selectFirst',
  'selectLast',
  'selectParent',
  'selectChild',
  'selectEntity',
]);

/** The shown tree, parsed from the latest records; refuses when its text cannot be edited as a tree. */
function currentTree(
  env: CommandEnv,
  gold: GoldRecords,
): { name: string; typed: boolean; tree: TreeNode } | null {
  const t = gold.trees.find((x) => x.name === env.treeName) ?? gold.trees[0];
  if (!t) return null;
  if (env.textProblems > 0)
    throw new EditRefused(
      'Fix the bracket text first: tree edits wait until it is a valid tree over the words.',
    );
  const loaded = loadTree(gold, t);
  if (!loaded.tree)
    throw new EditRefused(`Tree "${t.name}" cannot be edited: ${loaded.problems[0] ?? 'it is not valid'}.`);
  return { name: t.name, typed: t.typed, tree: loaded.tree };
}

/** The shown tree when it is valid (no refusal: for reading the selection only). */
function shownTree(env: CommandEnv, gold: GoldRecords): TreeNode | null {
  const t = gold.trees.find((x) => x.name === env.treeName) ?? gold.trees[0];
  return t && env.textProblems === 0 ? loadTree(gold, t).tree : null;
}

/** The selection context for the latest records. */
export function selectionContext(
  env: CommandEnv,
  gold: GoldRecords,
  tree: TreeNode | null,
): SelectionContext {
  return {
    wordCount: gold.words.length,
    tree,
    entities: gold.entities,
    playheadWord: wordAt(gold.words, env.time()),
  };
}

/** Splits `TYPE:LABEL` for typed trees; untyped labels are taken as they are. */
function splitTyped(input: string, typed: boolean): { label: string; type?: string } {
  if (!typed) return { label: input };
  const colon = input.indexOf(':');
  if (colon <= 0) throw new EditRefused(`This tree is typed: write TYPE:LABEL (found "${input}").`);
  return { type: input.slice(0, colon), label: input.slice(colon + 1) };
}

/** The run of siblings a selection stands for in `tree`. */
function siblingsOf(sel: Selection, tree: TreeNode, ctx: SelectionContext): SiblingRange {
  if (sel.kind === 'nodes') return sel.range;
  const span = selectionWords(sel, ctx);
  if (!span)
    throw new EditRefused('Select words or nodes first (arrows, Shift+arrows, or drag over the words).');
  const range = rangeForWords(tree, span[0], span[1]);
  if (!range)
    throw new EditRefused('The selected words cross a bracket: select words or nodes that are siblings.');
  return range;
}

function wrap(env: CommandEnv): void {
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

function rename(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind === 'words') {
    const i = sel.focus;
    const w = gold.words[i]!;
    env.prompt({
      title: `Text of word ${i + 1}`,
      initial: w.text,
      options: [],
      onSubmit: (text) => {
        const e = setWordText(env.gold(), i, text);
        env.commit(e.gold, `retext "${w.text}" as "${text}"`, e.notes);
      },
    });
  } else if (sel.kind === 'nodes') {
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
  } else if (sel.kind === 'entity') {
    const e = gold.entities[sel.index]!;
    env.prompt({
      title: 'Entity type',
      initial: e.type,
      options: env.entityTypes,
      onSubmit: (type) => {
        const r = spanEntity(env.gold().entities, e.firstWord, e.lastWord, type);
        env.commit({ ...env.gold(), entities: r.entities }, `retype entity as ${type}`, [], {
          kind: 'entity',
          index: r.index,
        });
      },
    });
  } else throw new EditRefused('Select a word, a node or an entity to rename.');
}

function split(env: CommandEnv): void {
  const gold = env.gold();
  const t = env.time();
  let i = wordAt(gold.words, t);
  if (i < 0 && env.selection.kind === 'words') i = env.selection.focus;
  const w = gold.words[i];
  if (!w || t <= w.startSec || t >= w.endSec)
    throw new EditRefused('Put the playhead inside the word to split (click the waveform where it splits).');
  const at = Math.max(
    1,
    Math.min(w.text.length - 1, Math.round(((t - w.startSec) / (w.endSec - w.startSec)) * w.text.length)),
  );
  env.prompt({
    title: `Split "${w.text}" at ${formatTime(t)} s`,
    initial: w.text.length > 1 ? `${w.text.slice(0, at)} ${w.text.slice(at)}` : `${w.text} ${w.text}`,
    caret: w.text.length > 1 ? at + 1 : undefined,
    options: [],
    hint: 'One space between the two words · Enter · Esc',
    onSubmit: (input) => {
      const parts = input.split(/\s+/).filter(Boolean);
      if (parts.length !== 2) throw new EditRefused('Type the two words with one space between them.');
      const e = splitWord(env.gold(), i, t, [parts[0]!, parts[1]!]);
      env.commit(e.gold, `split "${w.text}"`, e.notes, { kind: 'words', anchor: i, focus: i + 1 });
    },
  });
}

function insert(env: CommandEnv): void {
  const t = env.time();
  env.prompt({
    title: `New word in the pause at ${formatTime(t)} s`,
    initial: '',
    options: [],
    onSubmit: (text) => {
      const e = insertWord(env.gold(), t, text, env.limits);
      env.commit(e.gold, `insert "${text}"`, e.notes, wordSelection(e.index));
    },
  });
}

function remove(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind === 'words') {
    const [a, b] = [Math.min(sel.anchor, sel.focus), Math.max(sel.anchor, sel.focus)];
    const e = deleteWords(gold, a, b);
    const n = e.gold.words.length;
    env.commit(
      e.gold,
      `delete ${b - a + 1} word(s)`,
      e.notes,
      n > 0 ? wordSelection(Math.min(a, n - 1)) : NO_SELECTION,
    );
  } else if (sel.kind === 'nodes') {
    const cur = currentTree(env, gold);
    if (!cur) return;
    const r = deleteRange(cur.tree, sel.range);
    env.commit(withTree(gold, cur.name, r.tree), 'delete node(s)', [], { kind: 'nodes', range: r.range });
  } else if (sel.kind === 'entity') {
    env.commit(
      { ...gold, entities: deleteEntity(gold.entities, sel.index) },
      'delete an entity',
      [],
      NO_SELECTION,
    );
  } else throw new EditRefused('Select what to delete first.');
}

function nudge(env: CommandEnv, edge: 'start' | 'end', delta: number): void {
  const sel = env.selection;
  if (sel.kind !== 'words') throw new EditRefused('Select a word to move its boundary.');
  const gold = env.gold();
  const i = edge === 'end' ? Math.max(sel.anchor, sel.focus) : Math.min(sel.anchor, sel.focus);
  const w = gold.words[i]!;
  const next = moveBoundary(gold, i, edge, (edge === 'end' ? w.endSec : w.startSec) + delta, env.limits);
  env.commit(next, `move the ${edge} of "${w.text}"`, []);
}

function treeNodeEdit(env: CommandEnv, action: 'setType' | 'moveLeft' | 'moveRight'): void {
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

function entity(env: CommandEnv, type: string): void {
  const gold = env.gold();
  const span = selectionWords(env.selection, selectionContext(env, gold, shownTree(env, gold)));
  if (!span) throw new EditRefused('Select the words of the entity first.');
  const r = spanEntity(gold.entities, span[0], span[1], type);
  env.commit({ ...gold, entities: r.entities }, `${type} entity`, [], { kind: 'entity', index: r.index });
}

/** Runs one command of the keymap; an `EditRefused` thrown here is shown to the annotator. */
export function runCommand(cmd: Command, env: CommandEnv): void {
  if (cmd.action === 'entity') return entity(env, cmd.type);
  const gold = env.gold();
  if (NAV.has(cmd.action)) {
    env.select(
      navigate(env.selection, cmd.action as NavAction, selectionContext(env, gold, shownTree(env, gold))),
    );
    return;
  }
  const p = env.player;
  switch (cmd.action) {
    case 'playPause':
      return p.playPause();
    case 'playSelection':
    case 'toggleLoop': {
      if (cmd.action === 'toggleLoop' && p.looping) return p.loop(null);
      const span = selectionWords(env.selection, selectionContext(env, gold, shownTree(env, gold)));
      if (cmd.action === 'toggleLoop') {
        if (!span) throw new EditRefused('Select the words, node or entity to loop first.');
        return p.loop(span);
      }
      return span ? env.playWords(span[0], span[1]) : p.playPause();
    }
    case 'slower':
    case 'faster': {
      const i = RATES.indexOf(p.rate as (typeof RATES)[number]);
      const j = Math.max(0, Math.min(RATES.length - 1, (i < 0 ? 2 : i) + (cmd.action === 'faster' ? 1 : -1)));
      return p.setRate(RATES[j]!);
    }
    case 'zoomIn':
      return p.zoomBy(1.5);
    case 'zoomOut':
      return p.zoomBy(1 / 1.5);
    case 'zoomFit':
      return p.fit();
    case 'toggleSpectrogram':
      return env.ui.toggleSpectrogram();
    case 'prevUtterance':
      return env.ui.navigate(-1);
    case 'nextUtterance':
      return env.ui.navigate(1);
    case 'back':
      return env.selection.kind === 'none' ? env.ui.back() : env.select(NO_SELECTION);
    case 'statusTodo':
      return env.ui.setStatus('todo');
    case 'statusInProgress':
      return env.ui.setStatus('in_progress');
    case 'statusDone':
      return env.ui.setStatus('done');
    case 'statusReviewed':
      return env.ui.setStatus('reviewed');
    case 'doneAndNext':
      env.ui.setStatus('done');
      return env.ui.navigate(1);
    case 'rename':
      return rename(env);
    case 'split':
      return split(env);
    case 'merge': {
      const sel = env.selection;
      if (sel.kind !== 'words')
        throw new EditRefused('Select the words to merge (or one word to merge with the next).');
      const a = Math.min(sel.anchor, sel.focus);
      const b = Math.max(sel.anchor, sel.focus, a + 1);
      const e = mergeWords(gold, a, Math.min(b, gold.words.length - 1));
      return env.commit(e.gold, 'merge words', e.notes, wordSelection(a));
    }
    case 'insert':
      return insert(env);
    case 'delete':
      return remove(env);
    case 'nudgeEndLeft':
      return nudge(env, 'end', -0.01);
    case 'nudgeEndRight':
      return nudge(env, 'end', 0.01);
    case 'nudgeStartLeft':
      return nudge(env, 'start', -0.01);
    case 'nudgeStartRight':
      return nudge(env, 'start', 0.01);
    case 'wrap':
      return wrap(env);
    case 'setType':
    case 'moveLeft':
    case 'moveRight':
      return treeNodeEdit(env, cmd.action);
    case 'undo':
      return env.ui.undo();
    case 'redo':
      return env.ui.redo();
    case 'focusText':
      return env.ui.focusText();
    case 'focusConcepts':
      return env.ui.focusConcepts();
    case 'shortcuts':
      return env.ui.toggleSheet();
  }
}
