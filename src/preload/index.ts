// The one bridge between the sandboxed renderer and the app: `window.sieve`, built from the contract's keys.
import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannel, METHODS } from '../core/api/contract';

const api = Object.fromEntries(
  METHODS.map((m) => [m, (input: unknown) => ipcRenderer.invoke(ipcChannel(m), input)]),
);

contextBridge.exposeInMainWorld('sieve', {
  api,
  mediaUrl: (audioId: number) => `app://sieve/media/${audioId}`,
});
