// The studio's security settings, checked without an Electron binary: the policy objects and handlers
// the Electron entry installs, the IPC sender check, the CSP in both transports, and the browser host.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODS } from '../src/core/api/contract';
import { createHandlers } from '../src/main/api/handlers';
import { Session } from '../src/main/api/session';
import { registerIpc } from '../src/main/electron/ipcAdapter';
import { startHost, type RunningHost } from '../src/main/host/startHost';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
  devRendererUrl,
  hardenWebContents,
  isAllowedRequestUrl,
  isOwnRendererUrl,
  secureWebPreferences,
} from '../src/main/security';
import { makeProject, tempDir } from './helpers/tempProject';

const root = path.resolve(import.meta.dirname, '..');

describe('Electron window', () => {
  it('uses isolated, sandboxed webPreferences without Node', async () => {
    const p = secureWebPreferences('/x/preload.cjs');
    expect(p).toMatchObject({
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('is created with those preferences, hardened contents, IPC checks, no permissions and no remote requests', async () => {
    // The entry needs the Electron binary to run; this checks it wires the tested pieces in.
    const src = fs.readFileSync(path.join(root, 'src/main/index.ts'), 'utf8');
    for (const needle of [
      'webPreferences: secureWebPreferences(',
      "app.on('web-contents-created', (_event, contents) => hardenWebContents(contents",
      'registerIpc(ipcMain, createHandlers(session, { printToPdf, choosePaths }), (url) =>\n    isOwnRendererUrl(url',
      'setPermissionRequestHandler((_wc, _permission, callback) => callback(false))',
      'cancel: !isAllowedRequestUrl(details.url',
      'app.enableSandbox()',
    ]) {
      expect(src).toContain(needle);
    }
  });

  it('blocks navigation, redirects, webviews and new windows away from the renderer', async () => {
    const contents = new EventEmitter() as EventEmitter & { setWindowOpenHandler(h: () => unknown): void };
    let openHandler: (() => unknown) | undefined;
    contents.setWindowOpenHandler = (h) => (openHandler = h);
    hardenWebContents(contents as never);
    const attempt = (event: string, url: string): boolean => {
      let prevented = false;
      contents.emit(event, { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(attempt('will-navigate', 'https://example.com/')).toBe(true);
    expect(attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(attempt('will-navigate', 'app://evil/index.html')).toBe(true);
    expect(attempt('will-navigate', 'app://sieve/index.html')).toBe(false);
    expect(attempt('will-redirect', 'http://127.0.0.1:9/')).toBe(true);
    expect(attempt('will-attach-webview', 'app://sieve/')).toBe(true);
    expect(openHandler?.()).toEqual({ action: 'deny' });
  });

  it('lets requests reach only the app scheme (and the dev server in development)', async () => {
    expect(isAllowedRequestUrl('app://sieve/assets/index.js')).toBe(true);
    expect(isAllowedRequestUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isAllowedRequestUrl('https://cdn.example.com/x.js')).toBe(false);
    expect(isAllowedRequestUrl('http://localhost:5173/src/main.tsx')).toBe(false);
    expect(isAllowedRequestUrl('http://localhost:5173/src/main.tsx', 'http://localhost:5173')).toBe(true);
    expect(isOwnRendererUrl('not a url')).toBe(false);
  });

  it('takes the dev server from ELECTRON_RENDERER_URL only in a development build, and only on loopback', () => {
    expect(devRendererUrl('http://localhost:5173', false)).toBe('http://localhost:5173');
    expect(devRendererUrl('http://127.0.0.1:5173/', false)).toBe('http://127.0.0.1:5173/');
    expect(devRendererUrl('http://[::1]:5173', false)).toBe('http://[::1]:5173');
    // A packaged app ignores the environment: any origin named there would become the trusted renderer.
    expect(devRendererUrl('http://localhost:5173', true)).toBeUndefined();
    expect(devRendererUrl('https://evil.example/', true)).toBeUndefined();
    expect(devRendererUrl('https://evil.example/', false)).toBeUndefined();
    expect(devRendererUrl('file:///tmp/index.html', false)).toBeUndefined();
    expect(devRendererUrl('not a url', false)).toBeUndefined();
    expect(devRendererUrl(undefined, false)).toBeUndefined();
    expect(devRendererUrl('', false)).toBeUndefined();
    const src = fs.readFileSync(path.join(root, 'src/main/index.ts'), 'utf8');
    expect(src).toContain('devRendererUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged)');
    expect(src.match(/ELECTRON_RENDERER_URL/g)).toHaveLength(1);
  });

  it('answers IPC only from our renderer frame, on one channel per method', async () => {
    const registered = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
    const session = new Session('electron');
    registerIpc(
      { handle: (ch: string, fn: never) => registered.set(ch, fn) } as never,
      createHandlers(session),
      (url) => isOwnRendererUrl(url),
    );
    expect([...registered.keys()].sort()).toEqual(METHODS.map((m) => `sieve:${m}`).sort());
    const info = registered.get('sieve:app:info')!;
    expect(await info({ senderFrame: { url: 'https://evil.example/' } }, {})).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHORIZED' },
    });
    expect(await info({ senderFrame: null }, {})).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHORIZED' },
    });
    expect(await info({ senderFrame: { url: 'app://sieve/index.html' } }, {})).toMatchObject({
      ok: true,
      value: { transport: 'electron' },
    });
  });
});

describe('Content-Security-Policy', () => {
  it('allows no remote origin, no eval and no inline script', async () => {
    for (const csp of [CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY]) {
      expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/https?:|\*|unsafe-eval|wasm-unsafe-eval/);
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY.startsWith(META_CONTENT_SECURITY_POLICY)).toBe(true);
  });

  it('is written into the renderer page by the build (placeholder in the source)', async () => {
    const html = fs.readFileSync(path.join(root, 'src/renderer/index.html'), 'utf8');
    expect(html).toMatch(/<meta\s+http-equiv="Content-Security-Policy"\s+content="__SIEVE_CSP__"/);
    const config = fs.readFileSync(path.join(root, 'electron.vite.config.ts'), 'utf8');
    expect(config).toContain("html.replace('__SIEVE_CSP__', META_CONTENT_SECURITY_POLICY)");
  });
});

describe('browser host', () => {
  let host: RunningHost;
  let cleanup: () => void;
  let base: string;
  beforeAll(async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const { file } = await makeProject(t.dir);
    host = await startHost({ project: file, rendererDir: path.join(t.dir, 'no-renderer') });
    base = `http://127.0.0.1:${host.port}`;
  });
  afterAll(async () => {
    await host.close();
    cleanup();
  });
  const post = (method: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('listens on loopback only', async () => {
    expect((host.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{32}$/);
  });

  it('refuses API calls without the token, or with a wrong one, with 401', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nope' }, { Authorization: host.token }] as Record<
      string,
      string
    >[]) {
      const res = await post('utterance:list', {}, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    }
    const ok = await post('utterance:list', {}, { Authorization: `Bearer ${host.token}` });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true });
  });

  it('refuses media without the token, and serves it with byte ranges with it', async () => {
    expect((await fetch(`${base}/media/1`)).status).toBe(401);
    const res = await fetch(`${base}/media/1?token=${host.token}`, { headers: { Range: 'bytes=0-11' } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1', 0, 4)).toBe('RIFF');
  });

  it('refuses requests for another Host name (DNS rebinding)', async () => {
    const http = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: host.port, path: '/', headers: { Host: 'attacker.example' } },
          (res) => resolve(res.statusCode!),
        )
        .on('error', reject);
    });
    expect(status).toBe(403);
  });

  it('sends the CSP and hardening headers with every response', async () => {
    const res = await post('utterance:list', {});
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers malformed bodies with INVALID_INPUT', async () => {
    const res = await fetch(`${base}/api/utterance:get`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}` },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
