import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { UtteranceSummary } from '../../../core/model/schemas';
import { formatTime, STATUS_LABEL } from '../format';
import { isTyping } from '../hooks/useApi';
import type { ErrorFocus } from '../workspace/errorFocus';
import { AdjudicateButton } from '../adjudication/AdjudicateButton';
import { ErrorNote } from './ErrorNote';
import { ScoringSection } from './ScoringSection';
import { hidesOthers, useActingAs } from '../team/actingAs';
import { TeamSection } from '../team/TeamSection';
import { type UtteranceOrder, useUtteranceWindows } from './useUtteranceWindows';
import './projectPage.css';

/** Where the list was left: its filter, order and how far it was scrolled (restored when the user comes back). */
export interface ListPlace {
  filter: string;
  scrollTop: number;
  /** The list's order (the project's when absent). */
  sort?: UtteranceOrder;
}

interface Props {
  /** How many utterances the project has. */
  count: number;
  selectedId: string | null;
  onSelect(id: string): void;
  /** Opens an utterance; `focus` is an error of the ASR error lists to select and play in it. */
  onOpen(id: string, focus?: ErrorFocus): void;
  /** Opens an utterance's adjudication view. */
  onAdjudicate?(id: string): void;
  place: ListPlace;
  onPlace(place: ListPlace): void;
}

/** A row's height in pixels until one is measured. */
const ROW_HEIGHT = 33;
/** Rows drawn above and below those in view. */
const MARGIN_ROWS = 20;

/**
 * The utterance list: filter box, ↑/↓ to move, Enter to open, / to filter. Only the rows in view (and a
 * margin) are drawn, read page by page from the store as the list scrolls; the store filters.
 */
