// The checkpoint thread (checkpointThread.ts): on each request, opens a connection of its own to the
// project, copies into the file every frame of the write-ahead log that no reader still needs (PASSIVE:
// it never waits for readers or writers), and closes the connection again, so that no connection of this
// thread is open while it waits for the next request. It runs behind the thread that answers the studio.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../backgroundPriority';
import {
  type CheckpointAnswer,
  type CheckpointRequest,
  type CheckpointWorkerData,
  CLOSING,
  OPEN,
} from './checkpointThread';

runInBackground();
const { file, flags } = workerData as CheckpointWorkerData;
const state = new Int32Array(flags);

function checkpoint(id: number): CheckpointAnswer {
  // OPEN is set before CLOSING is read, and the app's thread sets CLOSING before it reads OPEN: one of
  // the two sees the other's flag.
  Atomics.store(state, OPEN, 1);
  try {
    if (Atomics.load(state, CLOSING) === 1) return { id, closing: true };
    const db = new Database(file, { fileMustExist: true });
    try {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      return { id, log: r?.log ?? 0, checkpointed: r?.checkpointed ?? 0 };
    } finally {
      db.close();
    }
  } catch (err) {
    return { id, error: err instanceof Error ? err.message : String(err) };
  } finally {
    Atomics.store(state, OPEN, 0);
    Atomics.notify(state, OPEN);
  }
}

parentPort!.on('message', ({ id }: CheckpointRequest) => parentPort!.postMessage(checkpoint(id)));
