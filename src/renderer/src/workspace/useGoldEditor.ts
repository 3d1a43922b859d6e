// The utterance's gold standard as the workspace edits it. An edit shows at once (the records are replaced
// locally) and is saved in the background as one diff through the API, in order; a drag or a burst of
// typing is squashed into one diff, so it is one entry of the history and one undo. Undo and redo are
// the store's, so they survive a restart. When the store refuses a diff as stale (the utterance was
// changed in another window), the editor shows what the store holds, says which edits were not saved,
// and leaves the view and the history alone; edits queued behind the stale one are not sent. A project
// file kept busy by another program refuses nothing: the same diff is sent again. "All saved" is only
// said when what is shown is what the store holds: every edit answered, and after a refusal the
// store's records shown again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GoldState, Output } from '../../../core/api/contract';
import { type GoldDiff, diffGold, squashDiffs } from '../../../core/gold/diff';
import type { GoldRecords } from '../../../core/gold/records';
import { markManualEdit } from '../../../core/gold/wordMarks';
import { ApiCallError, call } from '../bridge';
import { markStart } from './perf';
import { actingLayer, useActingAs } from '../team/actingAs';

/** A message for the annotator: what an edit also did, or why it failed. */
export interface EditMessage {
  kind: 'note' | 'error';
  text: string;
}

/** What the workspace can do with the gold standard. */
export interface GoldEditor {
  /** The records shown (ahead of the store while saves are under way). */
  gold: GoldRecords;
  canUndo: boolean;
  canRedo: boolean;
  /** Saves under way, counting a drag or burst of typing not yet sent as one. */
  saving: number;
  /**
   * An edit was refused and what the store holds could not be read back, so the view may show what is
   * not stored: the indicator says so instead of "all saved" until the next saved edit, undo or redo,
   * or until the message is dismissed.
   */
  refused: boolean;
  message: EditMessage | null;
  /** The current records, also between renders (for handlers that run before React re-renders). */
  current(): GoldRecords;
  /**
   * Shows and saves an edit as one history entry labelled `label`; `onRefused` runs if the store refuses
   * it (to put back what the edit changed in the view, such as the selection).
   */
  commit(next: GoldRecords, label: string, notes?: string[], onRefused?: () => void): void;
  /** Shows a step of a drag or of typing; the steps are saved together by `finish`. */
  preview(next: GoldRecords): void;
  /** Saves the previewed steps as one edit. */
  finish(label: string): void;
  undo(): Promise<void>;
  redo(): Promise<void>;
  say(message: EditMessage | null): void;
  /** Shows the gold the store saved by other means (a re-alignment), with its undo state. */
  adopt(state: GoldState): void;
  /** Resolves once every edit sent so far has been saved or refused. */
  settled(): Promise<void>;
}

