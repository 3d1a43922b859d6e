// Re-aligning an annotator's layer: the aligner's words are saved in that layer, as one entry of its
// history that its own undo reverses; the adjudicated gold is not touched.
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

describe("gold:align on an annotator's layer", () => {
  it('aligns the layer around the words set by hand, leaves the adjudicated gold, and undoes in the layer', async () => {
    const id = 'train-01';
    const layer = { annotator: 'ann' };
    await ok('annotator:add', { name: 'ann' });
    await ok('assignment:set', { annotator: 'ann', utteranceIds: [id] });
    const adjudicated = await ok<GoldState>('gold:get', { utteranceId: id });
    const start = await ok<GoldState>('gold:get', { utteranceId: id, layer });
    // Ann drags the boundary between words 2 and 3 by hand.
    const words: GoldWord[] = start.gold.words.map((w, i) =>
      i === 2 ? { ...w, endSec: 0.95 } : i === 3 ? { ...w, startSec: 0.95 } : w,
    );
    await ok('gold:applyDiff', {
      utteranceId: id,
      layer,
      diff: [{ field: 'words', before: start.gold.words, after: words }],
    });
    const edited = (await ok<GoldState>('gold:get', { utteranceId: id, layer })).gold.words;

    const job = await ok<JobStatus>('gold:align', { utteranceId: id, layer });
    const end = await untilJobEnds(
      () => ok<JobStatus>('job:status', { jobId: job.id }),
      (s) => s.state,
    );
    expect(end.state, JSON.stringify(end.error)).toBe('done');
    const outcome = end.result as AlignOutcome;
    expect(outcome.aligned.length).toBeGreaterThan(0);
    expect(outcome.aligned).not.toContain(2);
    expect(outcome.aligned).not.toContain(3);
    expect(outcome.state.goldRev).toBe(2);
    const after = (await ok<GoldState>('gold:get', { utteranceId: id, layer })).gold.words;
    expect(after[2]).toEqual(edited[2]);
    for (const i of outcome.aligned) expect(after[i]!.source).toBe('sieve-align');
    expect(await ok<GoldState>('gold:get', { utteranceId: id })).toEqual(adjudicated);
    const entries = session.project.db
      .prepare('SELECT annotator_id IS NOT NULL AS layer FROM history WHERE utterance_id = ? ORDER BY id')
      .pluck()
      .all(id);
    expect(entries).toEqual([1, 1]);

    const undone = await ok<GoldState>('gold:undo', { utteranceId: id, layer });
    expect(undone.gold.words).toEqual(edited);
    expect(await ok<GoldState>('gold:get', { utteranceId: id })).toEqual(adjudicated);
    expect(bugs).toEqual([]);
  });
});
