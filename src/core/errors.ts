// Kept free of zod (the API contract builds the schema of `ApiErrorShape` from `API_ERROR_CODES`), so
// that a metric throwing an `AppError` does not load the schema library: the CLI's scorers start faster.

/** What went wrong, in terms the UI can act on. */
export const API_ERROR_CODES = [
  'INVALID_INPUT',
  'UNKNOWN_METHOD',
  'NOT_FOUND',
  'NO_PROJECT',
  'FILE_MISSING',
  'BAD_FILE',
  'UNAUTHORIZED',
  /** A path the user never chose (through a dialog, an upload or the command line). */
  'FORBIDDEN',
  /** A request body over the transport's limit for its method. */
  'TOO_LARGE',
  'CONFLICT',
  'READ_ONLY',
  /** A job the user cancelled: it changed nothing. */
  'CANCELLED',
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The error half of every API result; it crosses both transports as plain data. */
export type ApiErrorShape = {
  code: ApiErrorCode;
  message: string;
  details?: unknown;
};

/** Raised by handlers for a failure the user caused or can fix; the dispatcher turns it into a result. */
export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The plain-data form sent to the UI. */
  toShape(): ApiErrorShape {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** An invariant of SIEVE itself was violated: a bug, never a reaction to user input. */
export class BugError extends Error {
  override name = 'BugError';
}

/** Every API call returns this; across Electron IPC only a thrown error's message would survive. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiErrorShape };

/**
 * Bad input to a metric or a statistic (unpaired utterance ids, invalid costs, mismatched item counts, a
 * NaN score …). The message names the offending values; it is an `AppError` so the CLI and the handlers
 * report it in one line instead of a stack.
 */
export class MetricInputError extends AppError {
  override name = 'MetricInputError';
  constructor(message: string, details?: unknown) {
    super('INVALID_INPUT', message, details);
  }
}
