// What each key of the workspace does: the glue between the keymap, the selection and the pure editing
// functions of core/edit. Every edit is computed on the latest records and committed as one history entry.
import { EditRefused } from '../../../core/edit/editRefused';
import { deleteEntity, spanEntity } from '../../../core/edit/entities';
import type { Command } from '../../../core/edit/keymap';
import { NO_SELECTION, type NavAction, navigate, selectionWords } from '../../../core/edit/selection';
import { deleteRange } from '../../../core/edit/treeEdit';
import { withTree } from '../../../core/edit/goldTrees';
import { type CommandEnv, RATES, currentTree, selectionContext, shownTree } from './commandEnv';
import {
  deleteTreeCommand,
  dropNodes,
  newTree,
  nextTree,
  relabel,
  renameTreeCommand,
  startMove,
  treeNodeEdit,
  wrap,
} from './treeCommands';
import { deleteSelectedWords, insert, merge, nudge, retext, split } from './wordCommands';
import { alignCommand, stepUnsure } from './alignCommands';
import { TAKE_ACTIONS } from '../adjudication/adjudicateCommand';

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

/** `Enter`/`F2`: renames what is selected (a word's text, a node's label, an entity's type). */
function rename(env: CommandEnv): void {
  const sel = env.selection;
  if (sel.kind === 'words') return retext(env);
  if (sel.kind === 'nodes') return relabel(env);
  if (sel.kind !== 'entity') throw new EditRefused('Select a word, a node or an entity to rename.');
  const gold = env.gold();
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
}

/** `Del`: deletes what is selected (words, nodes lifting their children, an entity). */
function remove(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind === 'words') return deleteSelectedWords(env);
  if (sel.kind === 'nodes') {
    const cur = currentTree(env, gold);
    if (!cur) return;
    const r = deleteRange(cur.tree, sel.range);
    env.commit(withTree(gold, cur.name, r.tree), 'delete node(s)', [], { kind: 'nodes', range: r.range });
    return;
  }
  if (sel.kind === 'entity') {
    env.commit(
      { ...gold, entities: deleteEntity(gold.entities, sel.index) },
      'delete an entity',
      [],
      NO_SELECTION,
    );
    return;
  }
  throw new EditRefused('Select what to delete first.');
}

function entity(env: CommandEnv, type: string): void {
  const gold = env.gold();
  const span = selectionWords(env.selection, selectionContext(env, gold, shownTree(env, gold)));
  if (!span) throw new EditRefused('Select the words of the entity first.');
  const r = spanEntity(gold.entities, span[0], span[1], type);
  env.commit({ ...gold, entities: r.entities }, `${type} entity`, [], { kind: 'entity', index: r.index });
}

/** What can be done while picking the new parent of nodes being moved, besides moving and cancelling. */
const WHILE_MOVING = new Set<string>([...NAV, 'playPause', 'playSelection', 'zoomIn', 'zoomOut', 'zoomFit']);

/** Runs one command of the keymap; an `EditRefused` thrown here is shown to the annotator. */
export function runCommand(cmd: Command, env: CommandEnv): void {
  if (env.moving) {
    if (cmd.action === 'rename' || cmd.action === 'moveNodes') return dropNodes(env, env.moving);
    if (cmd.action === 'back') {
      env.ui.setMoving(null);
      env.ui.note('Move cancelled.');
      return;
    }
    if (!WHILE_MOVING.has(cmd.action))
      throw new EditRefused(
        'Finish the move first: Enter moves the nodes under the selected node, Esc cancels.',
      );
  }
  if (cmd.action === 'entity') return entity(env, cmd.type);
  const take = TAKE_ACTIONS[cmd.action];
  if (take) {
    if (!env.adjudicate)
      throw new EditRefused(
        'Taking from an annotator works in the adjudication view (Adjudicate in the toolbar).',
      );
    return env.adjudicate(take[0], take[1]);
  }
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
    case 'nextSystem':
      if (!env.ui.nextSystem()) throw new EditRefused('There is no other system to switch to.');
      return;
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
    case 'merge':
      return merge(env);
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
    case 'alignWords':
    case 'alignUtterance':
      return alignCommand(env, cmd.action === 'alignUtterance');
    case 'nextUnsure':
    case 'prevUnsure':
      return stepUnsure(env, cmd.action === 'nextUnsure' ? 1 : -1);
    case 'wrap':
      return wrap(env);
    case 'setType':
    case 'moveLeft':
    case 'moveRight':
      return treeNodeEdit(env, cmd.action);
    case 'moveNodes':
      return startMove(env);
    case 'addTree':
      return newTree(env);
    case 'nextTree':
      return nextTree(env);
    case 'renameTree':
      return renameTreeCommand(env);
    case 'deleteTree':
      return deleteTreeCommand(env);
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
