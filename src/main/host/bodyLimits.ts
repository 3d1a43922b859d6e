// How large a request body the browser host accepts, per API method. A body over the limit is refused
// with 413 before it is read (its Content-Length), or as soon as the bytes read pass the limit (a
// chunked body), so an oversized request never sits whole in memory.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../core/errors';

const MiB = 1024 * 1024;

/** Ordinary calls: ids, settings, one utterance's gold edit. */
export const DEFAULT_BODY_LIMIT = 8 * MiB;

/** `system:upload` carries a system's output files (all of them together, as JSON). */
export const UPLOAD_BODY_LIMIT = 128 * MiB;

/** The body limit of an API method in bytes. */
export function bodyLimitOf(method: string): number {
  return method === 'system:upload' ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

const inMiB = (bytes: number): string => `${Math.round(bytes / MiB)} MiB`;

/** Middleware for `POST /api/:method` applying the method's body limit (Hono's `bodyLimit`). */
export function apiBodyLimit(): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>();
  for (const maxSize of [DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMIT]) {
    byLimit.set(
      maxSize,
      bodyLimit({
        maxSize,
        onError: (c) => {
          const method = c.req.param('method') ?? '';
          const what =
            method === 'system:upload' ? "a system's files uploaded together" : `a ${method} request`;
          const error = new AppError(
            'TOO_LARGE',
            `The request is too large: ${what} may be at most ${inMiB(maxSize)}.`,
            { method, limitBytes: maxSize },
          );
          // The client may still be sending: close the connection rather than read what is left.
          return c.json({ ok: false, error: error.toShape() }, 413, { Connection: 'close' });
        },
      }),
    );
  }
  return (c, next) => byLimit.get(bodyLimitOf(c.req.param('method') ?? ''))!(c, next);
}
