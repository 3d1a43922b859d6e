// The report worker against the report built in this thread (as `sieve report` builds it): the same bytes
// for every format and the same plots; and the app answering other calls while a large report is built.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticReportManifest } from '../../../bench/report.bench';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { writeWav } from '../../../test/helpers/wavFixture';
import { type JobStatus, ReportFile, UtterancePage } from '../../core/api/contract';
import { dispatch } from '../api/dispatch';
import { createHandlers } from '../api/handlers';
import { Session } from '../api/session';
import { scoringContext } from '../scoring/scoringContext';
import { scoreProject, scoreProjectJson } from '../scoring/scoreProject';
import { createProject } from '../store/createProject';
import { ProjectStore } from '../store/projectStore';
import { scoreCacheReader } from '../store/scoreCache';
import { collectReportInput, selectSystems } from './collectReport';
import { reportText } from './exportReport';
import { type ReportModel, buildReport } from './reportModel';
import { renderPlots } from './renderPlots';
import { runReportWorker } from './reportJob';
import type { ReportTask } from './reportWorkerProtocol';

let tmp: { dir: string; cleanup: () => void };
beforeAll(() => {
  tmp = tempDir();
});
afterAll(() => tmp.cleanup());

/** The report model built in this thread, as the command line builds it. */
async function inThreadModel(store: ProjectStore): Promise<ReportModel> {
  const systems = selectSystems(store);
  return buildReport(collectReportInput(store, systems, await scoreProject(store, { jobs: 1 })));
}

/** A report worker's task, with the scores as the report job hands them over. */
async function taskOf(store: ProjectStore, output: ReportTask['output']): Promise<ReportTask> {
  return {
    file: store.file,
    settings: scoringContext(store).settings,
    scores: await scoreProjectJson(store),
    project: store.summary().name,
    systems: selectSystems(store),
    output,
  };
}

describe('report worker', () => {
  it('writes the same bytes as the report built in this thread, and renders the same plots', async () => {
    const dir = path.join(tmp.dir, 'demo');
    copyDemo(dir);
    const store = ProjectStore.open(path.join(dir, 'demo.sieve'));
    try {
      // A change of gold after scoring: that utterance's cached scores are stale, and the scores handed to
      // the worker are those of the new gold.
      await scoreProject(store);
      const u = store.listUtterances()[0]!.id;
      const concepts = store.goldState(u).gold.concepts;
      store.applyGoldDiff(u, [
        { field: 'concepts', before: concepts, after: [...concepts, { attribute: 'extra', value: 'x' }] },
      ]);
      const ids = selectSystems(store).map((s) => s.id);
      const cache = scoreCacheReader(store.db, scoringContext(store).signature);
      expect(ids.filter((id) => cache.pair(id, u) !== undefined)).toEqual([]);
      const phases: string[] = [];
      const rescored = await runReportWorker(await taskOf(store, 'json'), (_d, _t, phase) =>
        phases.push(phase),
      );
      expect(phases).toEqual(expect.arrayContaining(['reading', 'building', 'writing']));
      expect(ids.filter((id) => cache.pair(id, u) !== undefined)).toEqual(ids);

      const model = await inThreadModel(store);
      expect(model.utterances[0]!.rows[0]!.utteranceId).toBe(u);
      expect(rescored).toEqual({ type: 'text', text: await reportText(model, 'json') });
      for (const format of ['html', 'csv', 'md'] as const)
        expect(await runReportWorker(await taskOf(store, format))).toEqual({
          type: 'text',
          text: await reportText(model, format),
        });
      const plots = await runReportWorker(await taskOf(store, 'plots'));
      expect(plots).toEqual({
        type: 'plots',
        plots: await renderPlots(model.plots),
        nbest: model.nbest,
        asr: model.asr,
        // What the plots were made from, for the app to keep.
        figures: model.systems.map((s) => [s.systemId, s.figures]),
        perturbation: expect.any(Array),
      });
      const keyed = (plots as { perturbation: [string, unknown][] }).perturbation;
      expect(keyed.map(([, curve]) => curve)).toEqual(model.perturbation);
      expect((plots as { plots: unknown[] }).plots.length).toBeGreaterThan(5);
    } finally {
      store.close();
    }
  }, 120_000);

  it('fails with the worker error, located, when the project file is not there', async () => {
    const dir = path.join(tmp.dir, 'gone');
    copyDemo(dir);
    const store = ProjectStore.open(path.join(dir, 'demo.sieve'));
    const task = { ...(await taskOf(store, 'csv')), file: path.join(dir, 'missing.sieve') };
    store.close();
    await expect(runReportWorker(task)).rejects.toThrow(/missing\.sieve|unable to open/i);
  }, 60_000);
});

describe('report jobs', () => {
  it('answer other API calls while the report of a large project is built', async () => {
    const dir = path.join(tmp.dir, 'large');
    fs.mkdirSync(dir);
    writeWav(path.join(dir, 'a.wav'), 620, 8000, (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t));
    const file = path.join(dir, 'synthetic.sieve');
    await createProject(file, syntheticReportManifest(600, 7), dir);
    const session = new Session('browser');
    const bugs: unknown[] = [];
    try {
      await session.openChecked(file);
      await scoreProject(session.project);
      const h = createHandlers(session);
      const run = (method: string, input: unknown) => dispatch(h, method, input, (e) => bugs.push(e));
      const started = await run('report:export', { format: 'html' });
      expect(started.ok).toBe(true);
      const id = (started as { value: JobStatus }).value.id;
      const state = () => session.jobs.status(id).state;
      // Calls made while the job runs are answered (and answered right) while it still runs, also while
      // the report model is built, the longest step, which in this thread would hold every call up.
      const phases: string[] = [];
      while (state() === 'running') {
        const page = await run('utterance:list', { offset: 0, limit: 50, filter: 'utt-0001' });
        const now = session.jobs.status(id);
        if (now.state !== 'running') break;
        expect(UtterancePage.parse((page as { value: unknown }).value).items[0]!.id).toBe('utt-00010');
        phases.push(now.phase);
        // One turn of the event loop (the worker's progress messages come in), then the next call.
        await new Promise((r) => setImmediate(r));
      }
      expect(phases.filter((p) => p === 'building').length).toBeGreaterThanOrEqual(3);
      const end = session.jobs.status(id);
      expect(end.state).toBe('done');
      const report = ReportFile.parse(end.result);
      expect(report.content).toMatch(/^<!DOCTYPE html>/);
      expect(report.content).toContain('asr-poor');
      expect(bugs).toEqual([]);
    } finally {
      session.close();
    }
  }, 300_000);
});
