import { useCallback, useEffect, useRef, useState } from 'react';
import { describeAudioState } from '../../core/model/audioState';
import type { ProjectSummary } from '../../core/model/schemas';
import { ApiCallError, call } from './bridge';
import { ErrorNote } from './components/ErrorNote';
import { takeFirst } from './firstCalls';
import { type ListPlace, ProjectView } from './components/ProjectView';
import { UtteranceView } from './components/UtteranceView';
import type { Loaded } from './hooks/useApi';
import { parsePlace, placeHash } from './placeInUrl';
import type { ErrorFocus } from './workspace/errorFocus';
import { ActingAsChoice, ActingAsProvider, useActingAsChoice } from './team/actingAs';

interface ProjectData {
  summary: ProjectSummary;
  transport: string;
}

/** The open utterance and its place in the whole list (project order), which ← and → move along. */
interface Opened {
  id: string;
  /** Its adjudication view rather than its workspace. */
  adjudicate?: boolean;
  position: { index: number; count: number };
}

async function loadProject(): Promise<ProjectData> {
  const [info, summary] = await Promise.all([
    takeFirst('app:info') ?? call('app:info', {}),
    takeFirst('project:summary') ?? call('project:summary', {}),
  ]);
  return { summary, transport: info.transport };
}

/** The studio: the project's utterance list, or one utterance under the waveform. */
export function App() {
  const [reload, setReload] = useState(0);
  // While the counts are read again (back from an utterance), the page keeps showing the last ones.
  const [project, setProject] = useState<Loaded<ProjectData>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadProject().then(
      (value) => live && setProject({ status: 'ready', value }),
      (err: unknown) =>
        live &&
        setProject({
          status: 'error',
          error: err instanceof ApiCallError ? err.error : { code: 'INTERNAL', message: String(err) },
        }),
    );
    return () => {
      live = false;
    };
  }, [reload]);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Where the list was left, restored when the user comes back to it.
  const [place, setPlace] = useState<ListPlace>({ filter: '', scrollTop: 0 });
  // The error to select and play in the utterance opened from the ASR error lists.
  const [focus, setFocus] = useState<ErrorFocus | null>(null);
  // Who the studio works as (an annotator's layer or the adjudicated one), and the list it works from.
  const team = useActingAsChoice(project.status === 'ready' ? project.value.summary.path : null, reload);
  const actingAnnotator = team.acting.annotator;

  // Every open or close counts a turn: an utterance's place answered after a later turn is dropped.
  const turns = useRef(0);
  const show = useCallback((next: Opened | null) => {
    turns.current++;
    setOpened(next);
  }, []);
  const open = useCallback(
    (id: string, errorFocus?: ErrorFocus, position?: Opened['position'], adjudicate = false) => {
      setSelectedId(id);
      setFocus(errorFocus ?? null);
      if (position) {
        show({ id, position, adjudicate });
        return;
      }
      const turn = ++turns.current;
      const mine = actingAnnotator !== null ? { annotator: actingAnnotator } : {};
      call('utterance:list', { limit: 0, locate: id, ...mine }).then(
        (w) =>
          turn === turns.current &&
          w.position != null &&
          setOpened({ id, adjudicate, position: { index: w.position, count: w.total } }),
        () => turn === turns.current && setOpened(null),
      );
    },
    [show, actingAnnotator],
  );
  const close = useCallback(() => {
    show(null);
    setReload((n) => n + 1);
  }, [show]);
  // The open utterance is named in the address: a reload opens it again, back and forward move between
  // it and the list (or the utterance opened before it).
  // The address is followed at startup and on back/forward only: a change of whom the studio acts as
  // (which makes `open` anew) closes the utterance rather than opening the one the address still names.
  const openLatest = useRef(open);
  useEffect(() => {
    openLatest.current = open;
  }, [open]);
  useEffect(() => {
    const follow = (): void => {
      const place = parsePlace(window.location.hash);
      if (place) openLatest.current(place.utteranceId, undefined, undefined, place.adjudicate === true);
      else show(null);
    };
    if (parsePlace(window.location.hash)) follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [show]);
  const openedId = opened?.id ?? null;
  const openedAdjudicate = opened?.adjudicate === true;
  const lastOpened = useRef<string | null>(null);
  useEffect(() => {
    // Until the utterance named at startup is open, the address keeps naming it.
    const was = lastOpened.current;
    lastOpened.current = openedId;
    if (openedId === null && was === null) return;
    const place = parsePlace(window.location.hash);
    if ((place?.utteranceId ?? null) === openedId && (place?.adjudicate === true) === openedAdjudicate)
      return;
    history.pushState(
      null,
      '',
      openedId === null
        ? window.location.pathname + window.location.search
        : placeHash(
            openedAdjudicate ? { utteranceId: openedId, adjudicate: true } : { utteranceId: openedId },
          ),
    );
  }, [openedId, openedAdjudicate]);
  const navigate = useCallback(
    (delta: number) => {
      if (!opened) return;
      const index = opened.position.index + delta;
      if (index < 0 || index >= opened.position.count) return;
      const mine = actingAnnotator !== null ? { annotator: actingAnnotator } : {};
      call('utterance:list', { offset: index, limit: 1, ...mine }).then(
        (w) => {
          const next = w.items[0];
          // The adjudication view stays the adjudication view (where the next utterance has layers to compare).
          if (next) open(next.id, undefined, { index, count: w.total }, opened.adjudicate === true);
        },
        () => undefined,
      );
    },
    [opened, open, actingAnnotator],
  );

  if (project.status === 'loading' || (project.status === 'ready' && !team.ready))
    return <div className="page muted">Opening project…</div>;
  if (project.status === 'error')
    return (
      <div className="page">
        <ErrorNote error={project.error} />
      </div>
    );
  const { summary } = project.value;

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">SIEVE</span>
        <span className="project-name" title={summary.path}>
          {summary.name}
        </span>
        <span className="muted">
          {summary.utterances} utterances · {summary.words} words · {summary.audioFiles} audio files
        </span>
        <ActingAsChoice state={team} onChosen={close} />
        <span className="spacer" />
        <span className="muted transport">
          {project.value.transport === 'electron' ? 'desktop' : 'browser host'}
        </span>
      </header>
      {summary.readOnly && (
        <div className="warning" role="status">
          This project is read-only (its file, its folder or its file system cannot be written): it can be
          viewed and scored, but edits are not saved.
        </div>
      )}
      {summary.audioProblems.length > 0 && (
        <div className="warning" role="status">
          {summary.audioProblems.length} audio file(s) have a problem:{' '}
          {summary.audioProblems.map((a) => `${a.path} (${describeAudioState(a.state)})`).join(', ')}. Their
          utterances cannot be played.
        </div>
      )}
      <ActingAsProvider value={team.acting}>
        {opened ? (
          <UtteranceView
            key={`${opened.adjudicate ? 'adjudicate' : 'u'}:${actingAnnotator ?? ''}:${opened.id}`}
            adjudicate={opened.adjudicate === true}
            onAdjudicate={
              actingAnnotator === null ? () => open(opened.id, undefined, opened.position, true) : undefined
            }
            utteranceId={opened.id}
            position={opened.position}
            focus={focus}
            onBack={close}
            onNavigate={navigate}
          />
        ) : (
          <ProjectView
            key={actingAnnotator ?? ''}
            count={summary.utterances}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onOpen={open}
            onAdjudicate={actingAnnotator === null ? (id) => open(id, undefined, undefined, true) : undefined}
            place={place}
            onPlace={setPlace}
          />
        )}
      </ActingAsProvider>
    </div>
  );
}
