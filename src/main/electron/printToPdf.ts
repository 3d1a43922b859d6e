// Prints an HTML report to PDF in a hidden, sandboxed window with JavaScript disabled: the report needs no
// script and loads nothing (its Content-Security-Policy forbids every load), so the window only lays it out.
// The HTML goes through a temporary file because a report of a large corpus exceeds Chromium's 2 MB limit
// on URLs (a data: URL would not load); the window lives in its own in-memory session in which the only
// request allowed is that file, and nothing may ask for a permission.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session } from 'electron';

const PARTITION = 'sieve-print';
/** The report files being printed: the only URLs the print session lets through. */
const allowed = new Set<string>();
let configured = false;

function printSession(): Electron.Session {
  const ses = session.fromPartition(PARTITION);
  if (!configured) {
    ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !allowed.has(details.url) }));
    configured = true;
  }
  return ses;
}

/** Renders `html` in a throwaway window and returns the PDF bytes (A4, backgrounds printed). */
export async function printToPdf(html: string): Promise<Uint8Array> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sieve-print-'));
  const file = path.join(dir, 'report.html');
  const url = pathToFileURL(file).href;
  await fs.writeFile(file, html, 'utf8');
  allowed.add(url);
  printSession();
  const win = new BrowserWindow({
    show: false,
    webPreferences: {
      partition: PARTITION,
      sandbox: true,
      javascript: false,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  try {
    await win.loadURL(url);
    const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
    return new Uint8Array(pdf);
  } finally {
    win.destroy();
    allowed.delete(url);
    await fs.rm(dir, { recursive: true, force: true });
  }
}
