import { useCallback, useState } from 'react';
import { describeAudioState } from '../../core/model/audioState';
import type { ProjectSummary, UtteranceSummary } from '../../core/model/schemas';
import { call } from './bridge';
import { ErrorNote } from './components/ErrorNote';
import { ProjectView } from './components/ProjectView';
import { UtteranceView } from './components/UtteranceView';
import { useLoad } from './hooks/useApi';
import type { ErrorFocus } from './workspace/errorFocus';

interface ProjectData {
  summary: ProjectSummary;
  utterances: UtteranceSummary[];
  transport: string;
}

async function loadProject(): Promise<ProjectData> {
  const [info, summary, utterances] = await Promise.all([
    call('app:info', {}),
    call('project:summary', {}),
    call('utterance:list', {}),
  ]);
  return { summary, utterances, transport: info.transport };
}

/** The studio: the project's utterance list, or one utterance under the waveform. */
export function App() {
  const [reload, setReload] = useState(0);
  const project = useLoad(loadProject, [reload]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The error to select and play in the utterance opened from the ASR error lists.
  const [focus, setFocus] = useState<ErrorFocus | null>(null);

  const open = useCallback((id: string, errorFocus?: ErrorFocus) => {
    setSelectedId(id);
    setOpenId(id);
    setFocus(errorFocus ?? null);
  }, []);
  const close = useCallback(() => {
    setOpenId(null);
    setReload((n) => n + 1);
  }, []);

  if (project.status === 'loading') return <div className="page muted">Opening project…</div>;
  if (project.status === 'error')
    return (
      <div className="page">
        <ErrorNote error={project.error} />
      </div>
    );
  const { summary, utterances } = project.value;
  const index = openId === null ? -1 : utterances.findIndex((u) => u.id === openId);

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
      {index >= 0 ? (
        <UtteranceView
          key={openId}
          utteranceId={openId!}
          position={{ index, count: utterances.length }}
          focus={focus}
          onBack={close}
          onNavigate={(delta) => {
            const next = utterances[index + delta];
            if (next) open(next.id);
          }}
        />
      ) : (
        <ProjectView utterances={utterances} selectedId={selectedId} onSelect={setSelectedId} onOpen={open} />
      )}
    </div>
  );
}
