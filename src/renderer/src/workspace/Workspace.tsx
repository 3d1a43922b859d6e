import {
  type ComponentProps,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GoldState } from '../../../core/api/contract';
import { describeAudioState } from '../../../core/model/audioState';
import type { AnnotationStatus, Peaks, UtteranceDetail } from '../../../core/model/schemas';
import type { GoldTree } from '../../../core/gold/records';
import { EditRefused } from '../../../core/edit/editRefused';
import { labelsInBrackets, loadTree } from '../../../core/edit/goldTrees';
import { buildKeymap } from '../../../core/edit/keymap';
import { NO_SELECTION, type Selection, selectionValid, selectionWords } from '../../../core/edit/selection';
import type { AnnotationSettings, AnnotationSettingsState } from '../../../core/edit/settings';
import { call, mediaUrl } from '../bridge';
import { ErrorNote } from '../components/ErrorNote';
import { Waveform, type WaveformHandle } from '../components/Waveform';
import { AnnotationTiers } from './AnnotationTiers';
import { AxisBody } from './AxisBody';
import { BracketEditor } from './BracketEditor';
import { Clock, currentWordAt, useClock } from './clock';
import type { CommandEnv } from './commandEnv';
import { ConceptPanel } from './ConceptPanel';
import { LabelPrompt, type PromptRequest } from './LabelPrompt';
import { TreeDialog, type TreeDialogRequest } from './TreeDialog';
import { TreeButtons } from './TreeMenu';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import { markEnd, markStart, measureTick } from './perf';
import { ScorePanel } from './ScorePanel';
import { ShortcutSheet } from './ShortcutSheet';
import { useSystemScores } from './useSystemScores';
import { TimeAxis } from './timeAxis';
import { Transcript } from './Transcript';
import { TransportBar } from './TransportBar';
import { useBracketSync } from './useBracketSync';
import { useCommands } from './useCommands';
import { CONTEXT_SEC, type ErrorFocus, type ErrorTarget, findError } from './errorFocus';
import { useGoldEditor } from './useGoldEditor';
import { useTierActions } from './useTierActions';
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
}

