import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ImportIssue, type JobStatus, SystemImportResult } from '../../../core/api/contract';
import { decodeTextStrict } from '../../../core/formats/decodeText';
import { call } from '../bridge';
import { useJob } from './useJob';

/** The output formats `system:upload` reads (the extension picks the reader). */
const ACCEPT = '.jsonl,.ctm,.concepts,.nbest';

type Issue = ImportIssue;

/** `n thing` or `n things`. */
const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Up to `max` ids, then how many more. */
const someIds = (ids: readonly string[], max = 5): string =>
  ids.slice(0, max).join(', ') + (ids.length > max ? ` and ${ids.length - max} more` : '');

const where = (i: Issue): string => `${i.file}${i.line ? `:${i.line}:${i.column}` : ''}`;

/**
 * Reads the chosen files in the renderer, decoded as the importer on disk decodes them (UTF-8 or UTF-16,
 * strictly): a file that is not text is an issue at its first bad bytes, and nothing is sent.
 */
async function readFiles(
  list: FileList,
): Promise<{ files: { name: string; content: string }[]; issues: Issue[] }> {
  const files: { name: string; content: string }[] = [];
  const issues: Issue[] = [];
  for (const f of Array.from(list)) {
    const r = decodeTextStrict(new Uint8Array(await f.arrayBuffer()));
    if (r.ok) files.push({ name: f.name, content: r.text });
    else
      issues.push({
        file: f.name,
        line: r.line,
        column: r.column,
        message: `${r.message}; save the file as UTF-8`,
      });
  }
  return { files, issues };
}

/**
 * Imports a system's output files from the studio: a name, the files (the native dialog in Electron, an
 * upload in a browser), a progress bar while the import job runs, and every problem as file:line:column.
 * Nothing is written unless every file reads cleanly.
 */
export function ImportSystemDialog({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [files, setFiles] = useState<FileList | null>(null);
  const [reading, setReading] = useState(false);
  const [issues, setIssues] = useState<Issue[]>([]);
  // Errors a failed job counted but did not list (it lists the first 100).
  const [moreIssues, setMoreIssues] = useState(0);
  const [summary, setSummary] = useState<SystemImportResult | null>(null);
  const { job, running, follow, failure } = useJob((s: JobStatus) => {
    if (s.state === 'done') {
      // The main side checked the result against this schema before the job was done.
      const r = SystemImportResult.safeParse(s.result);
      if (r.success) setSummary(r.data);
      else setIssues([{ file: '', message: `the import's summary could not be read: ${r.error.message}` }]);
      onImported();
    } else if (s.state === 'failed') {
      const details = s.error?.details as { errors?: Issue[]; moreErrors?: number } | undefined;
      setIssues(details?.errors ?? [{ file: '', message: s.error?.message ?? 'the import failed' }]);
      setMoreIssues(details?.moreErrors ?? 0);
    }
  });

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!files || files.length === 0 || !name.trim()) return;
    setIssues([]);
    setMoreIssues(0);
    setSummary(null);
    setReading(true);
    try {
      const read = await readFiles(files);
      if (read.issues.length > 0) setIssues(read.issues);
      else await follow(call('system:upload', { name: name.trim(), files: read.files }));
    } catch (err) {
      setIssues([{ file: '', message: (err as Error).message }]);
    } finally {
      setReading(false);
    }
  };

  const busy = reading || running;
  return (
    <dialog
      ref={dialog}
      className="import-dialog"
      aria-label="Import a system"
      data-testid="import-dialog"
      onClose={onClose}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2>Import a system&apos;s outputs</h2>
        <p className="muted">
          JSON Lines (<code>.jsonl</code>), CTM words (<code>.ctm</code>), concepts (<code>.concepts</code>)
          or N-best lists (<code>.nbest</code>); several files may give different parts of each utterance. A
          system of the same name is replaced.
        </p>
        <label>
          Name
          <input
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={200}
            autoFocus
            placeholder="e.g. my-asr"
          />
        </label>
        <label>
          Files
          <input
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="System output files"
            onChange={(e) => setFiles(e.target.files)}
          />
        </label>
        {busy && (
          <div className="import-progress">
            <progress
              max={job?.total || 1}
              value={reading ? undefined : (job?.done ?? 0)}
              aria-label="Import progress"
            />
            <span className="muted">{reading ? 'reading the files…' : job?.phase}</span>
          </div>
        )}
        {(issues.length > 0 || failure) && (
          <div className="import-errors" role="alert" data-testid="import-errors">
            <strong>Nothing was imported:</strong>
            <ul>
              {failure && <li>{failure}</li>}
              {issues.slice(0, 20).map((i, k) => (
                <li key={k}>
                  {i.file && <span className="mono">{where(i)}: </span>}
                  {i.message}
                </li>
              ))}
              {issues.length + moreIssues > 20 && (
                <li>… and {(Math.max(0, issues.length - 20) + moreIssues).toLocaleString('en-US')} more</li>
              )}
            </ul>
          </div>
        )}
        {summary && (
          <div className="import-summary" role="status" data-testid="import-summary">
            {summary.replaced ? 'Replaced' : 'Imported'} <strong>{summary.system.name}</strong>:{' '}
            {count(summary.added, 'utterance')} (
            <span data-testid="import-counts">
              {[
                count(summary.counts.words, 'word'),
                count(summary.counts.trees, 'tree'),
                count(summary.counts.entities, 'entity', 'entities'),
                count(summary.counts.concepts, 'concept'),
                count(summary.counts.nbest, 'N-best list'),
              ].join(', ')}
            </span>
            )
            {summary.skipped.length > 0 &&
              `; ${summary.skipped.length} output${summary.skipped.length === 1 ? '' : 's'} for utterances the project does not have, left out: ${someIds(summary.skipped.map((s) => s.id))}`}
            {summary.uncovered.length > 0 && (
              <p>
                {summary.uncovered.length} utterance{summary.uncovered.length === 1 ? ' has' : 's have'} no
                output from this system and {summary.uncovered.length === 1 ? 'is' : 'are'} scored as empty
                hypotheses (unless the scoring settings count only utterances with output):{' '}
                {someIds(summary.uncovered)}
              </p>
            )}
            {summary.warnings.length > 0 && (
              <ul className="muted">
                {summary.warnings.slice(0, 5).map((w, k) => (
                  <li key={k}>
                    <span className="mono">{where(w)}: </span>
                    {w.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="dialog-buttons">
          <button type="button" onClick={() => dialog.current?.close()}>
            {summary ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" disabled={busy || !files || files.length === 0 || !name.trim()}>
            Import
          </button>
        </div>
      </form>
    </dialog>
  );
}
