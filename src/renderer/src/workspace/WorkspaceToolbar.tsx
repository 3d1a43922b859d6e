import type { ReactNode } from 'react';
import type { AnnotationStatus, UtteranceDetail } from '../../../core/model/schemas';
import { formatTime, STATUS_LABEL } from '../format';

interface Props {
  detail: UtteranceDetail;
  wordCount: number;
  position: { index: number; count: number };
  status: AnnotationStatus;
  onStatus(s: AnnotationStatus): void;
  onBack(): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  onKeys(): void;
  /** More tools, before undo and redo (the alignment buttons). */
  tools?: ReactNode;
}

/** The utterance's header: back to the list, where it is in the project, undo/redo, status. */
export function WorkspaceToolbar(p: Props) {
  const u = p.detail.utterance;
  return (
    <div className="toolbar">
      <button type="button" onClick={p.onBack} title="Back to the list (Esc)">
        ← Utterances
      </button>
      <h1 className="mono">{u.id}</h1>
      <span className="muted">
        {p.position.index + 1}/{p.position.count} · speaker {u.speaker || '—'} · {formatTime(u.durationSec)} s
        · {p.wordCount} words
      </span>
      <span className="spacer" />
      {p.tools}
      <button type="button" onClick={p.onUndo} disabled={!p.canUndo} title="Undo (Ctrl+Z)" data-testid="undo">
        ↶ Undo
      </button>
      <button
        type="button"
        onClick={p.onRedo}
        disabled={!p.canRedo}
        title="Redo (Ctrl+Shift+Z)"
        data-testid="redo"
      >
        ↷ Redo
      </button>
      <label className="muted">
        Status{' '}
        <select
          value={p.status}
          onChange={(e) => p.onStatus(e.target.value as AnnotationStatus)}
          aria-label="Annotation status"
          title="1 to do · 2 in progress · 3 done · 4 reviewed · Ctrl+Enter done and next"
        >
          {(Object.keys(STATUS_LABEL) as AnnotationStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={p.onKeys} title="All keys (?)">
        ? Keys
      </button>
    </div>
  );
}
