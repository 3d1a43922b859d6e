import { type ReactNode, type RefObject, useCallback, useMemo } from 'react';
import type { Selection } from '../../../core/edit/selection';
import { BracketEditor } from './BracketEditor';
import type { Clock } from './clock';
import { ConceptPanel } from './ConceptPanel';
import { ScorePanel } from './ScorePanel';
import { Transcript } from './Transcript';
import type { useBracketSync } from './useBracketSync';
import type { GoldEditor } from './useGoldEditor';
import type { SystemScores } from './useSystemScores';
import type { TreeView } from './useTreeView';

interface Props {
  editor: GoldEditor;
  trees: Pick<TreeView, 'shown' | 'setTextProblems'>;
  clock: Clock;
  bracketSync: ReturnType<typeof useBracketSync>;
  labels: readonly string[];
  system: SystemScores;
  select(selection: Selection): void;
  playWords(first: number, last: number): void;
  playRange(startSec: number, endSec: number): void;
  /** Set by the bracket editor and the concepts panel: puts the focus in them. */
  focusText: RefObject<(() => void) | null>;
  focusConcepts: RefObject<(() => void) | null>;
  /** The tree commands' buttons, shown with the bracket text. */
  treeMenu: ReactNode;
}

/**
 * What follows the time axis: the transcript line, and beside each other the shown tree's bracket text,
 * the concepts, interpretations and labels, and the chosen system's scores.
 */
export function SidePanels({
  editor,
  trees,
  clock,
  bracketSync,
  labels,
  system,
  select,
  playWords,
  playRange,
  focusText,
  focusConcepts,
  treeMenu,
}: Props) {
  const { gold, current } = editor;
  const words = gold.words;
  const shown = trees.shown;
  const wordTexts = useMemo(() => words.map((w) => w.text), [words]);
  const onTranscriptWord = useCallback(
    (i: number) => {
      select({ kind: 'words', anchor: i, focus: i });
      playWords(i, i);
    },
    [select, playWords],
  );
  return (
    <>
      <Transcript words={words} clock={clock} onWord={onTranscriptWord} />
      <div className="side-panels">
        <BracketEditor
          text={shown?.gold.bracket ?? null}
          typed={shown?.gold.typed ?? false}
          words={wordTexts}
          reveal={bracketSync.reveal}
          labels={labels}
          onEdit={bracketSync.onEdit}
          onCursor={bracketSync.onCursor}
          onProblems={trees.setTextProblems}
          onLeave={() => (document.activeElement as HTMLElement | null)?.blur()}
          onUndo={() => void editor.undo()}
          onRedo={() => void editor.redo()}
          focusRef={focusText}
          menu={treeMenu}
        />
        <ConceptPanel
          gold={gold}
          onCommit={(fields, label) => editor.commit({ ...current(), ...fields }, label)}
          onPreview={(fields) => editor.preview({ ...current(), ...fields })}
          onFinish={editor.finish}
          focusRef={focusConcepts}
        />
        <ScorePanel
          system={system}
          gold={gold.interpretations}
          goldRecords={gold}
          treeName={shown?.gold.name ?? null}
          playRange={playRange}
        />
      </div>
    </>
  );
}
