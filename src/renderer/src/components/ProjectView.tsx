import { useEffect, useMemo, useRef, useState } from 'react';
import type { UtteranceSummary } from '../../../core/model/schemas';
import { formatTime, STATUS_LABEL } from '../format';
import { isTyping } from '../hooks/useApi';
import type { ErrorFocus } from '../workspace/errorFocus';
import { ScoringSection } from './ScoringSection';
import './projectPage.css';

interface Props {
  utterances: UtteranceSummary[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** Opens an utterance; `focus` is an error of the ASR error lists to select and play in it. */
  onOpen(id: string, focus?: ErrorFocus): void;
}

/** Does an utterance match every word of the filter (id, speaker, status or transcript)? */
function matches(u: UtteranceSummary, terms: string[]): boolean {
  const hay = `${u.id} ${u.speaker} ${STATUS_LABEL[u.status]} ${u.transcript}`.toLowerCase();
  return terms.every((t) => hay.includes(t));
}

/** The utterance list: filter box, ↑/↓ to move, Enter to open, / to filter. */
export function ProjectView({ utterances, selectedId, onSelect, onOpen }: Props) {
  const [filter, setFilter] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLTableSectionElement>(null);
  const shown = useMemo(() => {
    const terms = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return utterances.filter((u) => matches(u, terms));
  }, [utterances, filter]);
  const selIndex = Math.max(
    0,
    shown.findIndex((u) => u.id === selectedId),
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // Keys on a control of the scoring section (a button, a row of the ranking, a dialog) are theirs.
      if ((e.target as HTMLElement | null)?.closest?.('button, summary, dialog, [data-own-keys]')) return;
      if (e.key === '/' && !isTyping(e)) {
        e.preventDefault();
        filterRef.current?.focus();
        return;
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const next =
          shown[Math.min(shown.length - 1, Math.max(0, selIndex + (e.key === 'ArrowDown' ? 1 : -1)))];
        if (next) onSelect(next.id);
      } else if (e.key === 'Enter') {
        const cur = shown[selIndex];
        if (cur) onOpen(cur.id);
      } else if (e.key === 'Escape' && isTyping(e)) {
        setFilter('');
        (e.target as HTMLElement).blur();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, selIndex, onSelect, onOpen]);

  useEffect(() => {
    listRef.current?.querySelector('tr.selected')?.scrollIntoView({ block: 'nearest' });
  }, [selIndex, shown]);

  return (
    <main className="page project-view">
      <ScoringSection onOpen={onOpen}>
        <section className="utterance-list" aria-label="Utterance list">
          <div className="toolbar">
            <input
              ref={filterRef}
              className="filter"
              type="search"
              placeholder="Filter by id, speaker, status or words   ( / )"
              aria-label="Filter utterances"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <span className="muted">
              {shown.length} of {utterances.length} · ↑/↓ move · Enter open
            </span>
          </div>
          <div className="utterances-scroll">
            <table className="utterances" aria-label="Utterances">
              <thead>
                <tr>
                  <th>Id</th>
                  <th>Speaker</th>
                  <th className="num">Duration</th>
                  <th>Transcript</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody ref={listRef}>
                {shown.map((u, i) => (
                  <tr
                    key={u.id}
                    className={i === selIndex ? 'selected' : undefined}
                    aria-selected={i === selIndex}
                    onClick={() => onSelect(u.id)}
                    onDoubleClick={() => onOpen(u.id)}
                    data-utterance-id={u.id}
                  >
                    <td className="mono">{u.id}</td>
                    <td>{u.speaker}</td>
                    <td className="num mono">{formatTime(u.durationSec)}</td>
                    <td className="transcript">{u.transcript}</td>
                    <td>
                      <span className={`status status-${u.status}`}>{STATUS_LABEL[u.status]}</span>
                    </td>
                  </tr>
                ))}
                {shown.length === 0 && (
                  <tr>
                    <td colSpan={5} className="muted">
                      No utterance matches “{filter}”.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>
      </ScoringSection>
    </main>
  );
}
