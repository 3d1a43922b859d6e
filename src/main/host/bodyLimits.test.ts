// The browser host refuses oversized request bodies with 413 before reading them whole, and goes on
// answering.
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMIT, bodyLimitOf } from './bodyLimits';
import { startHost, type RunningHost } from './startHost';

let host: RunningHost;
let cleanup: () => void;

beforeAll(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  const { file } = await makeProject(t.dir);
  host = await startHost({ project: file, rendererDir: path.join(t.dir, 'no-renderer') });
});
afterAll(async () => {
  await host.close();
  cleanup();
});

interface Answer {
  status: number;
  body: string;
  /** Bytes of the body the client had sent when the answer came. */
  sent: number;
}

/**
 * POSTs to `/api/<method>`: `declared` bytes announced in Content-Length (or chunked when null), written
 * in 64 KiB pieces until the host answers or `declared` bytes are out; an endless chunked body when null.
 */
function post(method: string, declared: number | null, auth = true): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
    if (auth) headers.Authorization = `Bearer ${host.token}`;
    if (declared !== null) headers['Content-Length'] = declared;
    const req = http.request({
      host: '127.0.0.1',
      port: host.port,
      method: 'POST',
      path: `/api/${method}`,
      headers,
    });
    let sent = 0;
    let answered = false;
    const piece = Buffer.alloc(64 * 1024, 0x20);
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, sent }));
    });
    // The host may close the connection while the body is still being written; the answer came first.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const pump = (): void => {
      while (!answered && !req.destroyed) {
        const left = declared === null ? piece.length : Math.min(piece.length, declared - sent);
        if (left <= 0) {
          req.end();
          return;
        }
        sent += left;
        if (!req.write(piece.subarray(0, left))) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('request body limits of the browser host', () => {
  it('are small for ordinary calls and larger for system:upload', () => {
    expect(bodyLimitOf('utterance:list')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitOf('gold:applyDiff')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitOf('system:upload')).toBe(UPLOAD_BODY_LIMIT);
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(DEFAULT_BODY_LIMIT);
  });

  it('refuses a Content-Length over the limit with 413 before the body is sent', async () => {
    const a = await post('utterance:list', DEFAULT_BODY_LIMIT + 1);
    expect(a.status).toBe(413);
    expect(JSON.parse(a.body)).toMatchObject({
      ok: false,
      error: {
        code: 'TOO_LARGE',
        message: expect.stringMatching(/utterance:list request may be at most 8 MiB/),
      },
    });
    expect(a.sent).toBeLessThan(DEFAULT_BODY_LIMIT);
  });

  it('refuses an upload over its limit before reading it', async () => {
    const a = await post('system:upload', UPLOAD_BODY_LIMIT + 1);
    expect(a.status).toBe(413);
    expect(JSON.parse(a.body).error.message).toMatch(/uploaded together may be at most 128 MiB/);
    expect(a.sent).toBeLessThan(UPLOAD_BODY_LIMIT / 4);
  });

  it('refuses an endless chunked body once the bytes read pass the limit', async () => {
    const a = await post('utterance:list', null);
    expect(a.status).toBe(413);
    expect(JSON.parse(a.body)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
  });

  it('asks for the token before looking at the body', async () => {
    const a = await post('system:upload', UPLOAD_BODY_LIMIT + 1, false);
    expect(a.status).toBe(401);
  });

  it('still answers after refusing', async () => {
    const res = await fetch(`http://127.0.0.1:${host.port}/api/utterance:list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });
});
