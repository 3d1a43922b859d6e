import { useCallback, useMemo, useRef, useState } from 'react';
import type { AnnotatorLayer } from '../../../core/api/annotators';
import type { GoldState } from '../../../core/api/contract';
import type { Peaks, UtteranceDetail } from '../../../core/model/schemas';
import type { AnnotationSettings, AnnotationSettingsState } from '../../../core/edit/settings';
import { selectionWords } from '../../../core/edit/selection';
import { mediaUrl } from '../bridge';
import { AnnotatorTiers } from '../adjudication/AnnotatorTiers';
import { DifferenceList } from '../adjudication/DifferenceList';
import { useAdjudication } from '../adjudication/useAdjudication';
import '../adjudication/adjudication.css';
import { AnnotationTiers } from './AnnotationTiers';
import { AxisBody } from './AxisBody';
import { Clock } from './clock';
import { LabelPrompt } from './LabelPrompt';
import { OtherLayers } from './OtherLayers';
import { guardLeaving } from './guardLeaving';
import { useWorkspaceMeasures } from './perf';
import { ShortcutSheet } from './ShortcutSheet';
import { SidePanels } from './SidePanels';
import { TreeDialog } from './TreeDialog';
import { TreeButtons } from './TreeMenu';
import type { ErrorFocus } from './errorFocus';
import { TimeAxis } from './timeAxis';
import { TransportBar } from './TransportBar';
import { useAfterFirstFrame } from './useAfterFirstFrame';
import { AlignControls, AlignQuestionDialog } from './AlignControls';
import { useAlign } from './useAlign';
import { useBracketSync } from './useBracketSync';
import { useDialogs } from './useDialogs';
import { useErrorFocus } from './useErrorFocus';
import { useGoldEditor } from './useGoldEditor';
import { useLabels } from './useLabels';
import { usePlayer } from './usePlayer';
import { useKeepInView, useSelectionState } from './useSelectionState';
import { useStatus } from './useStatus';
import { useSystemScores } from './useSystemScores';
import { useTierActions } from './useTierActions';
import { useTreeView } from './useTreeView';
import { useWorkspaceCommands } from './useWorkspaceCommands';
import { UtteranceWaveform } from './UtteranceWaveform';
import { warmUpWhenIdle } from './warmUp';
import { WorkspaceToolbar } from './WorkspaceToolbar';

// The first utterance opened is drawn with code already compiled and styles already resolved.
warmUpWhenIdle();

interface Props {
  detail: UtteranceDetail;
  peaks: Peaks | null;
  goldState: GoldState;
  settings: AnnotationSettingsState;
  position: { index: number; count: number };
  /** An error of the ASR error lists: its system is shown, the error selected and played. */
  focus?: ErrorFocus | null;
  onBack(): void;
  onNavigate(delta: number): void;
  onSettings(settings: AnnotationSettings): Promise<void>;
  /**
   * The annotators' layers of the utterance, to adjudicate: their tiers and differences are shown under
   * the adjudicated layer's, and the take keys work. Absent in the plain workspace.
   */
  layers?: readonly AnnotatorLayer[] | null;
  /** Opens the adjudication view of this utterance (offered when it has two or more annotator layers). */
  onAdjudicate?: (() => void) | null;
  /** The annotator whose layer is edited; null or absent: the adjudicated layer. */
  editing?: string | null;
  /**
   * The other annotators' layers of the utterance, drawn read-only under the edited layer's tiers (an
   * annotator's workspace where the project does not annotate blind). Absent: nothing of them is shown.
   */
  others?: readonly AnnotatorLayer[] | null;
}

/**
 * The annotation workspace of one utterance: waveform, word tier, entity tier and tree on one time axis,
 * the tree's bracket text and the concepts beside them, all driven from the keyboard (`?` lists the keys).
 * Each part is a hook or component of its own; this function puts them together.
 */
