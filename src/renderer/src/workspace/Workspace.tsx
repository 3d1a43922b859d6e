import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GoldState } from '../../../core/api/contract';
import type { AnnotationStatus, Peaks, UtteranceDetail } from '../../../core/model/schemas';
import type { GoldRecords } from '../../../core/gold/records';
import { indexBracketText, spanAtOffset } from '../../../core/edit/bracketIndex';
import { EditRefused } from '../../../core/edit/editRefused';
import { labelsInBrackets, loadTree, withTreeText } from '../../../core/edit/goldTrees';
import { buildKeymap, type Command } from '../../../core/edit/keymap';
import { NO_SELECTION, type Selection, selectionValid, selectionWords } from '../../../core/edit/selection';
import type { AnnotationSettings, AnnotationSettingsState } from '../../../core/edit/settings';
import { nodeRange } from '../../../core/edit/treeEdit';
import type { TreeCheck } from '../../../core/edit/treeCheck';
import type { NodePath } from '../../../core/edit/treePaths';
import { call, mediaUrl } from '../bridge';
import { ErrorNote } from '../components/ErrorNote';
import { Waveform, type WaveformHandle } from '../components/Waveform';
import { SpectrogramTier } from '../spectrogram/SpectrogramTier';
import { AxisBody } from './AxisBody';
import { BracketEditor } from './BracketEditor';
import { Clock, currentWordAt, useClock } from './clock';
import { ConceptPanel } from './ConceptPanel';
import { EntityTier } from './EntityTier';
import { LabelPrompt, type PromptRequest } from './LabelPrompt';
import { markEnd, markStart } from './perf';
import { type CommandEnv, runCommand } from './runCommand';
import { ShortcutSheet } from './ShortcutSheet';
import { TierRow } from './TierRow';
import type { TierActions } from './tierActions';
import { TimeAxis } from './timeAxis';
import { TransportBar } from './TransportBar';
import { TreeTier } from './TreeTier';
import { useGoldEditor } from './useGoldEditor';
import { useWorkspaceKeys } from './useWorkspaceKeys';
import { WordTier } from './WordTier';
import { WorkspaceToolbar } from './WorkspaceToolbar';

interface Props {
  detail: UtteranceDetail;
  peaks: Peaks | null;
  goldState: GoldState;
  settings: AnnotationSettingsState;
  position: { index: number; count: number };
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
  const current = useClock(clock, (t) => currentWordAt(gold.words, t));

  const trees = useMemo(() => gold.trees.map((t) => loadTree(gold, t)), [gold]);
  const shown = trees.find((t) => t.gold.name === treeName) ?? trees[0] ?? null;
  const tree = textProblems === 0 ? (shown?.tree ?? null) : null;
  const ctx = useMemo(
    () => ({ wordCount: gold.words.length, tree, entities: gold.entities, playheadWord: current }),
    [gold, tree, current],
  );
  const sel = selectionValid(selection, ctx) ? selection : NO_SELECTION;
  const span = selectionWords(sel, ctx);
  const audioSec = peaks?.durationSec ?? detail.audio.durationSec;
  // Words stay within the utterance (several utterances may share one recording).
  const limits = useMemo(() => ({ minSec: u.startSec, maxSec: u.endSec }), [u.startSec, u.endSec]);
  const keymap = useMemo(() => buildKeymap(settings.settings.entityTypes), [settings]);
  const labels = useMemo(
    () =>
      [
        ...new Set([
          ...settings.settings.treeLabels,
          ...settings.labelsInUse,
          ...labelsInBrackets(gold.trees.map((t) => t.bracket)),
        ]),
      ].sort(),
    [settings, gold.trees],
  );

