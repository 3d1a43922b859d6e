import { AppError } from '../api/errors';

/** Bad input to a metric (unpaired utterance ids, invalid costs …); the message names the offending values. */
export class MetricInputError extends AppError {
  constructor(message: string, details?: unknown) {
    super('INVALID_INPUT', message, details);
    this.name = 'MetricInputError';
  }
}
