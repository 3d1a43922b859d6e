// The browser host: the same API as the Electron window, over HTTP on loopback, behind a per-launch token.
import crypto from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Handlers } from '../../core/api/contract';
import type { ApiResult } from '../../core/errors';
import { AppError } from '../../core/errors';
import { dispatch } from '../api/dispatch';
import { callingPage } from '../api/jobs';
import { parseJsonInWorker } from '../import/readInWorker';
import type { Session } from '../api/session';
import { SECURITY_HEADERS } from '../security';
import { apiBodyLimit } from './bodyLimits';
import { openFileResponse, rendererFileResponse } from './fileResponses';

/** What the host app needs: the session, its handlers, the token and where the built renderer is. */
export interface HostOptions {
  session: Session;
  handlers: Handlers;
  token: string;
  rendererDir: string;
  /** Host header values accepted (e.g. `127.0.0.1:5123`); guards against DNS rebinding. */
  allowedHosts: () => readonly string[];
}

/** A fresh random token for one launch of the host. */
export function newToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

function tokenMatches(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function unauthorized(): ApiResult<never> {
  return { ok: false, error: new AppError('UNAUTHORIZED', 'Missing or wrong access token.').toShape() };
}

/** Above this size a request body (an upload of a system's files) is parsed in a worker thread. */
const PARSE_HERE_MAX_BYTES = 256 * 1024;

/**
 * A request body as JSON. A large one is parsed in a worker thread: parsing a hundred megabytes here would
 * hold up every other call for the better part of a second.
 */
async function parseBody(bytes: Uint8Array): Promise<{ parsed: true; value: unknown } | { parsed: false }> {
  if (bytes.byteLength > PARSE_HERE_MAX_BYTES) return parseJsonInWorker(bytes);
  try {
    return { parsed: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { parsed: false };
  }
}

/** The header naming the page of the studio a call comes from (a random id made at each load of it). */
export const PAGE_HEADER = 'x-sieve-page';

/** A page id as the header carries it, or null when absent or not one. */
function pageOf(value: string | undefined): string | null {
  return value !== undefined && /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : null;
}

/** Builds the Hono app: `POST /api/:method`, `GET /media/:audioId`, and the renderer's files. */
export function createHostApp(opts: HostOptions): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const host = c.req.header('host') ?? '';
    if (!opts.allowedHosts().includes(host)) {
      return c.text('Forbidden host', 403, SECURITY_HEADERS);
    }
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
  });

  const requireToken: MiddlewareHandler = async (c, next) => {
    const auth = c.req.header('authorization');
    const given = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
    if (!tokenMatches(given, opts.token)) return c.json(unauthorized(), 401);
    await next();
  };

  app.post('/api/:method', requireToken, apiBodyLimit(), async (c) => {
    const body = await parseBody(new Uint8Array(await c.req.arrayBuffer()));
    if (!body.parsed)
      return c.json(
        { ok: false, error: { code: 'INVALID_INPUT', message: 'The request body is not JSON.' } },
        400,
      );
    const page = pageOf(c.req.header(PAGE_HEADER));
    const answer = () => dispatch(opts.handlers, c.req.param('method'), body.value);
    const result = await (page === null ? answer() : callingPage.run(page, answer));
    return c.json(result);
  });

  // A page of the studio holds this request open as long as it lives: when its connection closes (the tab
  // closed, reloaded or went elsewhere), the jobs that only it followed are cancelled.
  app.post('/page', requireToken, (c) => {
    const page = pageOf(c.req.header(PAGE_HEADER));
    if (page === null)
      return c.json({ ok: false, error: { code: 'INVALID_INPUT', message: 'No page.' } }, 400);
    const signal = c.req.raw.signal;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Something to read at once, so the page knows it is heard.
        controller.enqueue(new TextEncoder().encode('\n'));
        const gone = (): void => {
          opts.session.jobs.pageGone(page);
          try {
            controller.close();
          } catch {
            // Closed already.
          }
        };
        if (signal.aborted) gone();
        else signal.addEventListener('abort', gone, { once: true });
      },
      cancel() {
        opts.session.jobs.pageGone(page);
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });
  });

  app.all('/api/*', (c) =>
    c.json({ ok: false, error: { code: 'UNKNOWN_METHOD', message: 'Use POST.' } }, 405),
  );

  app.get('/media/:audioId', (c) => {
    if (!tokenMatches(c.req.query('token'), opts.token)) return c.json(unauthorized(), 401);
    const audioId = Number(c.req.param('audioId'));
    if (!Number.isInteger(audioId) || audioId <= 0) return c.text('Not found', 404);
    try {
      return openFileResponse(
        opts.session.project.openPlayableAudio(audioId),
        c.req.header('range') ?? null,
        {},
        c.req.method === 'HEAD',
      );
    } catch (err) {
      if (err instanceof AppError) return c.json({ ok: false, error: err.toShape() }, 404);
      throw err;
    }
  });

  app.get('*', (c) => rendererFileResponse(opts.rendererDir, c.req.path));

  return app;
}
