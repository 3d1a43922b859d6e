import { AppError } from '../api/errors';

/**
 * Bad input to a metric or a statistic (mismatched item counts, a NaN score, an unknown label). The
 * message names the offending values; it is an `AppError` so the CLI and the handlers report it in one
 * line instead of a stack.
 */
export class MetricInputError extends AppError {
  override name = 'MetricInputError';
  constructor(message: string, details?: unknown) {
    super('INVALID_INPUT', message, details);
  }
}
