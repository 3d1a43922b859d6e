import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnnotationStatus, Peaks, UtteranceDetail, Word } from '../../../core/model/schemas';
import { call, mediaUrl } from '../bridge';
import { formatTime, STATUS_LABEL } from '../format';
import { isTyping, useLoad } from '../hooks/useApi';
import { ErrorNote } from './ErrorNote';
import { Waveform, type WaveformHandle } from './Waveform';

interface Props {
  utteranceId: string;
  position: { index: number; count: number };
  onBack(): void;
  onNavigate(delta: number): void;
}

/** Index of the word whose interval holds `t`, or -1 (intervals are half-open, as a playhead crosses them). */
export function wordAt(words: Word[], t: number): number {
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = words[mid]!;
    if (t < w.startSec) hi = mid - 1;
    else if (t >= w.endSec) lo = mid + 1;
    else return mid;
  }
  return -1;
}

async function loadUtterance(id: string): Promise<{ detail: UtteranceDetail; peaks: Peaks | null }> {
  const detail = await call('utterance:get', { utteranceId: id });
  const peaks = detail.audio.state === 'ok' ? await call('audio:peaks', { audioId: detail.audio.id }) : null;
  return { detail, peaks };
}

/** One utterance: waveform with its word regions, transcript with the playhead's word, status. */
export function UtteranceView({ utteranceId, position, onBack, onNavigate }: Props) {
  const loaded = useLoad(() => loadUtterance(utteranceId), [utteranceId]);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [pxPerSec, setPxPerSec] = useState(0);
  const [status, setStatus] = useState<AnnotationStatus | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const handle = useRef<WaveformHandle | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (isTyping(e)) return;
      if (e.key === 'Escape') onBack();
      else if (e.key === ']' || e.key === 'PageDown') onNavigate(1);
      else if (e.key === '[' || e.key === 'PageUp') onNavigate(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onBack, onNavigate]);

  const words = loaded.status === 'ready' ? loaded.value.detail.words : null;
  // A word played to its end leaves the playhead on its end boundary: it stays the current word.
  const current = useMemo(() => {
    if (!words) return -1;
    const i = wordAt(words, time);
    return i >= 0 ? i : wordAt(words, time - 0.002);
  }, [words, time]);

  if (loaded.status === 'loading') return <main className="page muted">Loading {utteranceId}…</main>;
  if (loaded.status === 'error')
    return (
      <main className="page">
        <ErrorNote error={loaded.error} />
      </main>
    );
  const { detail, peaks } = loaded.value;
  const u = detail.utterance;
  const shownStatus = status ?? u.status;

  const changeStatus = (next: AnnotationStatus): void => {
    setStatus(next);
    call('utterance:setStatus', { utteranceId: u.id, status: next }).then(
      (saved) => {
        setStatus(saved.status);
        setSaveError(null);
      },
      (err: Error) => {
        setStatus(null);
        setSaveError(err.message);
      },
    );
  };

  return (
    <main className="page utterance-view">
      <div className="toolbar">
        <button type="button" onClick={onBack} title="Back to the list (Esc)">
          ← Utterances
        </button>
        <h1 className="mono">{u.id}</h1>
        <span className="muted">
          {position.index + 1}/{position.count} · speaker {u.speaker || '—'} · {formatTime(u.durationSec)} s ·{' '}
          {detail.words.length} words
        </span>
        <span className="spacer" />
        <label className="muted">
          Status{' '}
          <select
            value={shownStatus}
            onChange={(e) => changeStatus(e.target.value as AnnotationStatus)}
            aria-label="Annotation status"
          >
            {(Object.keys(STATUS_LABEL) as AnnotationStatus[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {saveError && <ErrorNote error={{ code: 'INTERNAL', message: `Status not saved: ${saveError}` }} />}
      {peaks ? (
        <Waveform
          url={mediaUrl(detail.audio.id)}
          peaks={peaks}
          words={detail.words}
          startSec={u.startSec}
          endSec={u.endSec}
          currentWord={current}
          onTime={setTime}
          onPlaying={setPlaying}
          onZoom={setPxPerSec}
          handleRef={handle}
        />
      ) : (
        <ErrorNote
          error={{
            code: detail.audio.state === 'missing' ? 'FILE_MISSING' : 'BAD_FILE',
            message: `The audio file ${detail.audio.path} is ${detail.audio.state}; it is not played.`,
          }}
        />
      )}
      <div className="transport-bar">
        <span className="playstate">{playing ? '▶ playing' : '❚❚ paused'}</span>
        <span className="mono" data-testid="current-time">
          {formatTime(time)}
        </span>
        <span className="muted">zoom {Math.round(pxPerSec)} px/s</span>
        <span className="spacer" />
        <span className="muted keys">
          Space play/pause · click a word to hear it · wheel or +/− zoom · 0 fit · [ ] previous/next · Esc
          list
        </span>
      </div>
      <p className="transcript-words" aria-label="Transcript">
        {detail.words.map((w, i) => (
          <button
            type="button"
            key={w.index}
            className={i === current ? 'word current' : 'word'}
            title={`${formatTime(w.startSec)}–${formatTime(w.endSec)}`}
            onClick={() => handle.current?.playWord(w.index)}
          >
            {w.text}
          </button>
        ))}
      </p>
      {u.transcript && u.transcript !== detail.words.map((w) => w.text).join(' ') && (
        <p className="muted">Transcript: {u.transcript}</p>
      )}
    </main>
  );
}
