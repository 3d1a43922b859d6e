// The API reads only paths the user chose: the command line's, the open project and its audio folder.
// Any other path is FORBIDDEN before it is read, so nothing about it (existence, size, lines) leaks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../core/api/contract';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { startHost } from '../host/startHost';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { isInside } from '../paths';
import { PathGrants } from './pathGrants';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const run = (method: string, input: unknown) => dispatch(handlers, method, input, () => {});
const forbidden = { ok: false, error: { code: 'FORBIDDEN' } };

const jsonl = `${JSON.stringify({ id: 'air-1', words: [{ text: 'flight', startSec: null, endSec: null }] })}\n`;

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => {
  session?.close();
  cleanup();
});

/** A project in `dir/project` opened as the host opens its `--project`, with `allow` on the command line. */
async function openProject(allow: string[] = []): Promise<string> {
  const projectDir = path.join(dir, 'project');
  fs.mkdirSync(projectDir);
  const { file } = await makeProject(projectDir);
  session = new Session('browser', { allow });
  await session.openChecked(file);
  handlers = createHandlers(session);
  return projectDir;
}

describe('PathGrants', () => {
  it('covers a granted file alone and a granted folder with everything under it', () => {
    const g = new PathGrants();
    g.grantFile(path.join(dir, 'a.ctm'));
    g.grantFolder(path.join(dir, 'wavs'));
    expect(g.check(path.join(dir, 'a.ctm'), 'File')).toBe(path.join(dir, 'a.ctm'));
    expect(g.check(path.join(dir, 'wavs', 'x', 'b.wav'), 'File')).toBe(path.join(dir, 'wavs', 'x', 'b.wav'));
    for (const p of [
      path.join(dir, 'b.ctm'),
      path.join(dir, 'wavs', '..', 'a2.ctm'),
      path.join(dir, 'wavs2', 'b.wav'),
      dir,
      '/etc/passwd',
      '../../etc/passwd',
    ])
      expect(() => g.check(p, 'File'), p).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(isInside('/a/b', '/a')).toBe(true);
    expect(isInside('/a/..b', '/a')).toBe(true);
    expect(isInside('/ab', '/a')).toBe(false);
    expect(isInside('/a', '/a/b')).toBe(false);
  });

  it('refuses a symbolic link in a granted folder that leads out of it', () => {
    fs.mkdirSync(path.join(dir, 'wavs'));
    fs.symlinkSync('/etc/passwd', path.join(dir, 'wavs', 'sys.ctm'));
    const g = new PathGrants();
    g.grantFolder(path.join(dir, 'wavs'));
    expect(() => g.check(path.join(dir, 'wavs', 'sys.ctm'), 'File')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });
});

describe('paths the API reads', () => {
  it('refuses system:import of a path the user never chose, without reading it', async () => {
    await openProject();
    // A FIFO would block a reader until something writes to it: the refusal must come before any read.
    const fifo = path.join(dir, 'trap.ctm');
    execFileSync('mkfifo', [fifo]);
    for (const p of [
      '/etc/passwd',
      fifo,
      path.join(dir, 'project', '..', 'trap.ctm'),
      path.join(dir, 'project', 'audio', '..', '..', 'trap.ctm'),
      '../../../../etc/passwd',
      path.join(dir, 'no-such-folder', 'x.ctm'),
    ]) {
      const r = await run('system:import', { name: 'x', files: [p] });
      expect(r, p).toMatchObject(forbidden);
      expect(JSON.stringify(r)).toContain('was not chosen in this session');
    }
    expect((await run('system:list', {})) as { value: unknown[] }).toMatchObject({ ok: true, value: [] });
  });

  it('refuses project:import and project:open of paths the user never chose', async () => {
    await openProject();
    expect(await run('project:import', { audioDir: '/etc', alignment: '/etc/passwd' })).toMatchObject(
      forbidden,
    );
    expect(
      await run('project:import', { audioDir: path.join(dir, 'project', 'audio'), alignment: '/etc/hosts' }),
    ).toMatchObject(forbidden);
    expect(await run('project:open', { path: '/etc/passwd' })).toMatchObject(forbidden);
    expect(await run('project:open', { path: path.join(dir, 'other.sieve') })).toMatchObject(forbidden);
  });

  it("reads the open project's audio folder, and what the command line allowed", async () => {
    const extra = path.join(dir, 'outputs');
    fs.mkdirSync(extra);
    fs.writeFileSync(path.join(extra, 'sys.jsonl'), jsonl);
    const projectDir = await openProject([extra]);
    fs.writeFileSync(path.join(projectDir, 'audio', 'sys.jsonl'), jsonl);
    for (const [name, file] of [
      ['in-audio-folder', path.join(projectDir, 'audio', 'sys.jsonl')],
      ['allowed', path.join(extra, 'sys.jsonl')],
    ] as const) {
      const started = (await run('system:import', { name, files: [file] })) as { value: { id: string } };
      const end = await untilJobEnds(
        async () => session.jobs.status(started.value.id),
        (s) => s.state,
        20,
      );
      expect(end, name).toMatchObject({ state: 'done', result: { added: 1 } });
    }
    // Its project file's own folder is not granted as a whole: only the audio folder is.
    fs.writeFileSync(path.join(projectDir, 'sys.jsonl'), jsonl);
    expect(
      await run('system:import', { name: 'x', files: [path.join(projectDir, 'sys.jsonl')] }),
    ).toMatchObject(forbidden);
    expect(await run('project:open', { path: path.join(projectDir, 'test.sieve') })).toMatchObject({
      ok: true,
    });
  });

  it('are limited the same way in the browser host, where --allow grants more', async () => {
    const projectDir = path.join(dir, 'project');
    fs.mkdirSync(projectDir);
    const { file } = await makeProject(projectDir);
    const extra = path.join(dir, 'outputs');
    fs.mkdirSync(extra);
    fs.writeFileSync(path.join(extra, 'sys.jsonl'), jsonl);
    const host = await startHost({ project: file, rendererDir: path.join(dir, 'none'), allow: [extra] });
    try {
      const post = async (method: string, body: unknown) =>
        (
          await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      expect(await post('system:import', { name: 'x', files: ['/etc/passwd'] })).toMatchObject(forbidden);
      expect(
        await post('system:import', { name: 'x', files: [path.join(extra, 'sys.jsonl')] }),
      ).toMatchObject({
        ok: true,
      });
    } finally {
      await host.close();
    }
  });
});

describe('the native dialog (Electron)', () => {
  it('grants exactly what it returned, and nothing else', async () => {
    await openProject();
    const chosen = path.join(dir, 'chosen.jsonl');
    const other = path.join(dir, 'other.jsonl');
    fs.writeFileSync(chosen, jsonl);
    fs.writeFileSync(other, jsonl);
    const asked: string[] = [];
    handlers = createHandlers(session, {
      choosePaths: async (purpose) => {
        asked.push(purpose);
        return [chosen];
      },
    });
    expect(await run('system:import', { name: 'x', files: [chosen] })).toMatchObject(forbidden);
    expect(await run('dialog:choose', { purpose: 'systemFiles' })).toMatchObject({
      ok: true,
      value: { paths: [chosen] },
    });
    expect(asked).toEqual(['systemFiles']);
    expect(await run('system:import', { name: 'x', files: [other] })).toMatchObject(forbidden);
    const started = (await run('system:import', { name: 'x', files: [chosen] })) as { value: { id: string } };
    const end = await untilJobEnds(
      async () => session.jobs.status(started.value.id),
      (s) => s.state,
      20,
    );
    expect(end).toMatchObject({ state: 'done', result: { added: 1 } });
  });

  it('is not there in the browser, where files are uploaded', async () => {
    await openProject();
    expect(await run('dialog:choose', { purpose: 'systemFiles' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/upload the files/) },
    });
  });
});
