// A project's audio is read only from regular files inside its folder (or folders the user added), and
// served only while it is the very file checked when the project opened. A FIFO, a device, a path out of
// the folder or a file swapped for a link is refused with a message, never read (no hang).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { runSieve } from '../../../test/helpers/runSieve';
import { startHost } from '../host/startHost';
import { ProjectStore } from '../store/projectStore';

let dir: string;
let cleanup: () => void;
let projectDir: string;
let file: string;
const open: ProjectStore[] = [];

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  projectDir = path.join(dir, 'project');
  fs.mkdirSync(projectDir);
  ({ file } = await makeProject(projectDir));
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
  cleanup();
});

const openStore = (): ProjectStore => {
  const s = ProjectStore.open(file);
  open.push(s);
  return s;
};
const audioA = (): string => path.join(projectDir, 'audio', 'a.wav');

/** Stores another path for audio file 1 (a.wav), as a damaged or hostile project file would hold. */
function setStoredPath(stored: string): void {
  const db = new Database(file);
  try {
    db.prepare('UPDATE audio_file SET path = ? WHERE id = 1').run(stored);
  } finally {
    db.close();
  }
}

function stateOf(store: ProjectStore, audioPath: string): string | undefined {
  return store.summary().audioProblems.find((a) => a.path === audioPath)?.state;
}

describe('audio files when a project opens', () => {
  it('refuses a FIFO without blocking on it, in the store and in sieve info', async () => {
    fs.rmSync(audioA());
    execFileSync('mkfifo', [audioA()]);
    const store = openStore();
    expect(stateOf(store, 'audio/a.wav')).toBe('not-a-file');
    expect(() => store.openPlayableAudio(1)).toThrow(/audio\/a\.wav is not a regular file/);
    store.close();
    open.length = 0;
    const run = await runSieve(dir, 'info', file);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/not-a-file\s+audio\/a\.wav/);
  });

  it('refuses a device: outside the project folder, and not a regular file even where it was added', () => {
    fs.rmSync(audioA());
    fs.symlinkSync('/dev/zero', audioA());
    const store = openStore();
    expect(stateOf(store, 'audio/a.wav')).toBe('outside');
    store.allowAudioFolders(() => ['/dev']);
    expect(stateOf(store, 'audio/a.wav')).toBe('not-a-file');
    expect(() => store.openPlayableAudio(1)).toThrow(/is not a regular file/);
  });

  it('refuses a stored path that leads out of the project folder, unless its folder was added', () => {
    const elsewhere = path.join(dir, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.copyFileSync(audioA(), path.join(elsewhere, 'a.wav'));
    setStoredPath('../elsewhere/a.wav');
    const store = openStore();
    expect(stateOf(store, '../elsewhere/a.wav')).toBe('outside');
    expect(() => store.openPlayableAudio(1)).toThrow(
      /\.\.\/elsewhere\/a\.wav lies outside the project folder and the folders added to it/,
    );
    store.allowAudioFolders(() => [elsewhere]);
    expect(stateOf(store, '../elsewhere/a.wav')).toBeUndefined();
    const played = store.openPlayableAudio(1);
    fs.closeSync(played.fd);
  });

  it('refuses absolute stored paths outside the project folder', () => {
    for (const stored of ['/etc/passwd', '/dev/zero', path.join(dir, 'x.wav')]) {
      setStoredPath(stored);
      const store = openStore();
      expect(stateOf(store, stored), stored).toBe('outside');
      expect(() => store.openPlayableAudio(1)).toThrow(/lies outside the project folder/);
    }
  });
});

describe('audio files when they are served', () => {
  it('refuses a file swapped for a link, or for another file, after the project opened', () => {
    const store = openStore();
    expect(store.summary().audioProblems).toEqual([]);
    const first = store.openPlayableAudio(1);
    fs.closeSync(first.fd);
    // A link to a system file.
    fs.renameSync(audioA(), path.join(projectDir, 'kept.wav'));
    fs.symlinkSync('/etc/passwd', audioA());
    expect(() => store.openPlayableAudio(1)).toThrow(/audio\/a\.wav lies outside the project folder/);
    // A link to a file inside the folder, even one with the same bytes, is not the file checked.
    fs.rmSync(audioA());
    fs.copyFileSync(path.join(projectDir, 'kept.wav'), path.join(projectDir, 'copy.wav'));
    fs.symlinkSync(path.join(projectDir, 'copy.wav'), audioA());
    expect(() => store.openPlayableAudio(1)).toThrow(/has been replaced since the project was opened/);
    // The file checked, back in place, plays again.
    fs.rmSync(audioA());
    fs.renameSync(path.join(projectDir, 'kept.wav'), audioA());
    fs.closeSync(store.openPlayableAudio(1).fd);
  });

  it('answers the browser host media request with the refusal, and the host goes on', async () => {
    const host = await startHost({ project: file, rendererDir: path.join(dir, 'none') });
    try {
      const media = (id: number) => fetch(`http://127.0.0.1:${host.port}/media/${id}?token=${host.token}`);
      const ok = await media(1);
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
      fs.rmSync(audioA());
      fs.symlinkSync('/etc/passwd', audioA());
      const refused = await media(1);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({
        ok: false,
        error: { code: 'BAD_FILE', message: expect.stringMatching(/lies outside the project folder/) },
      });
      expect((await media(2)).status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('closes the file of every answer, HEAD requests and unsatisfiable ranges included', async () => {
    const host = await startHost({ project: file, rendererDir: path.join(dir, 'none') });
    try {
      const url = `http://127.0.0.1:${host.port}/media/1?token=${host.token}`;
      const openFiles = (): number => fs.readdirSync('/proc/self/fd').length;
      // One request of each kind first, so the sockets and streams of the first use are counted.
      const once = async (): Promise<void> => {
        const head = await fetch(url, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
        await head.arrayBuffer();
        const range = await fetch(url, { headers: { Range: 'bytes=999999999-' } });
        expect(range.status).toBe(416);
        await range.arrayBuffer();
        await (await fetch(url, { headers: { Range: 'bytes=0-99' } })).arrayBuffer();
      };
      await once();
      const before = openFiles();
      for (let i = 0; i < 40; i++) await once();
      expect(openFiles()).toBeLessThan(before + 10);
    } finally {
      await host.close();
    }
  });
});
