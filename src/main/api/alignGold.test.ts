// Re-aligning gold words through the API on the demo's espeak-ng recordings: the job aligns in a worker
// thread, saves one history entry that undoes exactly, keeps the words set by hand, and answers clearly
// when it cannot align.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlignOutcome, GoldState, Handlers, JobStatus } from '../../core/api/contract';
import type { GoldWord } from '../../core/gold/records';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let tmp: ReturnType<typeof tempDir>;
let session: Session;
let handlers: Handlers;
const bugs: unknown[] = [];

async function ok<T>(method: string, input: unknown): Promise<T> {
  const r = await dispatch(handlers, method, input, (e) => bugs.push(e));
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}
const jobEnd = (jobId: string) =>
  untilJobEnds(
    () => ok<JobStatus>('job:status', { jobId }),
    (s) => s.state,
  );
const rows = (id: string) =>
  session.project.db
    .prepare(
      'SELECT idx, text, start_sec, end_sec, source, confidence FROM word WHERE utterance_id = ? ORDER BY idx',
    )
    .all(id) as {
    idx: number;
    text: string;
    start_sec: number;
    end_sec: number;
    source: string;
    confidence: number | null;
  }[];
const historyCount = (id: string) =>
  session.project.db.prepare('SELECT count(*) FROM history WHERE utterance_id = ?').pluck().get(id) as number;

beforeEach(async () => {
  tmp = tempDir();
  session = new Session('browser', { allow: [tmp.dir] });
  handlers = createHandlers(session);
  bugs.length = 0;
  await session.openChecked(copyDemo(path.join(tmp.dir, 'demo')));
});
afterEach(() => {
  session.close();
  tmp.cleanup();
});

