// The dashboard's corpus figures kept with the state they were computed from: answered again without
// reading the score cache while the gold, outputs and settings are the same, computed anew (and equal to a
// fresh computation) once a gold revision changed. A real project in a temporary folder.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { CorpusReport } from '../../core/api/contract';
import { corpusScores, coverageOf } from '../../core/scoring/corpusScores';
import { scoreProject } from '../scoring/scoreProject';
import { createHandlers } from './handlers';
import { Session } from './session';

let tmp: { dir: string; cleanup: () => void };
let session: Session;
beforeEach(async () => {
  tmp = tempDir();
  copyDemo(tmp.dir);
  session = new Session('browser');
  await session.openChecked(path.join(tmp.dir, 'demo.sieve'));
});
afterEach(() => {
  session.close();
  tmp.cleanup();
});

/** The dashboard's figures as score:corpus answers them. */
async function dashboard(): Promise<CorpusReport> {
  const handlers = createHandlers(session);
  const started = handlers['score:corpus']();
  const end = await untilJobEnds(
    () => session.jobs.status(started.id),
    (s) => s.state,
  );
  expect(end.state).toBe('done');
  return CorpusReport.parse(end.result);
}

/** The figures computed from scratch, as score:corpus computes them. */
async function computed(): Promise<CorpusReport> {
  const project = session.project;
  const coverage = coverageOf(project.scoringSettings().settings);
  const scores = await scoreProject(project);
  return project.systems().map((sys) => ({
    systemId: sys.id,
    name: sys.name,
    figures: corpusScores([...scores.get(sys.id)!.values()], { coverage }).map((f) => ({
      ...f,
      value: Number.isFinite(f.value) ? f.value : null,
      lo: Number.isFinite(f.lo) ? f.lo : null,
      hi: Number.isFinite(f.hi) ? f.hi : null,
    })),
  }));
}

describe('kept corpus figures', () => {
  it('are answered again while nothing they rest on changed, and computed anew after a gold revision', async () => {
    const first = await dashboard();
    expect(first).toEqual(await computed());
    // The cache emptied behind the host's back: the figures kept still answer, the same.
    session.project.db.prepare('DELETE FROM score_cache').run();
    expect(await dashboard()).toEqual(first);
    expect(session.project.db.prepare('SELECT count(*) FROM score_cache').pluck().get()).toBe(0);
    // A gold revision of one utterance (as any gold edit makes): its pairs are scored again, and the
    // figures are those of a fresh computation.
    const [u] = session.project.utteranceWindow({ limit: 1 }).items;
    session.project.db.prepare('UPDATE utterance SET gold_rev = gold_rev + 1 WHERE id = ?').run(u!.id);
    const after = await dashboard();
    expect(session.project.db.prepare('SELECT count(*) FROM score_cache').pluck().get()).toBeGreaterThan(0);
    expect(after).toEqual(await computed());
  });
});
