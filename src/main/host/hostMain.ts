// Entry of the browser host (bundled to out/main/host.js):
// `npm run serve -- [--project FILE] [--port N] [--allow PATH]…` (`--allow`: a file or folder the API may read).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '../../core/errors';
import { appRoot, demoProjectPath } from '../paths';
import { startHost } from './startHost';

try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      project: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      allow: { type: 'string', multiple: true },
    },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new AppError('INVALID_INPUT', `--port ${values.port} is not a port number.`);
  const hostname = values.host ?? '127.0.0.1';
  if (!['127.0.0.1', 'localhost', '::1'].includes(hostname)) {
    process.stderr.write(
      `Warning: listening on ${hostname} exposes the studio beyond this machine (the token still guards the API).\n`,
    );
  }
  const project = values.project ? path.resolve(values.project) : demoProjectPath();
  const host = await startHost({
    project,
    port,
    hostname,
    rendererDir: path.join(appRoot(), 'out', 'renderer'),
    allow: values.allow ?? [],
  });
  process.stdout.write(`SIEVE is serving ${project}\nOpen ${host.url}\n(Ctrl+C stops it.)\n`);
  const stop = (): void => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  if (err instanceof AppError || (err as { code?: string }).code?.startsWith?.('ERR_PARSE_ARGS')) {
    process.stderr.write(`sieve serve: ${(err as Error).message}\n`);
    process.exit(1);
  }
  throw err;
}
