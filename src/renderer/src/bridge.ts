// The renderer's only door to the app. In Electron the preload provides `window.sieve`; in a browser the
// same API is reached over HTTP with the launch token the host printed in the URL.
import type { Input, Method, Output, SieveApi } from '../../core/api/contract';
import type { ApiErrorShape, ApiResult } from '../../core/errors';

interface SieveBridge {
  api: SieveApi;
  mediaUrl(audioId: number): string;
}

declare global {
  interface Window {
    sieve?: SieveBridge;
  }
}

const TOKEN_KEY = 'sieve-token';

/** Takes the token from the URL fragment once, keeps it for the tab, and removes it from the address bar. */
function browserToken(): string {
  const m = /(?:^|[#&])token=([^&]+)/.exec(window.location.hash);
  if (m?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, m[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/** Sends one call to the app and answers its result; the main side has checked it against the contract. */
type Invoke = (method: Method, input: unknown) => Promise<ApiResult<unknown>>;

/**
 * The browser's way to the app: POST /api/<method> with the launch token and this page's id. The page also
 * holds POST /page open while it lives: when it goes, the host cancels the jobs only it followed.
 */
function httpBridge(): { invoke: Invoke; mediaUrl(audioId: number): string } {
  const token = browserToken();
  const page = crypto.randomUUID();
  fetch('/page', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Sieve-Page': page },
  }).catch(() => undefined);
  const invoke: Invoke = async (method, input) => {
    try {
      const res = await fetch(`/api/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          'X-Sieve-Page': page,
        },
        body: JSON.stringify(input),
      });
      return (await res.json()) as ApiResult<unknown>;
    } catch (err) {
      return {
        ok: false,
        error: { code: 'INTERNAL', message: `The studio's host cannot be reached (${String(err)}).` },
      };
    }
  };
  return { invoke, mediaUrl: (audioId) => `/media/${audioId}?token=${encodeURIComponent(token)}` };
}

/** Electron's way to the app: the preload's `window.sieve`, one function per method of the contract. */
function preloadBridge(sieve: SieveBridge): { invoke: Invoke; mediaUrl(audioId: number): string } {
  const invoke: Invoke = (method, input) =>
    (sieve.api[method] as (i: unknown) => Promise<ApiResult<unknown>>)(input);
  return { invoke, mediaUrl: (audioId) => sieve.mediaUrl(audioId) };
}

const bridge = window.sieve ? preloadBridge(window.sieve) : httpBridge();

/** The error a failed call raises in the UI; carries the API's code and message. */
export class ApiCallError extends Error {
  constructor(readonly error: ApiErrorShape) {
    super(error.message);
    this.name = 'ApiCallError';
  }
}

/** Calls an API method and returns its value, raising `ApiCallError` on a failed result. */
export async function call<M extends Method>(method: M, input: Input<M>): Promise<Output<M>> {
  const result = await bridge.invoke(method, input);
  if (!result.ok) throw new ApiCallError(result.error);
  // The main side answers only values that passed the method's output schema (dispatch.ts).
  return result.value as Output<M>;
}

/** URL the <audio> element may load an audio file of the project from. */
export function mediaUrl(audioId: number): string {
  return bridge.mediaUrl(audioId);
}
