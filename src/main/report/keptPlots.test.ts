// The dashboard's plots kept with the state they were made from: asked for again with nothing changed they
// are answered as they were, without reading or scoring anything; after a gold edit they are made anew and
// equal those a fresh session makes; made from the corpus figures the dashboard keeps, they equal those made
// without them; an HTML report exported after them shows them as kept and is the same. A real copy of the
// demo in a temporary folder.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { DashboardReport, ReportFile } from '../../core/api/contract';
import { diffGold } from '../../core/gold/diff';
import { createHandlers } from '../api/handlers';
import { Session } from '../api/session';
import { readGold } from '../store/goldStore';

let tmp: { dir: string; cleanup: () => void };
let session: Session;
const file = (): string => path.join(tmp.dir, 'demo.sieve');
beforeEach(async () => {
  tmp = tempDir();
  copyDemo(tmp.dir);
  session = new Session('browser');
  await session.openChecked(file());
});
afterEach(() => {
  session.close();
  tmp.cleanup();
});

/** Runs a job method of the session and returns its result. */
async function run(method: 'report:plots' | 'score:corpus' | 'report:export'): Promise<unknown> {
  const handlers = createHandlers(session);
  const started =
    method === 'report:plots'
      ? handlers[method]({})
      : method === 'report:export'
        ? handlers[method]({ format: 'html' })
        : handlers[method]();
  const end = await untilJobEnds(
    () => session.jobs.status(started.id),
    (s) => s.state,
  );
  expect(end.error ?? null).toBeNull();
  expect(end.state).toBe('done');
  return end.result;
}

const plots = async (): Promise<DashboardReport> => DashboardReport.parse(await run('report:plots'));
const html = async (): Promise<string> => ReportFile.parse(await run('report:export')).content;
const cachedScores = (): number =>
  session.project.db.prepare('SELECT count(*) FROM score_cache').pluck().get() as number;

/** The plots a session opened afresh on the project makes (nothing kept). */
async function fresh(): Promise<DashboardReport> {
  session.close();
  session = new Session('browser');
  await session.openChecked(file());
  return plots();
}

// Each plots job builds the demo's report model in a worker thread: seconds on a loaded machine.
describe('kept plots', { timeout: 300_000 }, () => {
  it('are answered again without reading or scoring anything, and made anew after a gold edit', async () => {
    const first = await plots();
    // The score cache emptied behind the host's back: the plots kept still answer, the same, and nothing
    // was scored (scoring would have filled the cache again).
    session.project.db.prepare('DELETE FROM score_cache').run();
    expect(await plots()).toEqual(first);
    expect(cachedScores()).toBe(0);
    // A system renamed: the plots name it anew.
    const [system] = session.project.systems();
    session.project.renameSystem(system!.id, 'renamed system');
    const renamed = await plots();
    expect(renamed.nbest.map((b) => b.system)).toContain('renamed system');
    expect(renamed.nbest.map((b) => b.system)).not.toContain(system!.name);
    // Named back: the plots kept for that name answer again, nothing scored.
    session.project.renameSystem(system!.id, system!.name);
    session.project.db.prepare('DELETE FROM score_cache').run();
    expect(await plots()).toEqual(first);
    expect(cachedScores()).toBe(0);
    // A gold edit: an utterance with concepts loses them, so its concept accuracy changes.
    const id = session.project
      .listUtterances()
      .map((u) => u.id)
      .find((u) => readGold(session.project.db, u).concepts.length > 0)!;
    const before = readGold(session.project.db, id);
    session.project.applyGoldDiff(id, diffGold(before, { ...before, concepts: [] }), 'concepts');
    const edited = await plots();
    // Made anew: scored again, and the plots of concept accuracy changed.
    expect(cachedScores()).toBeGreaterThan(0);
    const svg = (r: DashboardReport, plot: string): string | undefined =>
      r.plots.find((p) => p.id === plot)?.svg;
    expect(svg(edited, 'wa-ca-utterances')).not.toBe(svg(first, 'wa-ca-utterances'));
    expect(await fresh()).toEqual(edited);
  });

  it('made from the corpus figures the dashboard kept equal those made without them', async () => {
    await run('score:corpus');
    const withKept = await plots();
    expect(await fresh()).toEqual(withKept);
  });

  it('are the plots of an HTML report exported after them, the same as one made with nothing kept', async () => {
    await plots();
    const afterPlots = await html();
    session.close();
    session = new Session('browser');
    await session.openChecked(file());
    expect(await html()).toBe(afterPlots);
  });
});
