// Electron transport: one `ipcMain.handle` channel per API method, answering only our own renderer.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { ipcChannel, METHODS, type Handlers } from '../../core/api/contract';
import { AppError, type ApiResult } from '../../core/errors';
import { dispatch } from '../api/dispatch';

/** Registers every contract method on `ipcMain`; calls from any frame but our renderer are refused. */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: Handlers,
  isTrustedSender: (frameUrl: string) => boolean,
): void {
  for (const method of METHODS) {
    ipcMain.handle(
      ipcChannel(method),
      async (event: IpcMainInvokeEvent, input: unknown): Promise<ApiResult<unknown>> => {
        const url = event.senderFrame?.url ?? '';
        if (!isTrustedSender(url)) {
          return {
            ok: false,
            error: new AppError('UNAUTHORIZED', `IPC from an untrusted frame (${url}).`).toShape(),
          };
        }
        return dispatch(handlers, method, input);
      },
    );
  }
}
