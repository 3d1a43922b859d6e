// Starts the built browser host as a child process, the way `npm run serve` does, on a private data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A running host and how to reach it. */
export interface HostProcess {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  child: ChildProcess;
  /** Calls the API from the test process (not the page), for ground truth. */
  api<T>(method: string, input: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** Launches out/main/host.js with SIEVE_DATA_DIR in a temp folder, so the demo copy is fresh. */
export async function startHostProcess(args: string[] = []): Promise<HostProcess> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'out/main/host.js'), ...args], {
    env: { ...process.env, SIEVE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /Open (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${output}`)));
  });
  const parsed = new URL(url);
  const token = /token=([^&]+)/.exec(parsed.hash)![1]!;
  return {
    url,
    origin: parsed.origin,
    token,
    dataDir,
    child,
    async api<T>(method: string, input: unknown): Promise<T> {
      const res = await fetch(`${parsed.origin}/api/${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as { ok: boolean; value: T; error?: unknown };
      if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
      return body.value;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
