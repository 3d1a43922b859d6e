import { useCallback, useEffect, useState } from 'react';
import { type JobStatus, ReportFile } from '../../../core/api/contract';
import { call } from '../bridge';
import { reportPhase } from './reportPhase';
import { useJob } from './useJob';

type Format = 'html' | 'csv' | 'json' | 'pdf';

/** The report's bytes as a Blob (text as is, binary from base64). */
function toBlob(file: ReportFile): Blob {
  if (file.encoding === 'utf8') return new Blob([file.content], { type: file.mime });
  const bin = atob(file.content);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: file.mime });
}

/** Saves a report file through the browser's download (in Electron, its save dialog). */
function download(file: ReportFile): void {
  const url = URL.createObjectURL(toBlob(file));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken its copy once click() returns; the URL is released a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export the project report: HTML, CSV and JSON everywhere, PDF in the desktop app (it prints with
 * Chromium). The report is made by a job; its progress shows on the button and the file downloads at the end.
 */
export function ReportExport() {
  const [electron, setElectron] = useState(false);
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call('app:info', {}).then(
      (info) => setElectron(info.transport === 'electron'),
      () => setElectron(false),
    );
  }, []);
  const onEnd = useCallback((s: JobStatus) => {
    setBusy(null);
    if (s.state === 'failed') return setError(s.error?.message ?? 'the report could not be made');
    const file = ReportFile.safeParse(s.result);
    if (!file.success) return setError('the report could not be read');
    download(file.data);
  }, []);
  const { job, running, follow, failure } = useJob(onEnd);
  const formats: Format[] = electron ? ['html', 'csv', 'json', 'pdf'] : ['html', 'csv', 'json'];
  const run = (format: Format): void => {
    setBusy(format);
    setError(null);
    const start = call('report:export', { format });
    // A refusal before any job starts (e.g. PDF where nothing prints) leaves no job to end.
    start.catch((e: Error) => {
      setBusy(null);
      setError(e.message);
    });
    void follow(start);
  };
  const problem = error ?? failure;
  return (
    <div className="report-export" data-testid="report-export">
      <span>Report:</span>
      {formats.map((f) => (
        <button
          key={f}
          type="button"
          onClick={() => run(f)}
          disabled={busy !== null && !failure}
          data-format={f}
          title={busy === f && running && job ? `${reportPhase(job)}…` : undefined}
        >
          {busy === f && running ? '…' : f.toUpperCase()}
        </button>
      ))}
      {busy !== null && running && job && (
        <span className="muted" aria-live="polite">
          {reportPhase(job)}…
        </span>
      )}
      {problem && <span className="error-text">{problem}</span>}
    </div>
  );
}