describe('gold:align', () => {
  it('re-aligns an edited utterance around the word set by hand, as one edit that undoes exactly', async () => {
    const id = 'train-01';
    const start = await ok<GoldState>('gold:get', { utteranceId: id });
    // The annotator corrects a word's text, and drags the boundary between "to" and "go" by hand.
    const words: GoldWord[] = start.gold.words.map((w, i) =>
      i === 5
        ? { ...w, text: 'bonn' }
        : i === 2
          ? { ...w, endSec: 0.95 }
          : i === 3
            ? { ...w, startSec: 0.95 }
            : w,
    );
    // The trees' leaves are the words: they follow the corrected text.
    const trees = start.gold.trees.map((t) => ({ ...t, bracket: t.bracket.replace(/\bBonn\b/, 'bonn') }));
    await ok('gold:applyDiff', {
      utteranceId: id,
      diff: [
        { field: 'words', before: start.gold.words, after: words },
        { field: 'trees', before: start.gold.trees, after: trees },
      ],
    });
    const edited = rows(id);
    expect(edited.map((r) => r.source)).toEqual([
      'espeak-ng',
      'espeak-ng',
      'manual',
      'manual',
      'espeak-ng',
      'edited',
      'espeak-ng',
      'espeak-ng',
    ]);
    const entries = historyCount(id);

    const job = await ok<JobStatus>('gold:align', { utteranceId: id });
    const end = await jobEnd(job.id);
    expect(end.state, JSON.stringify(end.error)).toBe('done');
    const outcome = end.result as AlignOutcome;
    expect(outcome.aligned).toEqual([0, 1, 4, 5, 6, 7]);
    expect(outcome.unplaced).toEqual([]);
    const after = rows(id);
    // The words set by hand did not move; the others are SIEVE's, with a confidence, within the utterance.
    expect(after[2]).toEqual(edited[2]);
    expect(after[3]).toEqual(edited[3]);
    for (const i of outcome.aligned) {
      expect(after[i]!.source).toBe('sieve-align');
      expect(after[i]!.confidence).toBeGreaterThanOrEqual(0);
      expect(after[i]!.confidence).toBeLessThanOrEqual(1);
      expect(after[i]!.text).toBe(edited[i]!.text);
    }
    expect(
      after.some((r, i) => r.start_sec !== edited[i]!.start_sec || r.end_sec !== edited[i]!.end_sec),
    ).toBe(true);
    // Within 50 ms of espeak-ng's own times (the demo's truth) where the word was not moved by hand.
    for (const i of [0, 1, 5, 6, 7]) {
      expect(Math.abs(after[i]!.start_sec - edited[i]!.start_sec)).toBeLessThan(0.05);
      expect(Math.abs(after[i]!.end_sec - edited[i]!.end_sec)).toBeLessThan(0.05);
    }
    expect(historyCount(id)).toBe(entries + 1);
    expect(outcome.state.gold.words[0]).toMatchObject({ source: 'sieve-align' });

    const undone = await ok<GoldState>('gold:undo', { utteranceId: id });
    expect(rows(id)).toEqual(edited);
    expect(undone.gold.words.every((w) => w.confidence === undefined)).toBe(true);
    await ok('gold:redo', { utteranceId: id });
    expect(rows(id)).toEqual(after);
  });

  it('asks before moving a confirmed word of the selection, and aligns only up to the confirmed words', async () => {
    const id = 'train-01';
    const start = await ok<GoldState>('gold:get', { utteranceId: id });
    const words = start.gold.words.map((w, i) => (i === 2 ? { ...w, endSec: 0.9 } : w));
    await ok('gold:applyDiff', {
      utteranceId: id,
      diff: [{ field: 'words', before: start.gold.words, after: words }],
    });
    const refused = await dispatch(
      handlers,
      'gold:align',
      { utteranceId: id, words: { first: 1, last: 3 } },
      (e) => bugs.push(e),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT', details: { confirmed: [2] } } });
    expect((refused as { error: { message: string } }).error.message).toMatch(/word 3 "to" was set by hand/);
    const before = rows(id);
    // The selected word "from" is aligned with its unconfirmed neighbours after "to"; "I want to" stay.
    const end = await jobEnd(
      (await ok<JobStatus>('gold:align', { utteranceId: id, words: { first: 4, last: 4 } })).id,
    );
    expect(end.state, JSON.stringify(end.error)).toBe('done');
    const outcome = end.result as AlignOutcome;
    expect([outcome.first, outcome.last, outcome.startSec]).toEqual([3, 7, 0.9]);
    expect(rows(id).slice(0, 3)).toEqual(before.slice(0, 3));
    expect(rows(id)[3]!.start_sec).toBeGreaterThanOrEqual(0.9);
  });

  it('answers FILE_MISSING when the utterance’s recording is gone, and changes nothing', async () => {
    session.close();
    const copy = path.join(tmp.dir, 'moved');
    const file = copyDemo(copy);
    fs.rmSync(path.join(copy, 'audio', 'train-03.wav'));
    session = new Session('browser', { allow: [tmp.dir] });
    handlers = createHandlers(session);
    await session.openChecked(file);
    const before = rows('train-03');
    const r = await dispatch(handlers, 'gold:align', { utteranceId: 'train-03' }, (e) => bugs.push(e));
    expect(r).toMatchObject({ ok: false, error: { code: 'FILE_MISSING' } });
    expect((r as { error: { message: string } }).error.message).toMatch(/train-03\.wav/);
    expect(rows('train-03')).toEqual(before);
    expect(bugs).toEqual([]);
  });

  it('answers clearly when there is nothing to align or the aligner is cancelled, and changes nothing', async () => {
    const id = 'train-02';
    const before = rows(id);
    const bad = await dispatch(
      handlers,
      'gold:align',
      { utteranceId: id, words: { first: 3, last: 99 } },
      (e) => bugs.push(e),
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const job = await ok<JobStatus>('gold:align', { utteranceId: id });
    await ok('job:cancel', { jobId: job.id });
    const end = await jobEnd(job.id);
    expect(end).toMatchObject({ state: 'failed', error: { code: 'CANCELLED' } });
    expect(rows(id)).toEqual(before);
    expect(bugs).toEqual([]);
  });
});