export function ProjectView({ count, selectedId, onSelect, onOpen, onAdjudicate, place, onPlace }: Props) {
  const [filter, setFilter] = useState(place.filter);
  const [chosenSort, setSort] = useState<UtteranceOrder>(place.sort ?? 'project');
  // An annotator of a project that annotates blind is not told where the others disagree with them.
  const blind = hidesOthers(useActingAs());
  const sort = blind ? 'project' : chosenSort;
  const [scrollTop, setScrollTop] = useState(place.scrollTop);
  const [viewHeight, setViewHeight] = useState(480);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT);
  // The highlighted row's place in the filtered list (the selected utterance's, or the first).
  const [selIndex, setSelIndex] = useState(0);
  const filterRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  // The first answer is for the rows where the list was left; later filters start at the top.
  const [initialRow] = useState(() => Math.floor(place.scrollTop / ROW_HEIGHT));
  const [answered, setAnswered] = useState(false);
  const lists = useUtteranceWindows(filter, selectedId, answered ? 0 : initialRow, sort);
  const { total, located, row, want, fetchRow } = lists;
  const shownFilter = located?.filter ?? filter;

  /** Scrolls so that row `index` is in view under the header, as little as it takes. */
  const reveal = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el) return;
      const head = headRef.current?.offsetHeight ?? 0;
      const top = index * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight - head)
        el.scrollTop = top + rowHeight - (el.clientHeight - head);
    },
    [rowHeight],
  );

  // A new answer for a filter: the selected utterance stays highlighted when it matches, else the first row.
  const placed = useRef<typeof located>(null);
  useLayoutEffect(() => {
    if (!located || placed.current === located) return;
    const first = placed.current === null;
    placed.current = located;
    setAnswered(true);
    const index = located.position ?? 0;
    setSelIndex(index);
    const el = scrollRef.current;
    if (el && first) el.scrollTop = place.scrollTop;
    reveal(index);
  }, [located, place.scrollTop, reveal]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = (): void => setViewHeight(el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rows = total ?? 0;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - MARGIN_ROWS);
  const last = Math.min(rows - 1, Math.ceil((scrollTop + viewHeight) / rowHeight) + MARGIN_ROWS);
  useEffect(() => {
    if (rows > 0) want(first, last);
  }, [first, last, rows, want]);

  // The first row drawn gives the height every row has.
  useLayoutEffect(() => {
    const tr = scrollRef.current?.querySelector<HTMLElement>('tbody tr[data-utterance-id]');
    if (tr && tr.offsetHeight > 0 && tr.offsetHeight !== rowHeight) setRowHeight(tr.offsetHeight);
  }, [rowHeight, total, first]);

  const select = useCallback(
    (index: number, id: string) => {
      setSelIndex(index);
      onSelect(id);
    },
    [onSelect],
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
        if (rows === 0) return;
        const index = Math.min(rows - 1, Math.max(0, selIndex + (e.key === 'ArrowDown' ? 1 : -1)));
        reveal(index);
        const u = row(index);
        if (u) select(index, u.id);
        else void fetchRow(index).then((f) => f && select(index, f.id));
      } else if (e.key === 'Enter') {
        const cur = row(selIndex);
        if (cur) onOpen(cur.id);
      } else if (e.key === 'Escape' && isTyping(e)) {
        setFilter('');
        (e.target as HTMLElement).blur();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, selIndex, row, fetchRow, select, reveal, onOpen]);

  // Where the list is left goes to the app when the list goes (an utterance opens).
  const left = useRef<ListPlace>(place);
  useEffect(() => {
    left.current = { filter, scrollTop, sort: chosenSort };
  }, [filter, scrollTop, chosenSort]);
  useEffect(() => () => onPlace(left.current), [onPlace]);

  const drawn: { index: number; u: UtteranceSummary | undefined }[] = [];
  for (let i = first; i <= last; i++) drawn.push({ index: i, u: row(i) });
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
            {!blind && (
              <select
                aria-label="Order of the utterances"
                value={sort}
                onChange={(e) => setSort(e.target.value === 'disagreement' ? 'disagreement' : 'project')}
                data-own-keys=""
                data-testid="list-order"
                title="Most disagreement first: the utterances annotated by two or more annotators, by the number of differences between their layers"
              >
                <option value="project">Project order</option>
                <option value="disagreement">Most disagreement first</option>
              </select>
            )}
            <span className="muted" data-testid="list-count">
              {total ?? '—'} of {count} · ↑/↓ move · Enter open
            </span>
            {lists.ordering && (
              <span className="muted" role="status" data-testid="list-ordering">
                Counting the differences for this order… {lists.ordering.done} of {lists.ordering.total}
              </span>
            )}
            {onAdjudicate && <AdjudicateButton utteranceId={selectedId} onAdjudicate={onAdjudicate} />}
          </div>
          {lists.error && <ErrorNote error={lists.error} />}
          <div
            className="utterances-scroll"
            ref={scrollRef}
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            aria-busy={total === null || shownFilter !== filter || lists.ordering !== null}
          >
            {total !== null && (
              <table className="utterances virtual" aria-label="Utterances" aria-rowcount={rows + 1}>
                <colgroup>
                  <col className="col-id" />
                  <col className="col-speaker" />
                  <col className="col-duration" />
                  <col />
                  <col className="col-status" />
                </colgroup>
                <thead ref={headRef}>
                  <tr>
                    <th>Id</th>
                    <th>Speaker</th>
                    <th className="num">Duration</th>
                    <th>Transcript</th>
                    <th>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {first > 0 && <tr className="spacer" aria-hidden style={{ height: first * rowHeight }} />}
                  {drawn.map(({ index: i, u }) => {
                    if (!u)
                      return (
                        <tr key={`row-${i}`} className="pending" aria-rowindex={i + 2}>
                          <td colSpan={5} />
                        </tr>
                      );
                    return (
                      <tr
                        key={u.id}
                        className={i === selIndex ? 'selected' : undefined}
                        aria-selected={i === selIndex}
                        aria-rowindex={i + 2}
                        onClick={() => select(i, u.id)}
                        onDoubleClick={() => onOpen(u.id)}
                        data-utterance-id={u.id}
                      >
                        <td className="mono">{u.id}</td>
                        <td>{u.speaker}</td>
                        <td className="num mono">{formatTime(u.durationSec)}</td>
                        <td className="transcript" title={u.transcript}>
                          {u.transcript}
                        </td>
                        <td>
                          <span className={`status status-${u.status}`}>{STATUS_LABEL[u.status]}</span>
                        </td>
                      </tr>
                    );
                  })}
                  {last < rows - 1 && (
                    <tr className="spacer" aria-hidden style={{ height: (rows - 1 - last) * rowHeight }} />
                  )}
                  {total === 0 && (
                    <tr>
                      <td colSpan={5} className="muted">
                        No utterance matches “{shownFilter}”.
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            )}
          </div>
        </section>
        <TeamSection count={count} filter={filter} selectedId={row(selIndex)?.id ?? null} />
      </ScoringSection>
    </main>
  );
}
