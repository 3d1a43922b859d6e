// Pronunciations for the aligner, looked up in a worker thread (`pronounceWorker.ts`) that keeps the
// dictionaries once read, so only the first alignment of a session waits for them and no call waits in
// the thread serving the studio.
import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors';
import type { AlignLang } from '../../core/forcedAlign/normaliseTranscript';
import { workerEntry } from '../workerEntry';

/** What the worker is asked: the phones of each token in `lang`. */
export interface PronounceRequest {
  id: number;
  lang: AlignLang;
  tokens: string[];
}

/** The worker's answer: phones per token (null: the model's dictionary has it as it is), and the guesses. */
export type PronounceReply =
  { id: number; phones: (string | null)[]; guessed: string[] } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, (reply: PronounceReply) => void>();

function thread(): Worker {
  if (worker) return worker;
  const entry = workerEntry(import.meta.url, 'pronounceWorker');
  const w = new Worker(entry.file, { execArgv: entry.execArgv });
  w.unref();
  w.on('message', (reply: PronounceReply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const fail = (message: string): void => {
    worker = null;
    for (const [id, resolve] of pending) resolve({ id, error: message });
    pending.clear();
  };
  w.on('error', (err) => fail(err.message));
  w.on('exit', (code) => fail(`the pronunciation thread stopped (exit code ${code})`));
  worker = w;
  return w;
}

/**
 * The phones of each token (null where the model's dictionary has the token as it is) and the words whose
 * pronunciation was guessed from their spelling, looked up off this thread.
 */
export function pronounceInWorker(
  lang: AlignLang,
  tokens: string[],
): Promise<{ phones: (string | null)[]; guessed: string[] }> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, (reply) => {
      if ('error' in reply)
        reject(new AppError('INTERNAL', `Looking up the pronunciations failed: ${reply.error}`));
      else resolve({ phones: reply.phones, guessed: reply.guessed });
    });
    const message: PronounceRequest = { id, lang, tokens };
    thread().postMessage(message);
  });
}