  const say = editor.say;
  const refuse = useCallback((text: string) => say({ kind: 'error', text }), [say]);
  const playWords = useCallback(
    (first: number, last: number) => {
      const g = editor.current();
      const a = g.words[first];
      const b = g.words[last];
      if (a && b) waveform.current?.playRange(a.startSec, b.endSec);
    },
    [editor],
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
  const loop = useCallback(
    (words: [number, number] | null) => {
      const g = editor.current();
      const range = words
        ? { startSec: g.words[words[0]]!.startSec, endSec: g.words[words[1]]!.endSec }
        : null;
      waveform.current?.setLoop(range);
      setLooping(range !== null);
    },
    [editor],
  );
  const askPrompt = useCallback(
    (req: PromptRequest) =>
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
    [refuse],
  );

  // Commands read the latest state through one ref, so the key listener is attached once.
  const env = useRef<CommandEnv | null>(null);
  const envNow: CommandEnv = {
    gold: editor.current,
    selection: sel,
    treeName: shown?.gold.name ?? null,
    textProblems,
    time: () => clock.time,
    limits,
    labels,
    entityTypes: settings.settings.entityTypes.map((t) => t.type),
    commit: (next, label, notes, select) => {
      editor.commit(next, label, notes);
      if (select) setSelection(select);
    },
    select: setSelection,
    prompt: askPrompt,
    playWords,
    player: {
      playPause: () => waveform.current?.playPause(),
      loop,
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
      navigate: onNavigate,
      back: onBack,
      undo: () => void editor.undo(),
      redo: () => void editor.redo(),
      focusText: () => focusText.current?.(),
      focusConcepts: () => focusConcepts.current?.(),
      toggleSheet: () => setSheet((s) => !s),
      toggleSpectrogram: () => setSpectrogram((s) => !s),
      showTree: setTreeName,
    },
  };
  useLayoutEffect(() => {
    env.current = envNow;
  });
  const run = useCallback((cmd: Command) => runCommand(cmd, env.current!), []);
  useWorkspaceKeys(keymap, prompt === null && !sheet, run, refuse);

  const { current: currentGold, preview, finish } = editor;
  const actions = useMemo<TierActions>(
    () => ({
      axis,
      limits,
      selectWords: (anchor, focus) => setSelection({ kind: 'words', anchor, focus }),
      selectNodes: (path: NodePath, extend) =>
        setSelection((s) => {
          const p = [...path];
          if (extend && s.kind === 'nodes' && s.range.parent && p.length === s.range.parent.length + 1) {
            const i = p[p.length - 1]!;
            if (s.range.parent.every((v, k) => v === p[k]))
              return {
                kind: 'nodes',
                range: { ...s.range, from: Math.min(s.range.from, i), to: Math.max(s.range.to, i) },
              };
          }
          return { kind: 'nodes', range: nodeRange(p) };
        }),
      selectEntity: (index) => setSelection({ kind: 'entity', index }),
      playWords,
      rename: () => run({ action: 'rename' }),
      current: currentGold,
      preview,
      finish,
      refuse,
    }),
    [axis, limits, playWords, run, currentGold, preview, finish, refuse],
  );

  // Typing in the bracket text: a valid text redraws the tree at once and is saved after a pause.
  const typingTimer = useRef(0);
  const onTextEdit = useCallback(
    (text: string, check: TreeCheck) => {
      if (!check.tree || !shown) return;
      editor.preview(withTreeText(editor.current(), shown.gold.name, text));
      window.clearTimeout(typingTimer.current);
      typingTimer.current = window.setTimeout(
        () => editor.finish(`edit the bracket text of "${shown.gold.name}"`),
        800,
      );
    },
    [editor, shown],
  );
  useEffect(() => () => window.clearTimeout(typingTimer.current), []);
  const onTextCursor = useCallback((offset: number, text: string) => {
    const s = spanAtOffset(indexBracketText(text), offset);
    if (!s) return;
    setSelection(
      s.leafIndex >= 0
        ? { kind: 'words', anchor: s.leafIndex, focus: s.leafIndex }
        : { kind: 'nodes', range: nodeRange(s.path) },
    );
  }, []);

  // Where the selection is in the bracket text, to select it there too.
  const bracket = shown?.gold.bracket ?? null;
  const reveal = useMemo(() => {
    if (!bracket || !tree || !span) return null;
    const spans = indexBracketText(bracket);
    if (sel.kind === 'nodes') {
      const r = sel.range;
      const key = (i: number): string => (r.parent === null ? '' : [...r.parent, i].join('.'));
      const a = spans.find((s) => s.path.join('.') === key(r.from));
      const b = spans.find((s) => s.path.join('.') === key(r.to));
      return a && b ? { start: a.start, end: b.end } : null;
    }
    const leaves = spans.filter((s) => s.leafIndex >= 0);
    const a = leaves[span[0]];
    const b = leaves[span[1]];
    return a && b ? { start: a.start, end: b.end } : null;
  }, [bracket, tree, sel, span?.[0], span?.[1]]); // eslint-disable-line react-hooks/exhaustive-deps

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

  const words = gold.words;
  const wordTexts = useMemo(() => words.map((w) => w.text), [words]);
  const band =
    span && words[span[0]] && words[span[1]]
      ? { startSec: words[span[0]]!.startSec, endSec: words[span[1]]!.endSec }
      : null;
  return (
    <main className="page utterance-view" ref={root} data-utterance={u.id}>
      <WorkspaceToolbar
        detail={detail}
        wordCount={words.length}
        position={position}
        status={status}
        onStatus={changeStatus}
        onBack={onBack}
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
          durationSec={audioSec}
          waveform={waveform}
          band={band}
          top={
            peaks ? (
              <Waveform
                url={mediaUrl(detail.audio.id)}
                peaks={peaks}
                words={words}
                startSec={u.startSec}
                endSec={u.endSec}
                currentWord={current}
                axis={axis}
                onTime={(t) => clock.set(t)}
                onPlaying={setPlaying}
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
                  message: `The audio file ${detail.audio.path} is ${detail.audio.state}; it is not played.`,
                }}
              />
            )
          }
        >
          {spectrogram && peaks && (
            <TierRow name="spectrogram">
              <SpectrogramTier url={mediaUrl(detail.audio.id)} startSec={u.startSec} endSec={u.endSec} />
            </TierRow>
          )}
          <TierRow name="words">
            <WordTier
              words={words}
              selected={sel.kind === 'words' ? span : null}
              current={current}
              actions={actions}
            />
          </TierRow>
          <TierRow name="entities">
            <EntityTier
              entities={gold.entities}
              words={words}
              selected={sel.kind === 'entity' ? sel.index : -1}
              current={current}
              actions={actions}
            />
          </TierRow>
          <TierRow
            name={
              trees.length > 1 ? (
                <select
                  aria-label="Tree shown"
                  value={shown?.gold.name ?? ''}
                  onChange={(e) => setTreeName(e.target.value)}
                >
                  {trees.map((t) => (
                    <option key={t.gold.name}>{t.gold.name}</option>
                  ))}
                </select>
              ) : (
                `tree${shown ? `: ${shown.gold.name}` : ''}`
              )
            }
          >
            <TreeTier
              tree={tree}
              typed={shown?.gold.typed ?? false}
              words={words}
              selected={sel.kind === 'nodes' ? sel.range : null}
              current={current}
              actions={actions}
              emptyText={
                !shown
                  ? 'No tree yet: select words and press W to start one.'
                  : textProblems > 0
                    ? 'The bracket text has problems; the drawing waits until it is a valid tree.'
                    : `Tree "${shown.gold.name}" does not fit the words: ${shown.problems[0] ?? ''}`
              }
            />
          </TierRow>
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
          <p className="transcript-words" aria-label="Transcript">
            {words.map((w, i) => (
              <button
                type="button"
                key={i}
                tabIndex={-1}
                className={i === current ? 'word current' : 'word'}
                onClick={() => {
                  setSelection({ kind: 'words', anchor: i, focus: i });
                  playWords(i, i);
                }}
              >
                {w.text}
              </button>
            ))}
          </p>
          <div className="side-panels">
            <BracketEditor
              text={bracket}
              typed={shown?.gold.typed ?? false}
              words={wordTexts}
              reveal={reveal}
              labels={labels}
              onEdit={onTextEdit}
              onCursor={onTextCursor}
              onProblems={setTextProblems}
              onLeave={() => (document.activeElement as HTMLElement | null)?.blur()}
              onUndo={() => void editor.undo()}
              onRedo={() => void editor.redo()}
              focusRef={focusText}
            />
            <ConceptPanel
              gold={gold}
              onCommit={(fields, label) =>
                editor.commit({ ...editor.current(), ...fields } as GoldRecords, label)
              }
              onPreview={(fields) => editor.preview({ ...editor.current(), ...fields })}
              onFinish={editor.finish}
              focusRef={focusConcepts}
            />
          </div>
        </>
      )}
      {prompt && <LabelPrompt request={prompt} onClose={() => setPrompt(null)} />}
      {sheet && (
        <ShortcutSheet settings={settings.settings} onSave={onSettings} onClose={() => setSheet(false)} />
      )}
    </main>
  );
}
