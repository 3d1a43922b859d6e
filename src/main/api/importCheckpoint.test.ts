// What an import writes through the open project reaches the project file itself once editing pauses, like
// an edit: a copy of the `.sieve` file alone holds it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Handlers } from '../../core/api/contract';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const run = (method: string, input: unknown) => dispatch(handlers, method, input, () => {});
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  session = new Session('browser', { allow: [dir] });
  handlers = createHandlers(session);
});
afterEach(() => {
  session.close();
  cleanup();
});

/** The systems in a copy of the project file alone, without its -wal file. */
function systemsInCopy(file: string): string[] {
  const copy = path.join(fs.mkdtempSync(path.join(dir, 'copy-')), 'copy.sieve');
  fs.copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    return db.prepare('SELECT name FROM system').pluck().all() as string[];
  } finally {
    db.close();
  }
}

it('puts an uploaded system into the project file itself once editing pauses', async () => {
  const { file } = await makeProject(dir);
  await run('project:open', { path: file });
  const content = JSON.stringify({ id: 'train-1', words: [{ text: 'I', startSec: 0, endSec: 0.1 }] });
  const started = (await run('system:upload', { name: 'asr', files: [{ name: 'sys.jsonl', content }] })) as {
    value: { id: string };
  };
  const end = await untilJobEnds(
    async () => (await run('job:status', { jobId: started.value.id })) as { value: { state: string } },
    (st) => st.value.state,
  );
  expect(end.value.state).toBe('done');
  // Wait for the state the idle checkpoint makes (it is due 2 s after the import).
  await vi.waitFor(() => expect(systemsInCopy(file)).toEqual(['asr']), { timeout: 10_000, interval: 50 });
}, 15_000);
