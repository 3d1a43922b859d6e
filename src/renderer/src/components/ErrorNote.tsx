import type { ApiErrorShape } from '../../../core/errors';

/** An API error as the user reads it: what happened, and its code for a bug report. */
export function ErrorNote({ error }: { error: ApiErrorShape }) {
  return (
    <div className="error-note" role="alert">
      <strong>{error.message}</strong> <span className="muted">({error.code})</span>
    </div>
  );
}
