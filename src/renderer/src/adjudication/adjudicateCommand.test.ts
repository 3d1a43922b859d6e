import { describe, expect, it } from 'vitest';
import { EditRefused } from '../../../core/edit/editRefused';
import type { Action } from '../../../core/edit/keymap';
import { NO_SELECTION, type Selection } from '../../../core/edit/selection';
import type { GoldRecords } from '../../../core/gold/records';
import type { CommandEnv } from '../workspace/commandEnv';
import { runCommand } from '../workspace/runCommand';
import { type TakeSource, adjudicateCommand } from './adjudicateCommand';

const words = (spec: string): GoldRecords['words'] =>
  spec.split(' ').map((w) => {
    const [text, t] = w.split('@');
    const [s, e] = t!.split('-').map(Number);
    return { text: text!, startSec: s!, endSec: e! };
  });

const adjudicated: GoldRecords = {
  words: words('I@0-1 want@1-2 to@2-3 go@3-4'),
  trees: [{ name: 'syntax', typed: false, bracket: '(S (NP I) want to go)' }],
  entities: [],
  concepts: [],
  interpretations: [],
  labels: {},
};
const ana: TakeSource = {
  name: 'ana',
  gold: {
    ...adjudicated,
    words: words('I@0-1.1 want@1.1-2 to@2-3 go@3-4'),
    trees: [{ name: 'syntax', typed: false, bracket: '(S (PRP I) (VP want (VP to go)))' }],
    entities: [{ type: 'PERSON', firstWord: 0, lastWord: 0 }],
  },
};
const bo: TakeSource = { name: 'bo', gold: { ...adjudicated, labels: { inputKind: 'asr' } } };

const noop = (): void => undefined;

/** The workspace's command environment over the adjudicated records, recording what is committed. */
function env(
  selection: Selection,
  adjudicating = true,
): { env: CommandEnv; commits: { next: GoldRecords; label: string }[] } {
  const commits: { next: GoldRecords; label: string }[] = [];
  const e: CommandEnv = {
    gold: () => adjudicated,
    selection,
    treeName: 'syntax',
    moving: null,
    textProblems: 0,
    time: () => 0,
    limits: { minSec: 0, maxSec: 10 },
    labels: [],
    entityTypes: [],
    commit: (next, label) => commits.push({ next, label }),
    select: noop,
    prompt: noop,
    playWords: noop,
    player: { playPause: noop, loop: noop, looping: false, rate: 1, setRate: noop, zoomBy: noop, fit: noop },
    ui: {
      setStatus: noop,
      navigate: noop,
      back: noop,
      undo: noop,
      redo: noop,
      focusText: noop,
      focusConcepts: noop,
      toggleSheet: noop,
      toggleSpectrogram: noop,
      align: noop,
      nextSystem: () => false,
      showTree: noop,
      switchTree: noop,
      setMoving: noop,
      treeDialog: noop,
      note: noop,
    },
  };
  if (adjudicating) e.adjudicate = (kind, side) => adjudicateCommand(e, kind, side === 'a' ? ana : bo);
  return { env: e, commits };
}

/** The history labels the key `action` commits with `selection`. */
function press(action: Action, selection: Selection): string[] {
  const { env: e, commits } = env(selection);
  runCommand({ action }, e);
  return commits.map((c) => c.label);
}

describe('the take keys', () => {
  const word1: Selection = { kind: 'words', anchor: 0, focus: 0 };

  it('take what the selection is: words’ boundaries, a node, an entity', () => {
    expect(press('takeFromA', word1)).toEqual(['take the boundaries of word 1 from ana']);
    expect(press('takeFromA', { kind: 'nodes', range: { parent: [], from: 0, to: 0 } })).toEqual([
      'take the node over word 1 of tree "syntax" from ana',
    ]);
    expect(press('takeEntitiesFromA', word1)).toEqual(['take the entities over word 1 from ana']);
  });

  it('take the subtree over the selection, and the whole utterance from B', () => {
    expect(press('takeSubtreeFromA', { kind: 'words', anchor: 1, focus: 3 })).toEqual([
      'take the subtree over words 2–4 of tree "syntax" from ana',
    ]);
    expect(press('takeUtteranceFromB', NO_SELECTION)).toEqual(['take the whole utterance from bo']);
  });

  it('refuse with the reason: nothing selected, nothing to take, or outside the adjudication view', () => {
    expect(() => press('takeFromA', NO_SELECTION)).toThrow(
      new EditRefused('Select words, a node or an entity of the adjudicated layer first.'),
    );
    expect(() => press('takeFromB', word1)).toThrow(
      'The adjudicated layer already has the boundaries of word 1 as bo has it.',
    );
    const { env: plain } = env(word1, false);
    expect(() => runCommand({ action: 'takeFromA' }, plain)).toThrow(/works in the adjudication view/);
  });
});
