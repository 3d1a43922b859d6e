// What the crash-safety worker writes, shared with the test that checks what survived.
import type { GoldRecords } from '../../src/core/gold/records';
import type { Corpus } from '../../src/main/import/writeCorpus';
import { type StackStep, replayStacks } from '../../src/main/store/migrations/0004-undo-stacks';
import type { Db } from '../../src/main/store/openDatabase';

/** Utterances per import: large enough that the transaction takes a while. */
export const IMPORT_UTTERANCES = 4000;
/** Words per imported utterance. */
export const IMPORT_WORDS = 20;

/** A corpus of IMPORT_UTTERANCES utterances over one audio file, with ids prefixed by `tag`. */
export function bigCorpus(audioFile: string, tag: string): Corpus {
  return {
    audio: [{ key: 'a', file: audioFile }],
    utterances: Array.from({ length: IMPORT_UTTERANCES }, (_, i) => ({
      id: `${tag}-${i}`,
      audio: 'a',
      endSec: 1,
      words: Array.from({ length: IMPORT_WORDS }, (_, k) => ({
        text: `w${k}`,
        startSec: k * 0.05,
        endSec: k * 0.05 + 0.04,
      })),
      entities: [{ type: 'P', firstWord: 0, lastWord: 1 }],
    })),
  };
}

/** The gold the edit worker writes at revision `rev`: a function of `rev`, so survivors can be checked. */
export function goldAtRev(base: GoldRecords, rev: number): GoldRecords {
  const last = Math.min(base.words.length - 1, rev % base.words.length);
  return {
    ...base,
    entities: [{ type: rev % 2 === 0 ? 'P' : 'L', firstWord: 0, lastWord: last }],
    labels: { cantRepresent: rev % 3 === 0, inputKind: rev % 2 === 0 ? 'text' : 'asr' },
  };
}

/**
 * What is wrong with an utterance's undo and redo stacks as stored, against the stacks its whole history
 * replays to (they are written with each edit, in its transaction); null when they match.
 */
export function stacksProblem(db: Db, utteranceId: string): string | null {
  const steps = db
    .prepare('SELECT id, kind, below FROM history WHERE utterance_id = ? ORDER BY id')
    .all(utteranceId) as (StackStep & { below: number | null })[];
  const tops = db.prepare('SELECT undo_top, redo_top FROM utterance WHERE id = ?').get(utteranceId) as {
    undo_top: number | null;
    redo_top: number | null;
  };
  const replayed = replayStacks(steps);
  const wrong = steps.find((s) => s.below !== replayed.below.get(s.id));
  if (wrong) return `history entry ${wrong.id} lies over ${wrong.below}, not ${replayed.below.get(wrong.id)}`;
  const undo = replayed.undo.at(-1) ?? null;
  const redo = replayed.redo.at(-1) ?? null;
  if (tops.undo_top !== undo || tops.redo_top !== redo)
    return `stack tops ${tops.undo_top}/${tops.redo_top}, the history gives ${undo}/${redo}`;
  return null;
}
