import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UtteranceSummary } from '../../../core/model/schemas';
import type { ApiErrorShape } from '../../../core/errors';
import { ApiCallError, call } from '../bridge';
import { useActingAs, useTeamChanges } from '../team/actingAs';
import { takeFirst } from '../firstCalls';

/** Rows asked for at a time. */
export const PAGE_ROWS = 100;
/** The window the list asks for first when it opens at the top without a filter (sent early: `firstCalls`). */
export const FIRST_WINDOW = { offset: 0, limit: PAGE_ROWS, filter: '', sort: 'project' } as const;
/** Pages kept around the rows shown; farther ones are dropped, so memory does not grow with the list. */
const KEPT_PAGES = 8;
/** How long the list waits before asking again for an order the store is still counting. */
const ORDER_RETRY_MS = 250;

interface Pages {
  filter: string;
  sort: UtteranceOrder;
  rows: Map<number, UtteranceSummary[]>;
  pending: Set<number>;
}

/** The list's order: the project's, or most disagreement between annotators first. */
export type UtteranceOrder = 'project' | 'disagreement';

/** What the list knows of the utterances matching its filter. */
export interface UtteranceWindows {
  /** How many utterances match the filter shown; null until the first answer. */
  total: number | null;
  /** The filter whose rows are shown, and where the utterance to locate is among them (null: it does not match). */
  located: { filter: string; position: number | null } | null;
  error: ApiErrorShape | null;
  /**
   * The order asked for is being counted by the store (`done` of `total` utterances): no row is there
   * until it is ready (the list asks again meanwhile); null otherwise.
   */
  ordering: { done: number; total: number } | null;
  /** The row at `index`, when its page has arrived. */
  row(index: number): UtteranceSummary | undefined;
  /** Asks for the pages holding rows `first..last` that are not there yet. */
  want(first: number, last: number): void;
  /** The row at `index`, asked for when its page is not there. */
  fetchRow(index: number): Promise<UtteranceSummary | undefined>;
}

function apiError(err: unknown): ApiErrorShape {
  return err instanceof ApiCallError ? err.error : { code: 'INTERNAL', message: String(err) };
}

/**
 * The utterance list by pages from the store, in `sort` order: a change of filter or order asks for the
 * page at `startRow` with `locate` found among the matches, scrolling asks for the pages it reaches;
 * answers for an earlier filter or order are dropped.
 */
export function useUtteranceWindows(
  filter: string,
  locate: string | null,
  startRow: number,
  sort: UtteranceOrder = 'project',
): UtteranceWindows {
  // Acting as an annotator, the list is theirs: their assigned utterances with their layer's status (the
  // list is drawn anew when the choice changes).
  const annotator = useActingAs().annotator;
  const mine = useMemo(() => (annotator !== null ? { annotator } : {}), [annotator]);
  // An assignment made on the project page changes an annotator's list: it is asked for again.
  const assignments = useTeamChanges('assignments');
  const reassigned = annotator !== null ? assignments : 0;
  // The pages shown, and the filter asked for last: the rows of the previous filter stay until its answer.
  const pages = useRef<Pages>({ filter: '', sort: 'project', rows: new Map(), pending: new Set() });
  const asked = useRef<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [located, setLocated] = useState<UtteranceWindows['located']>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [ordering, setOrdering] = useState<UtteranceWindows['ordering']>(null);
  // Asking again for an order being counted: bumped a moment after an answer said it is not ready.
  const [retry, setRetry] = useState(0);
  const [, setTick] = useState(0);
  const askAgain = useRef<ReturnType<typeof setTimeout> | null>(null);
  const notReady = useCallback((pending: { done: number; total: number }) => {
    setOrdering(pending);
    if (askAgain.current === null)
      askAgain.current = setTimeout(() => {
        askAgain.current = null;
        setRetry((n) => n + 1);
      }, ORDER_RETRY_MS);
  }, []);
  useEffect(
    () => () => {
      if (askAgain.current !== null) clearTimeout(askAgain.current);
    },
    [],
  );

  const keep = useCallback((p: Pages, page: number, items: UtteranceSummary[]) => {
    p.pending.delete(page);
    p.rows.set(page, items);
    if (p.rows.size > KEPT_PAGES) {
      const far = [...p.rows.keys()].sort((a, b) => Math.abs(b - page) - Math.abs(a - page));
      for (const k of far.slice(0, p.rows.size - KEPT_PAGES)) p.rows.delete(k);
    }
  }, []);

  useEffect(() => {
    const p: Pages = { filter, sort, rows: new Map(), pending: new Set() };
    const key = `${sort}\u0000${filter}`;
    asked.current = key;
    const page = Math.floor(startRow / PAGE_ROWS);
    const at = locate;
    p.pending.add(page);
    // The window sent before the first render, when it is this one.
    const early = takeFirst('utterance:list');
    const isFirst =
      page === 0 && filter === '' && sort === 'project' && at === null && !('annotator' in mine);
    (
      (isFirst ? early : null) ??
      call('utterance:list', {
        offset: page * PAGE_ROWS,
        limit: PAGE_ROWS,
        filter,
        sort,
        ...(at !== null ? { locate: at } : {}),
        ...mine,
      })
    ).then(
      (w) => {
        if (asked.current !== key) return;
        pages.current = p;
        setTotal(w.total);
        if (w.pending) {
          // Not ready: no rows rather than rows in another order; asked again in a moment.
          p.pending.clear();
          return notReady(w.pending);
        }
        setOrdering(null);
        keep(p, page, w.items);
        setError(null);
        setLocated({ filter, position: w.position ?? null });
        setTick((n) => n + 1);
      },
      (err: unknown) => asked.current === key && setError(apiError(err)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- where to start and what to locate are read when the filter changes, and are no reason to ask again
  }, [filter, sort, keep, retry, reassigned]);

  const fetchPage = useCallback(
    async (page: number): Promise<void> => {
      const p = pages.current;
      if (p.rows.has(page) || p.pending.has(page)) return;
      p.pending.add(page);
      try {
        const w = await call('utterance:list', {
          offset: page * PAGE_ROWS,
          limit: PAGE_ROWS,
          filter: p.filter,
          sort: p.sort,
          ...mine,
        });
        if (pages.current !== p) return;
        if (w.pending) {
          // The order changed under the list (another edit): asked for again from the start.
          p.pending.delete(page);
          return notReady(w.pending);
        }
        keep(p, page, w.items);
        setTotal(w.total);
        setTick((n) => n + 1);
      } catch (err) {
        p.pending.delete(page);
        if (pages.current === p) setError(apiError(err));
      }
    },
    [keep, mine, notReady],
  );

  const row = useCallback(
    (index: number) => pages.current.rows.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS],
    [],
  );
  const want = useCallback(
    (first: number, last: number) => {
      for (let page = Math.floor(first / PAGE_ROWS); page <= Math.floor(last / PAGE_ROWS); page++)
        void fetchPage(page);
    },
    [fetchPage],
  );
  const fetchRow = useCallback(
    async (index: number) => {
      await fetchPage(Math.floor(index / PAGE_ROWS));
      return row(index);
    },
    [fetchPage, row],
  );
  return {
    total,
    located,
    error,
    ordering,
    row,
    want,
    fetchRow,
  };
}
