import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type AnnotatorInfo,
  type AnnotatorList,
  type AssignmentPreview,
  AssignmentRequest,
} from '../../../core/api/annotators';
import { DEFAULT_SEED } from '../../../core/stats/prng';
import { ApiCallError, call } from '../bridge';
import { type AssignForm as Form, type AssignMode, assignRequest } from './assignRequest';
import { useListIds } from './useListIds';

/** How long the form waits after a change before it has the assignment counted. */
const PREVIEW_PAUSE_MS = 150;

/** What the last assignment did: the new assignments and each annotator's count before and after. */
interface Assigned {
  added: number;
  counts: { name: string; before: number; after: number }[];
}

const MODES: { mode: AssignMode; label: string }[] = [
  { mode: 'every', label: 'Every utterance, by k annotators' },
  { mode: 'sample', label: 'Every utterance by one, a seeded share by two' },
  { mode: 'list', label: 'The utterances the list shows' },
  { mode: 'selected', label: 'The selected utterance' },
];

/** `n` and the word for what it counts, singular for one. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the preview says the assignment will do, every figure with what it counts. */
function PreviewText({ preview }: { preview: AssignmentPreview }) {
  const p = preview;
  return (
    <div className="team-preview" data-testid="assign-preview" aria-live="polite">
      <p>
        Covers <strong>{p.utterances}</strong> of {count(p.projectUtterances, 'utterance', 'utterances')}:{' '}
        {count(p.assignments, 'assignment', 'assignments')}, <strong>{p.added}</strong> of them new, making{' '}
        <strong>{p.newLayers}</strong> new {p.newLayers === 1 ? 'layer' : 'layers'} (from the adjudicated
        words).{' '}
        {p.utterances === 1 ? (
          <>Afterwards it has {p.multiple === 1 ? 'two or more annotators' : 'one annotator'}.</>
        ) : (
          <>
            Afterwards <strong>{p.multiple}</strong> of these {p.utterances} utterances have two or more
            annotators.
          </>
        )}
      </p>
      <ul className="team-per-annotator">
        {p.annotators.map((a) => (
          <li key={a.name} data-annotator={a.name}>
            {a.name}: {a.utterances} utt., +{a.added} new, {count(a.newLayers, 'new layer', 'new layers')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Assigns utterances: every utterance by k annotators, or by one with a seeded share by two (the rules of
 * `assignment:set`), or the utterances the list shows or the selected one to one annotator. What it will
 * do is counted by `assignment:preview` before it is done; what it did is said after.
 */
export function AssignForm({
  team,
  filter,
  selectedId,
  version,
  onAssigned,
}: {
  team: AnnotatorList;
  /** The list's filter (its utterances are the `list` choice). */
  filter: string;
  selectedId: string | null;
  /** Changes whenever the team changes, so the preview is counted again. */
  version: number;
  onAssigned(): void;
}) {
  const id = useId();
  const names = useMemo(() => team.annotators.map((a) => a.name), [team]);
  // `k` is null until typed: two, or one while a single annotator is chosen.
  const [form, setForm] = useState<Omit<Form, 'annotators' | 'k'> & { k: string | null }>({
    mode: 'every',
    k: null,
    percent: '10',
    seed: '',
    annotator: '',
  });
  // Annotators left out of a rule; the others (new ones too) take part.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const chosen = useMemo(() => names.filter((n) => !left.has(n)), [names, left]);
  const annotator = names.includes(form.annotator) ? form.annotator : (names[0] ?? '');
  const k = form.k ?? String(Math.max(1, Math.min(2, chosen.length)));
  const listIds = useListIds(filter, form.mode === 'list', version);
  const ids = form.mode === 'list' ? listIds : selectedId === null ? [] : [selectedId];
  const made = assignRequest({ ...form, k, annotator, annotators: chosen }, ids);
  const requestKey = 'request' in made ? JSON.stringify(made.request) : null;
  // The request as one value while its contents stand, so it is counted once per change.
  const request = useMemo(
    () => (requestKey === null ? null : AssignmentRequest.parse(JSON.parse(requestKey))),
    [requestKey],
  );

  const [preview, setPreview] = useState<{ key: string; value: AssignmentPreview | string } | null>(null);
  useEffect(() => {
    if (request === null) return;
    let live = true;
    // Counted once typing pauses: over a large project a count reads every utterance and assignment.
    const wait = setTimeout(() => {
      call('assignment:preview', request).then(
        (value) => live && setPreview({ key: `${requestKey}${version}`, value }),
        (e: unknown) =>
          live &&
          setPreview({
            key: `${requestKey}${version}`,
            value: e instanceof ApiCallError ? e.error.message : String(e),
          }),
      );
    }, PREVIEW_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(wait);
    };
  }, [request, requestKey, version]);
  const current = requestKey !== null && preview?.key === `${requestKey}${version}` ? preview.value : null;

  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Assigned | string | null>(null);
  // The result takes the focus from the button, which has nothing left to assign (and is disabled).
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done !== null) result.current?.focus();
  }, [done]);
  const assign = async (): Promise<void> => {
    if (!('request' in made)) return;
    setBusy(true);
    const before = new Map(team.annotators.map((a) => [a.name, a.assigned]));
    try {
      const r = await call('assignment:set', made.request);
      const counts = r.annotators
        .filter((a: AnnotatorInfo) => (before.get(a.name) ?? 0) !== a.assigned)
        .map((a) => ({ name: a.name, before: before.get(a.name) ?? 0, after: a.assigned }));
      setDone({ added: r.added, counts });
      onAssigned();
    } catch (e) {
      setDone(e instanceof ApiCallError ? e.error.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const set = (change: Partial<typeof form>): void => {
    setForm((f) => ({ ...f, ...change }));
    setDone(null);
  };

  if (names.length === 0) return null;
  const rule = form.mode === 'every' || form.mode === 'sample';
  const listLabel =
    filter.trim() === ''
      ? `The utterances the list shows (${listIds?.length ?? '…'})`
      : `The utterances the list shows for “${filter}” (${listIds?.length ?? '…'})`;
  return (
    <fieldset className="team-assign" data-testid="team-assign">
      <legend>Assign utterances</legend>
      <p>
        <label htmlFor={`${id}-mode`}>Which utterances</label>{' '}
        <select
          id={`${id}-mode`}
          value={form.mode}
          onChange={(e) => set({ mode: e.target.value as AssignMode })}
        >
          {MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.mode === 'list'
                ? listLabel
                : m.mode === 'selected'
                  ? `${m.label} (${selectedId ?? 'none'})`
                  : m.label}
            </option>
          ))}
        </select>
      </p>
      {rule ? (
        <div className="team-rule">
          <span id={`${id}-who`}>Among</span>{' '}
          <span role="group" aria-labelledby={`${id}-who`}>
            {names.map((n) => (
              <label key={n} className="team-check">
                <input
                  type="checkbox"
                  checked={!left.has(n)}
                  onChange={(e) => {
                    setLeft((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.delete(n);
                      else next.add(n);
                      return next;
                    });
                    setDone(null);
                  }}
                />{' '}
                {n}
              </label>
            ))}
          </span>
          {form.mode === 'every' ? (
            <p>
              <label htmlFor={`${id}-k`}>Annotators per utterance (k)</label>{' '}
              <input
                id={`${id}-k`}
                type="number"
                min={1}
                max={chosen.length}
                step={1}
                value={k}
                onChange={(e) => set({ k: e.target.value })}
              />
            </p>
          ) : (
            <p>
              <label htmlFor={`${id}-percent`}>Doubly annotated share (%)</label>{' '}
              <input
                id={`${id}-percent`}
                type="number"
                min={0}
                max={100}
                step="any"
                value={form.percent}
                onChange={(e) => set({ percent: e.target.value })}
              />{' '}
              <label htmlFor={`${id}-seed`}>Seed</label>{' '}
              <input
                id={`${id}-seed`}
                className="team-seed"
                inputMode="numeric"
                placeholder={String(DEFAULT_SEED)}
                value={form.seed}
                onChange={(e) => set({ seed: e.target.value })}
              />
            </p>
          )}
          <p className="muted">
            {form.mode === 'every'
              ? 'In project order, utterance i goes to the chosen annotators i, i+1, … i+k−1 (in turn).'
              : 'Each utterance goes to one chosen annotator in turn; a seeded random sample of the share also goes to the next one. The same seed draws the same sample.'}{' '}
            Assignments only add: what is assigned stays.
          </p>
        </div>
      ) : (
        <p>
          <label htmlFor={`${id}-to`}>To</label>{' '}
          <select id={`${id}-to`} value={annotator} onChange={(e) => set({ annotator: e.target.value })}>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </p>
      )}
      {'problem' in made ? (
        <p className="muted" data-testid="assign-preview">
          {made.problem}
        </p>
      ) : current === null ? (
        <p className="muted" data-testid="assign-preview" aria-busy="true">
          Counting what it will do…
        </p>
      ) : typeof current === 'string' ? (
        <p className="error-text" data-testid="assign-preview" role="alert">
          {current}
        </p>
      ) : (
        <PreviewText preview={current} />
      )}
      <p>
        <button
          type="button"
          onClick={() => void assign()}
          disabled={busy || current === null || typeof current === 'string' || current.added === 0}
        >
          {current !== null && typeof current !== 'string' && current.added > 0
            ? `Assign ${current.added} new`
            : 'Assign'}
        </button>{' '}
        {current !== null && typeof current !== 'string' && current.added === 0 && (
          <span className="muted">nothing new to assign</span>
        )}
      </p>
      {done !== null && (
        <p
          className={typeof done === 'string' ? 'error-text' : 'team-done'}
          role={typeof done === 'string' ? 'alert' : 'status'}
          data-testid="assign-result"
          tabIndex={-1}
          ref={result}
        >
          {typeof done === 'string'
            ? done
            : `Assigned: ${count(done.added, 'new assignment', 'new assignments')}. ${
                done.counts.map((c) => `${c.name} ${c.before} → ${c.after}`).join(', ') || 'No count changed.'
              }`}
        </p>
      )}
    </fieldset>
  );
}
