// Leaving the utterance, moving to another, or showing another tree while the bracket text is not a
// valid tree would drop what was typed: the annotator is asked first.
import type { TreeDialogRequest } from './TreeDialog';
import type { TreeView } from './useTreeView';

/** The ways out of what is shown, each asking first when typed text would be dropped. */
export interface Leaving {
  back(): void;
  navigate(delta: number): void;
  /** Shows another tree at the annotator's request. */
  switchTree(name: string): void;
}

/** Guards `onBack`, `onNavigate` and switching trees with the discard question. */
export function guardLeaving(
  trees: Pick<TreeView, 'name' | 'textProblems' | 'showTree'>,
  ask: (req: TreeDialogRequest) => void,
  onBack: () => void,
  onNavigate: (delta: number) => void,
): Leaving {
  const { textProblems } = trees;
  const leaving =
    (go: () => void, action = { question: 'Leave this utterance', button: 'leave' }) =>
    (): void => {
      if (textProblems === 0) go();
      else ask({ kind: 'discard', problems: textProblems, action, onSubmit: go });
    };
  return {
    back: leaving(onBack),
    navigate: (delta) => leaving(() => onNavigate(delta))(),
    switchTree: (name) => {
      if (name === trees.name) return;
      leaving(() => trees.showTree(name), { question: `Show the tree “${name}”`, button: 'switch' })();
    },
  };
}
