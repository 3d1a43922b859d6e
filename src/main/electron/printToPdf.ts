// Prints an HTML report to PDF in a hidden, sandboxed window with JavaScript disabled: the report needs no
// script and loads nothing (its Content-Security-Policy forbids every load), so the window only lays it out.
import { BrowserWindow } from 'electron';

/** Renders `html` in a throwaway window and returns the PDF bytes (A4, backgrounds printed). */
export async function printToPdf(html: string): Promise<Uint8Array> {
  const win = new BrowserWindow({
    show: false,
    webPreferences: {
      sandbox: true,
      javascript: false,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      images: true,
      spellcheck: false,
    },
  });
  try {
    await win.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`);
    const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
    return new Uint8Array(pdf);
  } finally {
    win.destroy();
  }
}
