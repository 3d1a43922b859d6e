import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { METHODS, type Handlers } from '../../core/api/contract';
import fs from 'node:fs';
import path from 'node:path';
import { writeTextGrid } from '../../core/formats/textGrid';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { copyDemo, makeProject, speak, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const bugs: unknown[] = [];
const run = (method: string, input: unknown) => dispatch(handlers, method, input, (e) => bugs.push(e));
/** The last `job:status` answer of a job, once it no longer runs. */
const jobEnd = (jobId: string) =>
  untilJobEnds(
    async () =>
      (await run('job:status', { jobId })) as { ok: boolean; value: { state: string; result?: unknown } },
    (st) => st.value.state,
    20,
  );

beforeEach(async () => {
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

describe('dispatch', () => {
  it('has a handler for every contract method', async () => {
    expect(Object.keys(handlers).sort()).toEqual([...METHODS].sort());
  });

  it('answers NO_PROJECT before a project is open, and opens one by path', async () => {
    expect(await run('utterance:list', {})).toMatchObject({ ok: false, error: { code: 'NO_PROJECT' } });
    const { file } = await makeProject(dir);
    const opened = await run('project:open', { path: file });
    expect(opened).toMatchObject({ ok: true, value: { utterances: 2, words: 4 } });
    expect(await run('app:info', {})).toMatchObject({
      ok: true,
      value: { transport: 'browser', projectPath: file },
    });
  });

  it('rejects bad input with INVALID_INPUT naming the field, and changes nothing', async () => {
    await session.openChecked((await makeProject(dir)).file);
    const cases: [string, unknown, string][] = [
      ['utterance:get', { utteranceId: 5 }, 'utteranceId'],
      ['utterance:get', {}, 'utteranceId'],
      ['utterance:get', null, 'request'],
      ['utterance:get', { utteranceId: 'train-1', extra: true }, 'request'],
      ['utterance:setStatus', { utteranceId: 'train-1', status: 'finished' }, 'status'],
      ['audio:peaks', { audioId: -1 }, 'audioId'],
      ['audio:peaks', { audioId: 1.5 }, 'audioId'],
      ['project:open', { path: '' }, 'path'],
    ];
    for (const [method, input, field] of cases) {
      const r = await run(method, input);
      expect(r.ok, `${method} ${JSON.stringify(input)}`).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('INVALID_INPUT');
        expect(r.error.message).toContain(field);
      }
    }
    const list = await run('utterance:list', {});
    expect(list.ok && (list.value as { items: { status: string }[] }).items.map((u) => u.status)).toEqual([
      'todo',
      'todo',
    ]);
    expect(bugs).toEqual([]);
  });

  it('passes user errors through with their code: unknown ids, missing files, unknown methods', async () => {
    const { file } = await makeProject(dir);
    await session.openChecked(file);
    expect(await run('utterance:get', { utteranceId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await run('audio:peaks', { audioId: 99 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await run('project:open', { path: `${dir}/missing.sieve` })).toMatchObject({
      ok: false,
      error: { code: 'FILE_MISSING' },
    });
    // The project that was open stays open after a failed open.
    expect(await run('project:summary', {})).toMatchObject({ ok: true, value: { path: file } });
    expect(await run('fs:readFile', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await run('__proto__', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
  });

  it('turns a crashing handler or an off-contract answer into INTERNAL and reports the bug', async () => {
    const broken: Handlers = {
      ...handlers,
      'app:info': () => {
        throw new TypeError('boom');
      },
      'project:summary': () => ({ nonsense: true }) as never,
    };
    expect(await dispatch(broken, 'app:info', {}, (e) => bugs.push(e))).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(await dispatch(broken, 'project:summary', {}, (e) => bugs.push(e))).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(bugs).toHaveLength(2);
  });
});

describe('gold editing through the API', () => {
  it('saves a diff, refuses a stale one with CONFLICT and a malformed one with INVALID_INPUT, undoes', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const start = await run('gold:get', { utteranceId: 'train-1' });
    expect(start).toMatchObject({ ok: true, value: { goldRev: 0, canUndo: false, canRedo: false } });
    const diff = [{ field: 'entities', before: [], after: [{ type: 'P', firstWord: 0, lastWord: 0 }] }];
    const saved = await run('gold:applyDiff', { utteranceId: 'train-1', diff, label: 'entity' });
    expect(saved).toMatchObject({ ok: true, value: { goldRev: 1, canUndo: true } });
    expect(await run('gold:applyDiff', { utteranceId: 'train-1', diff })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await run('gold:applyDiff', { utteranceId: 'train-1', diff: [{ field: 'nope' }] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('gold:undo', { utteranceId: 'train-1' })).toMatchObject({
      ok: true,
      value: { goldRev: 2, canUndo: false, canRedo: true, gold: { entities: [] } },
    });
    expect(bugs).toEqual([]);
  });

  it('pages and filters the utterance list', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    expect(await run('utterance:list', { offset: 0, limit: 1 })).toMatchObject({
      ok: true,
      value: { total: 2, offset: 0, items: [{ id: 'train-1' }] },
    });
    expect(await run('utterance:list', { offset: 0, limit: 10, filter: 'SPK2 noon' })).toMatchObject({
      ok: true,
      value: { total: 1, items: [{ id: 'air-1' }] },
    });
  });
});

describe('jobs', () => {
  it('imports audio and alignments as a job with progress, then the new utterances are there', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    fs.mkdirSync(path.join(dir, 'more'));
    speak(path.join(dir, 'more', 'new-1.wav'), 'from Bonn to Berlin');
    fs.writeFileSync(
      path.join(dir, 'more', 'new-1.TextGrid'),
      writeTextGrid({
        xmin: 0,
        xmax: 1,
        tiers: [
          {
            kind: 'interval',
            name: 'words',
            xmin: 0,
            xmax: 1,
            intervals: [{ xmin: 0.1, xmax: 0.5, text: 'Bonn' }],
          },
        ],
      }),
    );
    const started = await run('project:import', {
      audioDir: path.join(dir, 'more'),
      alignment: path.join(dir, 'more'),
    });
    expect(started).toMatchObject({ ok: true, value: { state: 'running', kind: 'project:import' } });
    const id = (started as { value: { id: string } }).value.id;
    const status = await jobEnd(id);
    expect(status).toMatchObject({ ok: true, value: { state: 'done', result: { utterances: 1, words: 1 } } });
    const got = await run('utterance:get', { utteranceId: 'new-1' });
    expect(got).toMatchObject({ ok: true, value: { audio: { state: 'ok' }, words: [{ text: 'Bonn' }] } });
    expect(await run('job:status', { jobId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(bugs).toEqual([]);
  });

  it('reports a failed import job with the located error', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    fs.mkdirSync(path.join(dir, 'bad'));
    speak(path.join(dir, 'bad', 'b.wav'), 'hello');
    fs.writeFileSync(
      path.join(dir, 'bad', 'b.TextGrid'),
      'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = zero\n',
    );
    const started = await run('project:import', {
      audioDir: path.join(dir, 'bad'),
      alignment: path.join(dir, 'bad'),
    });
    const id = (started as { value: { id: string } }).value.id;
    const status = await jobEnd(id);
    expect(status).toMatchObject({
      value: {
        state: 'failed',
        error: {
          code: 'INVALID_INPUT',
          message: expect.stringMatching(/b\.TextGrid:\d+:\d+: expected xmin/),
        },
      },
    });
  });
});

describe('system import job', () => {
  it('imports a JSON Lines file as a job and lists the system', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const out = path.join(dir, 'sys.jsonl');
    fs.writeFileSync(
      out,
      `${JSON.stringify({ id: 'air-1', words: [{ text: 'flight', startSec: null, endSec: null }] })}\n`,
    );
    const started = (await run('system:import', { name: 'asr', files: [out] })) as { value: { id: string } };
    const status = await jobEnd(started.value.id);
    expect(status).toMatchObject({ value: { state: 'done', result: { added: 1, replaced: false } } });
    expect(await run('system:list', {})).toMatchObject({ ok: true, value: [{ name: 'asr', outputs: 1 }] });
  });

  it('renames and deletes a system, refusing what the contract does not allow', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const out = path.join(dir, 'sys.jsonl');
    fs.writeFileSync(
      out,
      `${JSON.stringify({ id: 'air-1', words: [{ text: 'flight', startSec: 0, endSec: 1 }] })}\n`,
    );
    const started = (await run('system:import', { name: 'asr', files: [out] })) as { value: { id: string } };
    await jobEnd(started.value.id);
    const systemId = ((await run('system:list', {})) as { value: { id: number }[] }).value[0]!.id;
    await run('score:utterance', { systemId, utteranceId: 'air-1' });
    expect(await run('system:rename', { systemId, name: '' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('system:rename', { systemId, name: 'asr-2' })).toMatchObject({
      ok: true,
      value: { id: systemId, name: 'asr-2', outputs: 1 },
    });
    expect(await run('system:delete', { systemId })).toEqual({
      ok: true,
      value: { name: 'asr-2', outputs: 1, cachedScores: 1 },
    });
    expect(await run('system:list', {})).toEqual({ ok: true, value: [] });
    expect(await run('system:delete', { systemId })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});

describe('scoring through the API', () => {
  it('scores a system output for an utterance, caches it, and drops the cache when the gold changes', async () => {
    const { file } = await makeProject(dir);
    await run('project:open', { path: file });
    const out = path.join(dir, 'sys.jsonl');
    const words = [
      { text: 'I', startSec: 0, endSec: 0.1 },
      { text: 'went', startSec: 0.11, endSec: 0.41 },
    ];
    fs.writeFileSync(out, `${JSON.stringify({ id: 'train-1', words })}\n`);
    const job = (await run('system:import', { name: 'asr', files: [out] })) as { value: { id: string } };
    await jobEnd(job.value.id);
    const systemId = ((await run('system:list', {})) as { value: { id: number }[] }).value[0]!.id;
    const first = await run('score:utterance', { systemId, utteranceId: 'train-1' });
    // Gold "I want to" against "I went": one correct, one substitution, one deletion.
    expect(first).toMatchObject({
      ok: true,
      value: { cached: false, scores: { words: { C: 1, S: 1, D: 1, I: 0, N: 3 } } },
    });
    expect(await run('score:utterance', { systemId, utteranceId: 'train-1' })).toMatchObject({
      value: { cached: true },
    });
    const diff = [
      { field: 'words', before: await goldWords(), after: [{ text: 'I', startSec: 0, endSec: 0.1 }] },
    ];
    await run('gold:applyDiff', { utteranceId: 'train-1', diff });
    expect(await run('score:utterance', { systemId, utteranceId: 'train-1' })).toMatchObject({
      value: { cached: false, scores: { words: { C: 1, S: 0, D: 0, I: 1, N: 1 } } },
    });
    // No output for air-1: an empty hypothesis, its one gold word deleted (sclite's rule).
    expect(await run('score:utterance', { systemId, utteranceId: 'air-1' })).toMatchObject({
      value: { output: null, scores: { missing: ['words'], words: { C: 0, D: 1, N: 1, wer: 1 } } },
    });
    expect(bugs).toEqual([]);
  });
});

async function goldWords(): Promise<unknown> {
  const g = (await run('gold:get', { utteranceId: 'train-1' })) as { value: { gold: { words: unknown } } };
  return g.value.gold.words;
}

describe('corpus scores', () => {
  it('scores every system over the project as a job: figures with intervals and signatures', async () => {
    await run('project:open', { path: copyDemo(path.join(dir, 'demo')) });
    const job = (await run('score:corpus', {})) as { value: { id: string } };
    const status = await jobEnd(job.value.id);
    expect(status.value.state).toBe('done');
    const report = status.value.result as {
      name: string;
      figures: { metric: string; value: number; lo: number; hi: number; n: number }[];
    }[];
    expect(report.map((r) => r.name).sort()).toEqual([
      'pocketsphinx-domain',
      'pocketsphinx-generic',
      'transcript-chunker',
    ]);
    for (const r of report) {
      const wer = r.figures.find((f) => f.metric === 'WER')!;
      expect(wer.n).toBe(12);
      expect(wer.lo).toBeLessThanOrEqual(wer.value);
      expect(wer.hi).toBeGreaterThanOrEqual(wer.value);
    }
    const ids = report.map((r) => (r as unknown as { systemId: number }).systemId);
    const cmp = (await run('score:compare', { systemA: ids[0]!, systemB: ids[1]! })) as {
      ok: boolean;
      value: { metric: string; n: number; pValue: number; delta: { value: number } }[];
    };
    expect(cmp.ok).toBe(true);
    expect(cmp.value.find((f) => f.metric === 'WER')).toMatchObject({ n: 12 });
    for (const f of cmp.value) expect(f.pValue).toBeGreaterThan(0);
    expect(await run('score:compare', { systemA: ids[0]!, systemB: 999 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    // The domain recognizer is the better one on this demo.
    const werOf = (name: string) =>
      report.find((r) => r.name === name)!.figures.find((f) => f.metric === 'WER')!.value;
    expect(werOf('pocketsphinx-domain')).toBeLessThan(werOf('pocketsphinx-generic'));
    expect(bugs).toEqual([]);
  });
});
