// The adjudication keys: what the selection in the adjudicated layer asks to take from annotator A or B,
// computed by core's `takeFrom` and committed as one edit (one history entry, undone like any other).
import { EditRefused } from '../../../core/edit/editRefused';
import type { Action } from '../../../core/edit/keymap';
import { selectionWords } from '../../../core/edit/selection';
import { type Take, takeFrom } from '../../../core/gold/adjudicate';
import { applyDiff } from '../../../core/gold/diff';
import type { GoldRecords } from '../../../core/gold/records';
import { type CommandEnv, selectionContext, shownTree } from '../workspace/commandEnv';

/** What a take key takes: the selection, the subtree over it, the entities over it, or everything. */
export type TakeKind = 'selection' | 'subtree' | 'entities' | 'utterance';

/** One of the two annotators compared. */
export type TakeSide = 'a' | 'b';

/** The take keys' actions: what each takes and from whom. */
export const TAKE_ACTIONS: Partial<Record<Action, readonly [TakeKind, TakeSide]>> = {
  takeFromA: ['selection', 'a'],
  takeFromB: ['selection', 'b'],
  takeSubtreeFromA: ['subtree', 'a'],
  takeSubtreeFromB: ['subtree', 'b'],
  takeEntitiesFromA: ['entities', 'a'],
  takeEntitiesFromB: ['entities', 'b'],
  takeUtteranceFromA: ['utterance', 'a'],
  takeUtteranceFromB: ['utterance', 'b'],
};

/** An annotator's layer as a take reads it. */
export interface TakeSource {
  name: string;
  gold: GoldRecords;
}

/** The take the selection stands for. */
function takeFor(env: CommandEnv, kind: TakeKind, source: TakeSource): Take {
  if (kind === 'utterance') return { what: 'utterance' };
  const gold = env.gold();
  const span = selectionWords(env.selection, selectionContext(env, gold, shownTree(env, gold)));
  if (!span) throw new EditRefused('Select words, a node or an entity of the adjudicated layer first.');
  const [first, last] = span;
  const treeName = env.treeName ?? gold.trees[0]?.name ?? source.gold.trees[0]?.name;
  if (kind === 'entities') return { what: 'entity', first, last };
  if (kind === 'subtree' || env.selection.kind === 'nodes') {
    if (!treeName) throw new EditRefused(`Neither layer has a tree to take from ${source.name}.`);
    return { what: kind === 'subtree' ? 'subtree' : 'node', tree: treeName, first, last };
  }
  if (env.selection.kind === 'entity') return { what: 'entity', first, last };
  return { what: 'boundaries', first, last };
}

/** Takes `kind` from `source` into the adjudicated layer, or refuses with the reason. */
export function adjudicateCommand(env: CommandEnv, kind: TakeKind, source: TakeSource): void {
  const gold = env.gold();
  const r = takeFrom(gold, source.gold, takeFor(env, kind, source), source.name);
  if (!r.ok) throw new EditRefused(r.reason);
  env.commit(applyDiff(gold, r.diff), r.label, [], env.selection);
}
