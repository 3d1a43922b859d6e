// Electron entry: one hardened window on app://sieve, the API over IPC, the demo opened by default.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, ipcMain, session as electronSession } from 'electron';
import { createHandlers } from './api/handlers';
import { Session } from './api/session';
import { handleAppScheme, registerAppSchemePrivileges } from './electron/appProtocol';
import { registerIpc } from './electron/ipcAdapter';
import { choosePaths } from './electron/choosePaths';
import { printToPdf } from './electron/printToPdf';
import { appRoot, demoProjectPath } from './paths';
import {
  APP_ORIGIN,
  devRendererUrl,
  hardenWebContents,
  isAllowedRequestUrl,
  isOwnRendererUrl,
  secureWebPreferences,
} from './security';

const devServerUrl = devRendererUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged);
const outDir = path.join(appRoot(), 'out');

registerAppSchemePrivileges();
app.enableSandbox();

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, devServerUrl));

/** The command line: `--project FILE` to open, `--allow PATH`… files and folders the API may read. */
function parseCommandLine(): { project: string; allow: string[] } {
  const { values } = parseArgs({
    args: process.argv.slice(app.isPackaged ? 1 : 2),
    options: { project: { type: 'string' }, allow: { type: 'string', multiple: true } },
    strict: false,
  });
  const allow = Array.isArray(values.allow) ? values.allow.filter((a) => typeof a === 'string') : [];
  return {
    project: typeof values.project === 'string' ? path.resolve(values.project) : demoProjectPath(),
    allow,
  };
}

void app.whenReady().then(async () => {
  const commandLine = parseCommandLine();
  const session = new Session('electron', { allow: commandLine.allow });
  // Audio is checked in pieces, so a large recording does not hold up the app's thread at the start.
  await session.openChecked(commandLine.project);
  handleAppScheme(path.join(outDir, 'renderer'), session);
  registerIpc(ipcMain, createHandlers(session, { printToPdf, choosePaths }), (url) =>
    isOwnRendererUrl(url, devServerUrl),
  );

  const ses = electronSession.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedRequestUrl(details.url, devServerUrl) }),
  );

  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'SIEVE',
    show: false,
    webPreferences: secureWebPreferences(path.join(outDir, 'preload', 'index.cjs')),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);

  app.on('window-all-closed', () => {
    session.close();
    app.quit();
  });
});
