// The native open dialog behind `dialog:choose`: the only way the Electron window names paths for the API
// to read (the handler grants what it returns).
import { BrowserWindow, dialog, type OpenDialogOptions } from 'electron';
import type { DialogPurpose } from '../../core/api/contract';

const OPTIONS: Record<DialogPurpose, OpenDialogOptions> = {
  systemFiles: {
    title: "A system's output files",
    properties: ['openFile', 'multiSelections'],
    filters: [{ name: 'System outputs', extensions: ['jsonl', 'ctm', 'concepts', 'nbest'] }],
  },
  audioFolder: { title: 'A folder of audio', properties: ['openDirectory'] },
  alignment: { title: 'Word alignments (a folder or one file)', properties: ['openFile', 'openDirectory'] },
  project: {
    title: 'Open a project',
    properties: ['openFile'],
    filters: [{ name: 'SIEVE projects', extensions: ['sieve'] }],
  },
};

/** Shows the open dialog for `purpose` over the focused window; the chosen paths, none when cancelled. */
export async function choosePaths(purpose: DialogPurpose): Promise<string[]> {
  const win = BrowserWindow.getFocusedWindow();
  const result = win
    ? await dialog.showOpenDialog(win, OPTIONS[purpose])
    : await dialog.showOpenDialog(OPTIONS[purpose]);
  return result.canceled ? [] : result.filePaths;
}
