// Electron's `app://sieve/` scheme: the built renderer and `/media/<audioId>` for the project's audio.
import path from 'node:path';
import { protocol } from 'electron';
import { AppError } from '../../core/errors';
import type { Session } from '../api/session';
import { openFileResponse, rendererFileResponse } from '../host/fileResponses';
import { APP_SCHEME, SECURITY_HEADERS } from '../security';

/** Must run before the app is ready: lets the scheme act like https (fetch, streaming media). */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serves the scheme once the app is ready. */
export function handleAppScheme(rendererDir: string, session: Session): void {
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const media = /^\/media\/(\d+)$/.exec(url.pathname);
    if (media) {
      try {
        return openFileResponse(
          session.project.openPlayableAudio(Number(media[1])),
          request.headers.get('range'),
          SECURITY_HEADERS,
          request.method === 'HEAD',
        );
      } catch (err) {
        if (err instanceof AppError)
          return new Response(err.message, { status: 404, headers: SECURITY_HEADERS });
        throw err;
      }
    }
    return rendererFileResponse(path.resolve(rendererDir), url.pathname, SECURITY_HEADERS);
  });
}
