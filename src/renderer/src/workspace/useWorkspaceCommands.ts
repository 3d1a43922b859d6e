// The workspace's command table: the environment every command of the keymap runs against, assembled from
// the workspace's parts at each render, and the keys wired to it while no dialog is open.
import { type RefObject, useMemo } from 'react';
import type { AnnotationStatus } from '../../../core/model/schemas';
import { type Command, buildKeymap } from '../../../core/edit/keymap';
import type { AnnotationSettings } from '../../../core/edit/settings';
import type { Clock } from './clock';
import type { TakeKind, TakeSide } from '../adjudication/adjudicateCommand';
import type { CommandEnv } from './commandEnv';
import type { Leaving } from './guardLeaving';
import type { Dialogs } from './useDialogs';
import type { GoldEditor } from './useGoldEditor';
import type { Player } from './usePlayer';
import type { SelectionState } from './useSelectionState';
import type { SystemScores } from './useSystemScores';
import type { TreeView } from './useTreeView';
import { useCommands } from './useCommands';

/** The parts of the workspace the commands read and act on. */
export interface WorkspaceParts {
  editor: GoldEditor;
  selection: Pick<SelectionState, 'selection' | 'setSelection'>;
  trees: TreeView;
  player: Player;
  dialogs: Dialogs;
  leaving: Leaving;
  system: SystemScores;
  clock: Clock;
  settings: AnnotationSettings;
  /** Where words may be placed (several utterances may share one recording). */
  limits: { minSec: number; maxSec: number };
  labels: readonly string[];
  setStatus(status: AnnotationStatus): void;
  toggleSpectrogram(): void;
  /** Re-aligns words with SIEVE's aligner (see `useAlign`). */
  align(whole: boolean): void;
  /** Focus the bracket text and the concepts panel (set by them once mounted). */
  focusText: RefObject<(() => void) | null>;
  focusConcepts: RefObject<(() => void) | null>;
  refuse(message: string): void;
  /** In the adjudication view: the take keys' command (see `adjudicateCommand`). */
  adjudicate?(env: CommandEnv, kind: TakeKind, side: TakeSide): void;
}

/** Runs the keymap's commands against the workspace; returns the function that runs one. */
export function useWorkspaceCommands(p: WorkspaceParts): (cmd: Command) => void {
  const { editor, selection, trees, dialogs } = p;
  const keymap = useMemo(() => buildKeymap(p.settings.entityTypes), [p.settings]);
  const env: CommandEnv = {
    gold: editor.current,
    selection: selection.selection,
    treeName: trees.name,
    moving: trees.moving,
    textProblems: trees.textProblems,
    time: () => p.clock.time,
    limits: p.limits,
    labels: p.labels,
    entityTypes: p.settings.entityTypes.map((t) => t.type),
    commit: (next, label, notes, select) => {
      // A refused edit leaves the selection as it was before it.
      const before = selection.selection;
      editor.commit(next, label, notes, () => selection.setSelection(before));
      if (select) selection.setSelection(select);
    },
    select: selection.setSelection,
    prompt: dialogs.openPrompt,
    playWords: p.player.playWords,
    player: p.player.controls,
    ui: {
      setStatus: p.setStatus,
      navigate: p.leaving.navigate,
      back: p.leaving.back,
      undo: () => void editor.undo(),
      redo: () => void editor.redo(),
      focusText: () => p.focusText.current?.(),
      focusConcepts: () => p.focusConcepts.current?.(),
      toggleSheet: dialogs.toggleSheet,
      toggleSpectrogram: p.toggleSpectrogram,
      align: p.align,
      nextSystem: p.system.next,
      showTree: trees.showTree,
      switchTree: p.leaving.switchTree,
      setMoving: trees.setMoving,
      treeDialog: dialogs.openTreeDialog,
      note: (text) => editor.say({ kind: 'note', text }),
    },
  };
  const adjudicate = p.adjudicate;
  if (adjudicate) env.adjudicate = (kind, side) => adjudicate(env, kind, side);
  return useCommands(env, keymap, !dialogs.open, p.refuse);
}
