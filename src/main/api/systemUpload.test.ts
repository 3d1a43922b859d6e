// `system:upload`: file contents sent by the studio are imported exactly like the same files on disk
// (`system:import`), checked first and written in one transaction.
import fs from 'node:fs';
import { untilJobEnds } from '../../../test/helpers/jobs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../core/api/contract';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const bugs: unknown[] = [];
const run = (method: string, input: unknown) => dispatch(handlers, method, input, (e) => bugs.push(e));

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  // As the host launched with `--allow <dir>`: the API may read the test's folder.
  session = new Session('browser', { allow: [dir] });
  handlers = createHandlers(session);
  bugs.length = 0;
});
afterEach(() => {
  session.close();
  cleanup();
});

/** Runs a job to its end and returns its last status. */
async function finish(started: unknown): Promise<{ state: string; result?: unknown; error?: unknown }> {
  const id = (started as { value: { id: string } }).value.id;
  const last = await untilJobEnds(
    async () => (await run('job:status', { jobId: id })) as { value: { state: string } },
    (st) => st.value.state,
  );
  return last.value;
}

const jsonl = [
  JSON.stringify({
    id: 'train-1',
    words: [
      { text: 'I', startSec: 0, endSec: 0.1 },
      { text: 'went', startSec: 0.11, endSec: 0.41 },
    ],
  }),
  JSON.stringify({ id: 'air-1', words: [{ text: 'flight', startSec: 1, endSec: 1.3 }] }),
].join('\n');
const ctm = 'train-1 1 0.00 0.10 I\ntrain-1 1 0.11 0.30 want\n';

describe('system:upload', () => {
  it('stores the same outputs and scores as importing the same files from disk', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    fs.writeFileSync(path.join(dir, 'sys.jsonl'), jsonl);
    const fromDisk = await finish(
      await run('system:import', { name: 'disk', files: [path.join(dir, 'sys.jsonl')] }),
    );
    // A byte-order mark at the start is not part of the text (editors on Windows write one).
    const uploaded = await finish(
      await run('system:upload', { name: 'up', files: [{ name: 'sys.jsonl', content: `\uFEFF${jsonl}` }] }),
    );
    expect(fromDisk.state).toBe('done');
    expect(uploaded).toMatchObject({ state: 'done', result: { added: 2, replaced: false } });
    const systems = (await run('system:list', {})) as {
      value: { id: number; name: string; outputs: number }[];
    };
    expect(systems.value.map((s) => [s.name, s.outputs])).toEqual([
      ['disk', 2],
      ['up', 2],
    ]);
    const [disk, up] = systems.value;
    for (const utteranceId of ['train-1', 'air-1']) {
      const a = (await run('score:utterance', { systemId: disk!.id, utteranceId })) as { value: unknown };
      const b = (await run('score:utterance', { systemId: up!.id, utteranceId })) as { value: unknown };
      expect({ ...(b.value as object), systemId: 0, cached: false }).toEqual({
        ...(a.value as object),
        systemId: 0,
        cached: false,
      });
    }
    expect(bugs).toEqual([]);
  });

  it('merges the parts of several files and reports the second copy of a part', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const merged = await finish(
      await run('system:upload', {
        name: 'asr',
        files: [
          { name: 'words.ctm', content: ctm },
          { name: 'concepts.concepts', content: 'train-1 goalcity:berlin\n' },
        ],
      }),
    );
    expect(merged).toMatchObject({ state: 'done', result: { added: 1 } });
    const twice = await finish(
      await run('system:upload', {
        name: 'asr2',
        files: [
          { name: 'a.ctm', content: ctm },
          { name: 'b.jsonl', content: jsonl },
        ],
      }),
    );
    expect(twice).toMatchObject({
      state: 'failed',
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('words given twice (also in a.ctm)') },
    });
  });

  it('writes nothing when any file has a problem, and names it with line and column', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const failed = await finish(
      await run('system:upload', {
        name: 'broken',
        files: [
          { name: 'good.jsonl', content: jsonl },
          { name: 'bad.jsonl', content: '{"id": "train-1"}\n{"id": "air-1", "words": [}\n' },
        ],
      }),
    );
    expect(failed).toMatchObject({
      state: 'failed',
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^bad\.jsonl:2:\d+: /) },
    });
    const unknown = await finish(
      await run('system:upload', { name: 'broken', files: [{ name: 'notes.txt', content: 'x' }] }),
    );
    expect(unknown).toMatchObject({
      state: 'failed',
      error: { message: expect.stringContaining('notes.txt: unknown system output format') },
    });
    expect(await run('system:list', {})).toEqual({ ok: true, value: [] });
    expect(bugs).toEqual([]);
  });

  it('fails a job of 200,000 bad lines with the first 100 located and a count of the rest', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const failed = (await finish(
      await run('system:upload', {
        name: 'bad',
        files: [{ name: 'bad.ctm', content: 'u1 1 x 0.5 word\n'.repeat(200_000) }],
      }),
    )) as { state: string; error: { message: string; details: { errors: unknown[]; moreErrors: number } } };
    expect(failed.state).toBe('failed');
    expect(failed.error.message).toMatch(/^bad\.ctm:1:6: .* \(and 199,999 more\)$/);
    expect(failed.error.details.errors).toHaveLength(100);
    expect(failed.error.details.errors[99]).toMatchObject({ file: 'bad.ctm', line: 100, column: 6 });
    expect(failed.error.details.moreErrors).toBe(199_900);
    expect(bugs).toEqual([]);
  });

  it('refuses a request outside the contract', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    expect(await run('system:upload', { name: 'x', files: [] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('system:upload', { name: 'x', files: [{ name: 'a.ctm' }] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
