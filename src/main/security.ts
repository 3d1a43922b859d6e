// The studio's security policy in one place, as plain data and small functions, so the Electron adapter
// and the browser host apply it and the security test can check it without an Electron binary.
import type { WebContents, WebPreferences } from 'electron';

/** The custom scheme the Electron window loads the renderer (and audio) from. */
export const APP_SCHEME = 'app';
/** Origin of the renderer inside Electron. */
export const APP_ORIGIN = `${APP_SCHEME}://sieve`;

/**
 * Content-Security-Policy directives for the renderer, in both transports. No remote origins at all; styles allow
 * inline because wavesurfer.js renders into a shadow root with a <style> element.
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  `media-src 'self' blob: ${APP_SCHEME}:`,
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The policy as the renderer's <meta> tag carries it (written into index.html at build time). */
export const META_CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.join('; ');

/** The policy as a response header; `frame-ancestors` only takes effect there, not in a <meta>. */
export const CONTENT_SECURITY_POLICY = [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/** Headers sent with every response of the renderer, API and media. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The main window's webPreferences: isolated, sandboxed, no Node in the page. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    // Middle-click would otherwise try to open links in new windows (refused anyway by the open handler).
    disableBlinkFeatures: 'Auxclick',
  };
}

/**
 * The dev server to load the renderer from, or undefined to load the built one from the app scheme.
 * `ELECTRON_RENDERER_URL` (set by electron-vite in development) is honoured only in an unpackaged build
 * and only for an http(s) server on loopback: whatever it names becomes the trusted renderer, so a packaged
 * app must never take it from the environment.
 */
export function devRendererUrl(envUrl: string | undefined, isPackaged: boolean): string | undefined {
  if (isPackaged || !envUrl) return undefined;
  let u: URL;
  try {
    u = new URL(envUrl);
  } catch {
    return undefined;
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  return (u.protocol === 'http:' || u.protocol === 'https:') && loopback ? envUrl : undefined;
}

/** Whether a URL belongs to our own renderer (the app scheme, or the dev server in development). */
export function isOwnRendererUrl(url: string, devServerUrl?: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === `${APP_SCHEME}:` && u.host === 'sieve') return true;
  if (devServerUrl) {
    try {
      return u.origin === new URL(devServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Locks down a WebContents: no navigation away from our renderer, no new windows, no webviews.
 * Typed structurally so it can be exercised with a stand-in in tests.
 */
export function hardenWebContents(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  devServerUrl?: string,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isOwnRendererUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnRendererUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Whether a request may leave the renderer: only our scheme, inline data, and the dev server. */
export function isAllowedRequestUrl(url: string, devServerUrl?: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('devtools:')) return true;
  if (url.startsWith('ws:') && devServerUrl) return new URL(url).host === new URL(devServerUrl).host;
  return isOwnRendererUrl(url, devServerUrl);
}
