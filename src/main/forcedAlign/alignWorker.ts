// A forced-alignment worker thread: loads the aligner (WebAssembly and the acoustic model) once, then
// aligns the requests posted to it one after the other.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../core/errors';
import { runInBackground } from '../backgroundPriority';
import type { AlignWorkerData, AlignWorkerReply, AlignWorkerRequest } from './alignWorkerProtocol';
import { DEFAULT_ENGINE, runAlignment } from './runAlignment';

const data = workerData as AlignWorkerData;
if (data.background) runInBackground();
const post = (m: AlignWorkerReply): void => parentPort!.postMessage(m);

parentPort!.on('message', (m: AlignWorkerRequest) => {
  const { id, request } = m;
  runAlignment(
    request,
    (done, total) => post({ type: 'progress', id, done, total }),
    data.settings ?? DEFAULT_ENGINE,
  )
    .then((result) => post({ type: 'result', id, result }))
    .catch((err: unknown) =>
      post({
        type: 'failed',
        id,
        error: err instanceof AppError ? err.toShape() : null,
        message: err instanceof Error ? err.message : String(err),
      }),
    );
});
