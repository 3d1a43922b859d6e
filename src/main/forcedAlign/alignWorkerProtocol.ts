// The messages between `alignSpeech` and its worker thread.
import type { ApiErrorShape } from '../../core/errors';
import type { EngineSettings } from './runAlignment';
import type { AlignRequest, AlignResult } from './types';

/** What the worker is started with: its engine settings (the defaults unless a benchmark tries others). */
export interface AlignWorkerData {
  settings?: EngineSettings;
  /** Run at a lower scheduling priority than the thread answering the studio. */
  background: boolean;
}

/** Caller → worker: align one request. */
export type AlignWorkerRequest = { type: 'align'; id: number; request: AlignRequest };

/** Worker → caller: progress of a request, its result, or why it failed. */
export type AlignWorkerReply =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'result'; id: number; result: AlignResult }
  | { type: 'failed'; id: number; error: ApiErrorShape | null; message: string };
