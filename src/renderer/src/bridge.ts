// The renderer's only door to the app. In Electron the preload provides `window.sieve`; in a browser the
// same API is reached over HTTP with the launch token the host printed in the URL.
import { METHODS, type Input, type Method, type Output, type SieveApi } from '../../core/api/contract';
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

function httpBridge(): SieveBridge {
  const token = browserToken();
  const call = async (method: Method, input: unknown): Promise<ApiResult<unknown>> => {
    try {
      const res = await fetch(`/api/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
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
  const api = Object.fromEntries(
    METHODS.map((m) => [m, (input: unknown) => call(m, input)]),
  ) as unknown as SieveApi;
  return { api, mediaUrl: (audioId) => `/media/${audioId}?token=${encodeURIComponent(token)}` };
}

const bridge: SieveBridge = window.sieve ?? httpBridge();

/** The error a failed call raises in the UI; carries the API's code and message. */
export class ApiCallError extends Error {
  constructor(readonly error: ApiErrorShape) {
    super(error.message);
    this.name = 'ApiCallError';
  }
}

/** Calls an API method and returns its value, raising `ApiCallError` on a failed result. */
export async function call<M extends Method>(method: M, input: Input<M>): Promise<Output<M>> {
  const fn = bridge.api[method] as (i: Input<M>) => Promise<ApiResult<Output<M>>>;
  const result = await fn(input);
  if (!result.ok) throw new ApiCallError(result.error);
  return result.value;
}

/** URL the <audio> element may load an audio file of the project from. */
export function mediaUrl(audioId: number): string {
  return bridge.mediaUrl(audioId);
}
