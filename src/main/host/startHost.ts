import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createHandlers } from '../api/handlers';
import { Session } from '../api/session';
import { createHostApp, newToken } from './hostApp';

/** A running browser host. */
export interface RunningHost {
  url: string;
  port: number;
  token: string;
  session: Session;
  server: ServerType;
  close(): Promise<void>;
}

/**
 * Starts the browser host on `hostname:port` (port 0 picks a free one) with `project` open; the API reads
 * only that project, the folders of its audio and the paths in `allow`.
 */
export async function startHost(opts: {
  project?: string;
  port?: number;
  hostname?: string;
  rendererDir: string;
  token?: string;
  /** Files and folders named on the command line (`--allow`), which the API may read. */
  allow?: readonly string[];
}): Promise<RunningHost> {
  const hostname = opts.hostname ?? '127.0.0.1';
  const session = new Session('browser', { allow: opts.allow });
  if (opts.project) await session.openChecked(opts.project);
  const token = opts.token ?? newToken();
  let port = 0;
  const app = createHostApp({
    session,
    handlers: createHandlers(session),
    token,
    rendererDir: opts.rendererDir,
    allowedHosts: () => [`${hostname}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`],
  });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname, port: opts.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    url: `http://${shownHost}:${port}/#token=${token}`,
    port,
    token,
    session,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        session.close();
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
