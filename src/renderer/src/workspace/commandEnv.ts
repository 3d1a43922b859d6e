// What a command of the workspace may read and do, and the reading of the shown tree and selection that
// every command shares. The commands themselves are in wordCommands.ts, treeCommands.ts and runCommand.ts.
import type { AnnotationStatus } from '../../../core/model/schemas';
import type { GoldRecords } from '../../../core/gold/records';
import type { TreeNode } from '../../../core/tree/tree';
import { EditRefused } from '../../../core/edit/editRefused';
import { loadTree } from '../../../core/edit/goldTrees';
import { type Selection, type SelectionContext, selectionWords } from '../../../core/edit/selection';
import { type SiblingRange, rangeForWords } from '../../../core/edit/treeEdit';
import { wordAt } from './clock';
import type { TakeKind, TakeSide } from '../adjudication/adjudicateCommand';
import type { PromptRequest } from './LabelPrompt';
import type { TreeDialogRequest } from './TreeDialog';

/** Playback speeds the slower/faster keys step through. */
export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Everything a command may read or do. */
export interface CommandEnv {
  gold(): GoldRecords;
  selection: Selection;
  /** The tree shown, by name (null: none yet). */
  treeName: string | null;
  /** Nodes picked to be moved, waiting for their new parent (null: no move under way). */
  moving: SiblingRange | null;
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
  /** In the adjudication view: takes `kind` from annotator A or B into the adjudicated layer. */
  adjudicate?(kind: TakeKind, side: TakeSide): void;
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
    /** Aligns the selected words (the utterance when none are) or, with `whole`, the whole utterance. */
    align(whole: boolean): void;
    /** Shows the next system; false when there is no other. */
    nextSystem(): boolean;
    showTree(name: string | null): void;
    /** Shows another tree at the annotator's request: asked first when the bracket text has problems. */
    switchTree(name: string): void;
    /** Starts (a range) or ends (null) picking the new parent of nodes being moved. */
    setMoving(range: SiblingRange | null): void;
    treeDialog(req: TreeDialogRequest): void;
    note(text: string): void;
  };
}

/** The shown tree, parsed from the latest records; refuses when its text cannot be edited as a tree. */
export function currentTree(
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
export function shownTree(env: CommandEnv, gold: GoldRecords): TreeNode | null {
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
export function splitTyped(input: string, typed: boolean): { label: string; type?: string } {
  if (!typed) return { label: input };
  const colon = input.indexOf(':');
  if (colon <= 0) throw new EditRefused(`This tree is typed: write TYPE:LABEL (found "${input}").`);
  return { type: input.slice(0, colon), label: input.slice(colon + 1) };
}

/** The run of siblings a selection stands for in `tree`. */
export function siblingsOf(sel: Selection, tree: TreeNode, ctx: SelectionContext): SiblingRange {
  if (sel.kind === 'nodes') return sel.range;
  const span = selectionWords(sel, ctx);
  if (!span)
    throw new EditRefused('Select words or nodes first (arrows, Shift+arrows, or drag over the words).');
  const range = rangeForWords(tree, span[0], span[1]);
  if (!range)
    throw new EditRefused('The selected words cross a bracket: select words or nodes that are siblings.');
  return range;
}
