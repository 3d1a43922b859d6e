import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { SystemInfo } from '../../../core/api/contract';
import { call } from '../bridge';

/** What the dialog is doing with one system: renaming it (the name typed so far) or asking to delete it. */
type Pending = { kind: 'rename'; id: number; name: string } | { kind: 'delete'; id: number } | null;

/**
 * The project's systems, each renamed or deleted here. Deleting asks first, naming what goes with the
 * system (its outputs and cached scores); `onChanged` runs after each change so the page rescores.
 */
export function SystemsDialog({
  systems,
  onClose,
  onChanged,
}: {
  systems: readonly SystemInfo[];
  onClose(): void;
  onChanged(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const run = async (work: () => Promise<string>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      setDone(await work());
      setPending(null);
      onChanged();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const rename = (e: FormEvent, id: number, from: string, name: string): void => {
    e.preventDefault();
    void run(async () => {
      const s = await call('system:rename', { systemId: id, name });
      return `Renamed “${from}” to “${s.name}”.`;
    });
  };
  const remove = (id: number): void =>
    void run(async () => {
      const r = await call('system:delete', { systemId: id });
      return `Deleted “${r.name}” with its ${r.outputs} outputs and ${r.cachedScores} cached scores.`;
    });

  return (
    <dialog
      ref={dialog}
      className="import-dialog systems-dialog"
      aria-label="Systems"
      data-testid="systems-dialog"
      onClose={onClose}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <h2>Systems</h2>
      {systems.length === 0 && <p className="muted">The project has no systems.</p>}
      <table className="systems-list">
        <tbody>
          {systems.map((s) => (
            <tr key={s.id} data-system={s.name}>
              {pending?.kind === 'rename' && pending.id === s.id ? (
                <td colSpan={3}>
                  <form className="rename-form" onSubmit={(e) => rename(e, s.id, s.name, pending.name)}>
                    <input
                      type="text"
                      aria-label={`New name of ${s.name}`}
                      value={pending.name}
                      maxLength={200}
                      required
                      autoFocus
                      onChange={(e) => setPending({ ...pending, name: e.target.value })}
                    />
                    <button type="submit" disabled={busy || pending.name === s.name}>
                      Save
                    </button>
                    <button type="button" onClick={() => setPending(null)}>
                      Cancel
                    </button>
                  </form>
                </td>
              ) : pending?.kind === 'delete' && pending.id === s.id ? (
                <td colSpan={3}>
                  <div className="delete-confirm" role="alertdialog" aria-label={`Delete ${s.name}?`}>
                    Delete <strong>{s.name}</strong> with its {s.outputs} outputs and its cached scores? This
                    cannot be undone.{' '}
                    <button type="button" className="danger" disabled={busy} onClick={() => remove(s.id)}>
                      Delete
                    </button>
                    <button type="button" autoFocus onClick={() => setPending(null)}>
                      Keep it
                    </button>
                  </div>
                </td>
              ) : (
                <>
                  <td className="system-name">{s.name}</td>
                  <td className="muted">{s.outputs} outputs</td>
                  <td className="row-buttons">
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => setPending({ kind: 'rename', id: s.id, name: s.name })}
                    >
                      Rename…
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => setPending({ kind: 'delete', id: s.id })}
                    >
                      Delete…
                    </button>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p className="import-errors" role="alert">
          {error}
        </p>
      )}
      {done && !error && (
        <p className="import-summary" role="status" data-testid="systems-done">
          {done}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
