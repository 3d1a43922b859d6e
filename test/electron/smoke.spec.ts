// Electron smoke test (`npm run test:electron`): needs the Electron binary, which `npm ci` does not fetch;
// run `npx install-electron` where GitHub downloads are reachable. Not part of `npm test` for that reason.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { _electron as electron, expect, test } from '@playwright/test';

test('the desktop window opens the demo, sandboxed and without Node in the page', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-electron-'));
  const app = await electron.launch({
    args: [path.resolve(import.meta.dirname, '../../out/main/index.js')],
    env: { ...process.env, SIEVE_DATA_DIR: dataDir },
  });
  try {
    const win = await app.firstWindow();
    await expect(win.locator('table.utterances tbody tr').first()).toBeVisible();
    expect(win.url()).toBe('app://sieve/index.html');
    const probe = await win.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      bridge: Object.keys((window as { sieve?: { api: object } }).sieve?.api ?? {}).length,
    }));
    expect(probe.require).toBe('undefined');
    expect(probe.bridge).toBeGreaterThan(0);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