export function Workspace({
  detail,
  peaks,
  goldState,
  settings,
  position,
  focus = null,
  onBack,
  onNavigate,
  onSettings,
  layers = null,
  onAdjudicate = null,
  editing = null,
  others = null,
}: Props) {
  const u = detail.utterance;
  const axis = useMemo(() => new TimeAxis(), []);
  const clock = useMemo(() => new Clock(), []);
  const editor = useGoldEditor(u.id, goldState);
  const { gold, say, current } = editor;
  const adjudication = useAdjudication(layers, editor);
  useWorkspaceMeasures(gold, clock, current);
  const refuse = useCallback((text: string) => say({ kind: 'error', text }), [say]);
  const player = usePlayer(current);
  const trees = useTreeView(gold, goldState.gold.trees[0]?.name ?? null);
  const { selection, setSelection, ctx, span, band } = useSelectionState(gold, trees.tree);
  const dialogs = useDialogs(refuse);
  const leaving = guardLeaving(trees, dialogs.openTreeDialog, onBack, onNavigate);
  const [status, setStatus] = useStatus(u.id, u.status, refuse);
  const [spectrogram, setSpectrogram] = useState(false);
  const focusText = useRef<(() => void) | null>(null);
  const focusConcepts = useRef<(() => void) | null>(null);
  // The tiers come first; the transcript line and the side panels follow in the next frame, so the
  // first frame of an utterance is only the time axis.
  const rest = useAfterFirstFrame();
  const labels = useLabels(rest, settings, gold.trees);
  // Words stay within the utterance (several utterances may share one recording).
  const limits = useMemo(() => ({ minSec: u.startSec, maxSec: u.endSec }), [u.startSec, u.endSec]);
  const system = useSystemScores(u.id, gold);
  const errorStep = useErrorFocus({
    focus,
    system,
    words: gold.words,
    startSec: u.startSec,
    endSec: u.endSec,
    select: setSelection,
    say,
    player,
  });

  const aligner = useAlign(u.id, editor, span);

  const run = useWorkspaceCommands({
    editor,
    selection: { selection, setSelection },
    trees,
    player,
    dialogs,
    leaving,
    system,
    clock,
    settings: settings.settings,
    limits,
    labels,
    setStatus,
    toggleSpectrogram: () => setSpectrogram((s) => !s),
    align: aligner.start,
    focusText,
    focusConcepts,
    refuse,
    adjudicate: adjudication?.command,
  });
  const rename = useCallback(() => run({ action: 'rename' }), [run]);
  const actions = useTierActions(axis, limits, editor, setSelection, player.playWords, rename, refuse);
  const bracketSync = useBracketSync(editor, trees.shown, selection, span, setSelection);
  useKeepInView(band, player.reveal);

  const url = mediaUrl(detail.audio.id);
  const durationSec = peaks?.durationSec ?? detail.audio.durationSec;
  // What the annotators' read-only tiers (adjudication, or the other layers when not blind) share.
  const readOnlyTiers = {
    treeName: trees.name,
    durationSec,
    clock,
    axis,
    limits,
    select: setSelection,
    playRange: player.playRange,
    refuse,
  };
  return (
    <main
      className={adjudication ? 'page utterance-view adjudicating' : 'page utterance-view'}
      data-utterance={u.id}
    >
      <WorkspaceToolbar
        detail={detail}
        wordCount={gold.words.length}
        position={position}
        status={status}
        onStatus={setStatus}
        onBack={leaving.back}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={() => void editor.undo()}
        onRedo={() => void editor.redo()}
        onKeys={() => dialogs.setSheet(true)}
        tools={
          <>
            {editing !== null && (
              <span
                className="layer-badge"
                data-testid="layer-badge"
                title={`Acting as ${editing}: your edits go to ${editing}'s layer`}
              >
                {editing}&apos;s layer
              </span>
            )}
            {adjudication && (
              <span className="adjudication-badge" data-testid="adjudication-badge">
                Adjudicating: {adjudication.a.annotator} and {adjudication.b.annotator}
              </span>
            )}
            {onAdjudicate && (
              <button
                type="button"
                onClick={onAdjudicate}
                title="Compare the annotators' layers and take from them"
              >
                Adjudicate
              </button>
            )}
            <AlignControls aligner={aligner} hasSelection={span !== null} />
          </>
        }
      />
      <div className="axis-panel">
        <AxisBody
          axis={axis}
          clock={clock}
          durationSec={durationSec}
          waveform={player.waveform}
          band={band}
          top={
            <UtteranceWaveform
              detail={detail}
              peaks={peaks}
              url={url}
              words={gold.words}
              axis={axis}
              clock={clock}
              player={player}
              onWordClick={(i, extend) =>
                setSelection((s) => ({
                  kind: 'words',
                  anchor: extend && s.kind === 'words' ? s.anchor : i,
                  focus: i,
                }))
              }
            />
          }
        >
          <AnnotationTiers
            gold={gold}
            selection={selection}
            span={span}
            durationSec={durationSec}
            clock={clock}
            trees={gold.trees}
            shown={trees.shown}
            tree={trees.tree}
            textProblems={trees.textProblems}
            onShowTree={leaving.switchTree}
            moving={trees.moving}
            movingWords={trees.moving ? selectionWords({ kind: 'nodes', range: trees.moving }, ctx) : null}
            spectrogram={spectrogram && peaks ? { url, startSec: u.startSec, endSec: u.endSec } : null}
            actions={actions}
            system={system}
            errorStep={errorStep}
            playRange={player.playRange}
          />
          {adjudication && <AnnotatorTiers adjudication={adjudication} gold={gold} {...readOnlyTiers} />}
          {editing !== null && others && (
            <OtherLayers editing={editing} layers={others} edited={current} {...readOnlyTiers} />
          )}
        </AxisBody>
      </div>
      <TransportBar
        clock={clock}
        axis={axis}
        playing={player.playing}
        rate={player.rate}
        looping={player.looping}
        saving={editor.saving}
        refused={editor.refused}
        message={editor.message}
        onDismiss={() => say(null)}
      />
      {adjudication && (
        <DifferenceList
          adjudication={adjudication}
          gold={gold}
          select={setSelection}
          playRange={player.playRange}
          setStatus={setStatus}
        />
      )}
      {rest && (
        <SidePanels
          editor={editor}
          trees={trees}
          clock={clock}
          bracketSync={bracketSync}
          labels={labels}
          system={system}
          select={setSelection}
          playWords={player.playWords}
          playRange={player.playRange}
          focusText={focusText}
          focusConcepts={focusConcepts}
          treeMenu={<TreeButtons shown={trees.name} onCommand={(action) => run({ action })} />}
        />
      )}
      {dialogs.prompt && <LabelPrompt request={dialogs.prompt} onClose={dialogs.closePrompt} />}
      {aligner.question && <AlignQuestionDialog aligner={aligner} />}
      {dialogs.treeDialog && <TreeDialog request={dialogs.treeDialog} onClose={dialogs.closeTreeDialog} />}
      {dialogs.sheet && (
        <ShortcutSheet
          settings={settings.settings}
          onSave={onSettings}
          onClose={() => dialogs.setSheet(false)}
        />
      )}
    </main>
  );
}