/** Keeps an utterance's gold standard (of the layer the studio acts on) in step with the store. */
export function useGoldEditor(utteranceId: string, initial: GoldState): GoldEditor {
  // The layer edited: the annotator's the studio acts as, or the adjudicated one.
  const annotator = useActingAs().annotator;
  const [gold, setGold] = useState(initial.gold);
  const [history, setHistory] = useState({ canUndo: initial.canUndo, canRedo: initial.canRedo });
  const [saving, setSaving] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState(false);
  // Stored gold an older version let through opens with what is wrong with it, to be fixed here.
  const [message, setMessage] = useState<EditMessage | null>(() =>
    initial.problems
      ? { kind: 'error', text: `This utterance's stored gold needs fixing: ${initial.problems.join('; ')}.` }
      : null,
  );
  const goldRef = useRef(initial.gold);
  const burst = useRef<GoldDiff | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Edits made on records the store has since refused as stale are not sent (they would be refused too).
  const epoch = useRef(0);
  const lost = useRef<string[]>([]);

  const show = useCallback((next: GoldRecords) => {
    markStart('edit');
    goldRef.current = next;
    setGold(next);
  }, []);

  const adopt = useCallback(
    (state: GoldState) => {
      setHistory({ canUndo: state.canUndo, canRedo: state.canRedo });
      show(state.gold);
    },
    [show],
  );

  const send = useCallback(
    (diff: GoldDiff, label: string, onRefused?: () => void) => {
      const made = epoch.current;
      setSaving((n) => n + 1);
      queue.current = queue.current
        .then(async () => {
          if (epoch.current !== made) {
            lost.current.push(label);
            setMessage({ kind: 'error', text: staleText(lost.current) });
            return;
          }
          const input = { utteranceId, diff, label, ...actingLayer(annotator) };
          // A busy project file wrote nothing (each try waits for it for seconds): the diff is sent again.
          let state: Output<'gold:applyDiff'> | null = null;
          for (let tries = 1; state === null; tries++)
            state = await call('gold:applyDiff', input).catch((err: unknown) => {
              if (!isBusy(err) || tries >= BUSY_TRIES) throw err;
              return null;
            });
          setHistory({ canUndo: state.canUndo, canRedo: state.canRedo });
          if (epoch.current === made) setRefused(false);
        })
        .catch(async (err: unknown) => {
          epoch.current++;
          onRefused?.();
          const stale = err instanceof ApiCallError && err.error.code === 'CONFLICT' && !isBusy(err);
          lost.current = [label];
          setMessage({
            kind: 'error',
            text: stale ? staleText(lost.current) : `Not saved: ${(err as Error).message}`,
          });
          // The store has the truth: show what it holds, drop anything queued on the stale state.
          burst.current = null;
          try {
            adopt(await call('gold:get', { utteranceId, ...actingLayer(annotator) }));
          } catch {
            // The message above already says the edit was not saved; the view still shows it, so the
            // indicator must not say that all is saved.
            setRefused(true);
          }
        })
        .finally(() => setSaving((n) => n - 1));
    },
    [utteranceId, adopt, annotator],
  );

  const finish = useCallback(
    (label: string) => {
      const diff = burst.current;
      burst.current = null;
      setDirty(false);
      if (diff && diff.length > 0) send(diff, label);
    },
    [send],
  );

  const commit = useCallback(
    (edited: GoldRecords, label: string, notes: string[] = [], onRefused?: () => void) => {
      finish(label);
      lost.current = [];
      // Words changed by hand become the annotator's, as the store records them.
      const next = markManualEdit(goldRef.current, edited);
      const diff = diffGold(goldRef.current, next);
      setMessage(notes.length > 0 ? { kind: 'note', text: notes.join(' ') } : null);
      if (diff.length === 0) return;
      show(next);
      send(diff, label, onRefused);
    },
    [finish, send, show],
  );

  const preview = useCallback(
    (edited: GoldRecords) => {
      const next = markManualEdit(goldRef.current, edited);
      const step = diffGold(goldRef.current, next);
      if (step.length === 0) return;
      burst.current = burst.current ? squashDiffs(burst.current, step) : step;
      setDirty(true);
      show(next);
    },
    [show],
  );

  const undoRedo = useCallback(
    async (which: 'undo' | 'redo') => {
      finish('edit');
      await queue.current;
      try {
        adopt(
          await call(which === 'undo' ? 'gold:undo' : 'gold:redo', {
            utteranceId,
            ...actingLayer(annotator),
          }),
        );
        setMessage(null);
        setRefused(false);
      } catch (err) {
        setMessage({
          kind: 'error',
          text: `${which === 'undo' ? 'Undo' : 'Redo'} failed: ${(err as Error).message}`,
        });
      }
    },
    [finish, adopt, utteranceId, annotator],
  );

  // Leaving the utterance saves a burst still being typed.
  useEffect(() => () => finish('edit'), [finish]);

  return {
    gold,
    canUndo: history.canUndo,
    canRedo: history.canRedo,
    saving: saving + (dirty ? 1 : 0),
    refused,
    message,
    current: useCallback(() => goldRef.current, []),
    commit,
    preview,
    finish,
    undo: useCallback(() => undoRedo('undo'), [undoRedo]),
    redo: useCallback(() => undoRedo('redo'), [undoRedo]),
    say: useCallback((m: EditMessage | null) => {
      setMessage(m);
      // Dismissing the refusal's message is taking note of it.
      if (m === null) setRefused(false);
    }, []),
    adopt,
    settled: useCallback(() => queue.current, []),
  };
}

/** How many times a diff is sent to a project file that stays busy before it is reported as not saved. */
const BUSY_TRIES = 4;

/** Whether `err` is the store's "project file busy" refusal, after which nothing was written. */
function isBusy(err: unknown): boolean {
  if (!(err instanceof ApiCallError) || err.error.code !== 'CONFLICT') return false;
  const details = err.error.details;
  return typeof details === 'object' && details !== null && 'busy' in details && details.busy === true;
}

/** What the annotator is told when their edits were refused as stale. */
function staleText(labels: readonly string[]): string {
  const what = labels.map((l) => `“${l}”`).join(', ');
  return (
    `Not saved: this utterance was changed in another window or tab, so ${what} ${labels.length > 1 ? 'were' : 'was'} not applied. ` +
    'It now shows the saved version (the other edit is kept); your selection and the undo history are kept. Make the edit again if it is still needed.'
  );
}