/**
 * The annotation workspace of one utterance: waveform, word tier, entity tier and tree on one time axis,
 * the tree's bracket text and the concepts beside them, all driven from the keyboard (`?` lists the keys).
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
}: Props) {
  const u = detail.utterance;
  useState(() => markStart('draw'));
  const editor = useGoldEditor(u.id, goldState);
  const gold = editor.gold;
  const axis = useMemo(() => new TimeAxis(), []);
  const clock = useMemo(() => new Clock(), []);
  const waveform = useRef<WaveformHandle | null>(null);
  const root = useRef<HTMLElement>(null);
  const focusText = useRef<(() => void) | null>(null);
  const focusConcepts = useRef<(() => void) | null>(null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [treeName, setTreeName] = useState<string | null>(goldState.gold.trees[0]?.name ?? null);
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [treeDialog, setTreeDialog] = useState<TreeDialogRequest | null>(null);
  const [pick, setPick] = useState<{ range: SiblingRange; in: GoldTree | null } | null>(null);
  const [sheet, setSheet] = useState(false);
  const [spectrogram, setSpectrogram] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const [looping, setLooping] = useState(false);
  const [textProblems, setTextProblems] = useState(0);
  const [status, setStatus] = useState<AnnotationStatus>(u.status);
  // The tiers come first; the transcript line and the side panels follow in the next frame, so the
  // first frame of an utterance is only the time axis.
  const [rest, setRest] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setRest(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // Only the tree shown is parsed, and again only when its text or the words change.
  const shownGold = gold.trees.find((t) => t.name === treeName) ?? gold.trees[0] ?? null;
  const words = gold.words;
  const shown = useMemo(
    () => (shownGold ? loadTree({ ...gold, words }, shownGold) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a tree is checked against the words only
    [shownGold, words],
  );
  const tree = textProblems === 0 ? (shown?.tree ?? null) : null;
  // Nodes picked to be moved are named by their place in the tree they were picked in: a pick made in
  // another tree text (an edit elsewhere, an undo, a reload) no longer counts.
  const moving = pick && pick.in === shownGold ? pick.range : null;
  // The playhead is not needed to check or span a selection (commands read it from the clock): the
  // workspace does not render as the playhead moves; the tiers mark the word under it themselves.
  const ctx = useMemo(
    () => ({ wordCount: gold.words.length, tree, entities: gold.entities, playheadWord: -1 }),
    [gold, tree],
  );
  const sel = selectionValid(selection, ctx) ? selection : NO_SELECTION;
  const span = selectionWords(sel, ctx);
  // Words stay within the utterance (several utterances may share one recording).
  const limits = useMemo(() => ({ minSec: u.startSec, maxSec: u.endSec }), [u.startSec, u.endSec]);
  const keymap = useMemo(() => buildKeymap(settings.settings.entityTypes), [settings]);
  // Label completion is needed from the first prompt on, not for the first frame.
  const labels = useMemo(
    () =>
      !rest
        ? []
        : [
            ...new Set([
              ...settings.settings.treeLabels,
              ...settings.labelsInUse,
              ...labelsInBrackets(gold.trees.map((t) => t.bracket)),
            ]),
          ].sort(),
    [rest, settings, gold.trees],
  );

  const { say, current: currentGold } = editor;
  const refuse = useCallback((text: string) => say({ kind: 'error', text }), [say]);
  // A refusal when a dialog's answer is applied is shown like any other.
  const guarded =
    <A extends unknown[]>(f: (...args: A) => void) =>
    (...args: A): void => {
      try {
        f(...args);
      } catch (err) {
        if (err instanceof EditRefused) refuse(err.message);
        else throw err;
      }
    };
  const system = useSystemScores(u.id, gold);
  const playRange = useCallback((a: number, b: number) => waveform.current?.playRange(a, b), []);

  // Opened from an error of the ASR error lists: its system is shown; once that system's alignment is
  // in, the error is found, its gold word selected and, once the audio can play, its stretch played.
  const [errorTarget, setErrorTarget] = useState<(ErrorTarget & { words: typeof words }) | null>(null);
  const [audioReady, setAudioReady] = useState(false);
  const { choose: chooseSystem } = system;
  useEffect(() => {
    if (focus) chooseSystem(focus.systemId);
  }, [focus, chooseSystem]);
  const focusSteps = focus && system.systemId === focus.systemId ? system.scores?.words?.steps : undefined;
  const focusOutput = system.output;
  // Found once, while rendering (the selection and the mark show in the same frame as the alignment).
  const [focusFound, setFocusFound] = useState(false);
  if (focus && focusSteps && !focusFound) {
    setFocusFound(true);
    const t = findError(focus, focusSteps, words, focusOutput?.words ?? []);
    if (t) {
      setErrorTarget({ ...t, words });
      if (t.goldWord !== null) setSelection({ kind: 'words', anchor: t.goldWord, focus: t.goldWord });
    } else say({ kind: 'note', text: `“${focus.key}” is not among this utterance's word errors.` });
  }
  const errorPlayed = useRef(false);
  useEffect(() => {
    if (!errorTarget || !audioReady || errorPlayed.current) return;
    errorPlayed.current = true;
    const a = Math.max(u.startSec, errorTarget.startSec - CONTEXT_SEC);
    const b = Math.min(u.endSec, errorTarget.endSec + CONTEXT_SEC);
    waveform.current?.reveal(a, b);
    playRange(a, b);
  }, [errorTarget, audioReady, playRange, u.startSec, u.endSec]);
  // The mark stays while the words it was found in are shown (an edit realigns the system's words).
  const errorStep =
    errorTarget && errorTarget.words === words && system.systemId === focus?.systemId
      ? errorTarget.step
      : null;
  const playWords = useCallback(
    (first: number, last: number) => {
      const g = currentGold();
      const a = g.words[first];
      const b = g.words[last];
      if (a && b) waveform.current?.playRange(a.startSec, b.endSec);
    },
    [currentGold],
  );
  const changeStatus = useCallback(
    (next: AnnotationStatus) => {
      setStatus(next);
      call('utterance:setStatus', { utteranceId: u.id, status: next }).then(
        (saved) => setStatus(saved.status),
        (err: Error) => refuse(`Status not saved: ${err.message}`),
      );
    },
    [u.id, refuse],
  );

  // Leaving (or showing another tree) with a bracket text that is not a valid tree would drop what was
  // typed: asked first.
  const leaving =
    (go: () => void, action = { question: 'Leave this utterance', button: 'leave' }) =>
    (): void => {
      if (textProblems === 0) go();
      else setTreeDialog({ kind: 'discard', problems: textProblems, action, onSubmit: go });
    };
  const back = leaving(onBack);
  const navigate = (delta: number): void => leaving(() => onNavigate(delta))();
  const switchTree = (name: string): void => {
    if (name === shown?.gold.name) return;
    leaving(() => setTreeName(name), { question: `Show the tree “${name}”`, button: 'switch' })();
  };

  const env: CommandEnv = {
    gold: currentGold,
    selection: sel,
    treeName: shown?.gold.name ?? null,
    moving,
    textProblems,
    time: () => clock.time,
    limits,
    labels,
    entityTypes: settings.settings.entityTypes.map((t) => t.type),
    commit: (next, label, notes, select) => {
      // A refused edit leaves the selection as it was before it.
      const before = sel;
      editor.commit(next, label, notes, () => setSelection(before));
      if (select) setSelection(select);
    },
    select: setSelection,
    // A refusal when the prompt's answer is applied is shown like any other.
    prompt: (req) =>
      setPrompt({
        ...req,
        onSubmit: (v) => {
          try {
            req.onSubmit(v);
          } catch (err) {
            if (err instanceof EditRefused) refuse(err.message);
            else throw err;
          }
        },
      }),
    playWords,
    player: {
      playPause: () => waveform.current?.playPause(),
      loop: (words) => {
        const g = currentGold();
        const range = words
          ? { startSec: g.words[words[0]]!.startSec, endSec: g.words[words[1]]!.endSec }
          : null;
        waveform.current?.setLoop(range);
        setLooping(range !== null);
      },
      looping,
      rate,
      setRate: (r) => {
        setRate(r);
        waveform.current?.setRate(r);
      },
      zoomBy: (f) => waveform.current?.zoomBy(f),
      fit: () => waveform.current?.fit(),
    },
    ui: {
      setStatus: changeStatus,
      navigate,
      back,
      undo: () => void editor.undo(),
      redo: () => void editor.redo(),
      focusText: () => focusText.current?.(),
      focusConcepts: () => focusConcepts.current?.(),
      toggleSheet: () => setSheet((s) => !s),
      toggleSpectrogram: () => setSpectrogram((s) => !s),
      nextSystem: system.next,
      showTree: setTreeName,
      switchTree,
      setMoving: (range) => setPick(range ? { range, in: shownGold } : null),
      treeDialog: (req) =>
        setTreeDialog(
          req.kind === 'add'
            ? { ...req, onSubmit: guarded(req.onSubmit) }
            : req.kind === 'delete'
              ? { ...req, onSubmit: guarded(req.onSubmit) }
              : req,
        ),
      note: (text) => say({ kind: 'note', text }),
    },
  };
  const run = useCommands(env, keymap, prompt === null && treeDialog === null && !sheet, refuse);
  const rename = useCallback(() => run({ action: 'rename' }), [run]);
  const actions = useTierActions(axis, limits, editor, setSelection, playWords, rename, refuse);
  const bracketSync = useBracketSync(editor, shown, sel, span, setSelection);

  // The selection stays in view as the keys move it.
  const bandStart = span ? gold.words[span[0]]?.startSec : undefined;
  const bandEnd = span ? gold.words[span[1]]?.endSec : undefined;
  useEffect(() => {
    if (bandStart !== undefined && bandEnd !== undefined) waveform.current?.reveal(bandStart, bandEnd);
  }, [bandStart, bandEnd]);

  // Measures: the first draw, and every edit shown (see perf.ts).
  useLayoutEffect(() => {
    markEnd('draw', root.current);
    markEnd('edit', root.current);
  }, [gold]);
  useEffect(() => {
    markEnd('draw', root.current, '+effects');
    markEnd('edit', root.current, '+effects');
  }, [gold]);
  // A tick of the playhead that moves the current word is measured too; the count of the workspace's
  // commits is kept on its element, so that playback is seen not to render it.
  useEffect(() => {
    let shown = -2;
    return clock.onTick((start) => {
      const c = currentWordAt(currentGold().words, clock.time);
      if (c === shown) return;
      shown = c;
      measureTick(start, root.current);
    });
  }, [clock, currentGold]);
  const commits = useRef(0);
  useLayoutEffect(() => {
    commits.current += 1;
    root.current?.setAttribute('data-commits', String(commits.current));
  });

  const wordTexts = useMemo(() => words.map((w) => w.text), [words]);
  const onTranscriptWord = useCallback(
    (i: number) => {
      setSelection({ kind: 'words', anchor: i, focus: i });
      playWords(i, i);
    },
    [playWords],
  );
  const url = mediaUrl(detail.audio.id);
  const durationSec = peaks?.durationSec ?? detail.audio.durationSec;
  return (
    <main className="page utterance-view" ref={root} data-utterance={u.id}>
      <WorkspaceToolbar
        detail={detail}
        wordCount={words.length}
        position={position}
        status={status}
        onStatus={changeStatus}
        onBack={back}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={() => void editor.undo()}
        onRedo={() => void editor.redo()}
        onKeys={() => setSheet(true)}
      />
      <div className="axis-panel">
        <AxisBody
          axis={axis}
          clock={clock}
          durationSec={durationSec}
          waveform={waveform}
          band={
            bandStart !== undefined && bandEnd !== undefined ? { startSec: bandStart, endSec: bandEnd } : null
          }
          top={
            peaks ? (
              <PlayheadWaveform
                clock={clock}
                url={url}
                peaks={peaks}
                words={words}
                startSec={u.startSec}
                endSec={u.endSec}
                axis={axis}
                onTime={(t) => clock.set(t)}
                onPlaying={setPlaying}
                onReady={() => setAudioReady(true)}
                onWordClick={(i, extend) =>
                  setSelection((s) => ({
                    kind: 'words',
                    anchor: extend && s.kind === 'words' ? s.anchor : i,
                    focus: i,
                  }))
                }
                handleRef={waveform}
              />
            ) : (
              <ErrorNote
                error={{
                  code: detail.audio.state === 'missing' ? 'FILE_MISSING' : 'BAD_FILE',
                  message: `The audio file ${detail.audio.path} is ${describeAudioState(detail.audio.state)}; it is not played.`,
                }}
              />
            )
          }
        >
          <AnnotationTiers
            gold={gold}
            selection={sel}
            span={span}
            durationSec={durationSec}
            clock={clock}
            trees={gold.trees}
            shown={shown}
            tree={tree}
            textProblems={textProblems}
            onShowTree={switchTree}
            moving={moving}
            movingWords={moving ? selectionWords({ kind: 'nodes', range: moving }, ctx) : null}
            spectrogram={spectrogram && peaks ? { url, startSec: u.startSec, endSec: u.endSec } : null}
            actions={actions}
            system={system}
            errorStep={errorStep}
            playRange={playRange}
          />
        </AxisBody>
      </div>
      <TransportBar
        clock={clock}
        axis={axis}
        playing={playing}
        rate={rate}
        looping={looping}
        saving={editor.saving}
        message={editor.message}
        onDismiss={() => say(null)}
      />
      {rest && (
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
              onProblems={setTextProblems}
              onLeave={() => (document.activeElement as HTMLElement | null)?.blur()}
              onUndo={() => void editor.undo()}
              onRedo={() => void editor.redo()}
              focusRef={focusText}
              menu={<TreeButtons shown={shown?.gold.name ?? null} onCommand={(action) => run({ action })} />}
            />
            <ConceptPanel
              gold={gold}
              onCommit={(fields, label) => editor.commit({ ...currentGold(), ...fields }, label)}
              onPreview={(fields) => editor.preview({ ...currentGold(), ...fields })}
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
      )}
      {prompt && <LabelPrompt request={prompt} onClose={() => setPrompt(null)} />}
      {treeDialog && <TreeDialog request={treeDialog} onClose={() => setTreeDialog(null)} />}
      {sheet && (
        <ShortcutSheet settings={settings.settings} onSave={onSettings} onClose={() => setSheet(false)} />
      )}
    </main>
  );
}

/** The waveform, following the current word on its own: playback renders it, not the workspace. */
function PlayheadWaveform({
  clock,
  ...props
}: Omit<ComponentProps<typeof Waveform>, 'currentWord'> & { clock: Clock }) {
  const current = useClock(clock, (t) => currentWordAt(props.words, t));
  return <Waveform {...props} currentWord={current} />;
}
