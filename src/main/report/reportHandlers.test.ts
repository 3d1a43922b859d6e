// The report's API methods through the real dispatcher (schemas checked both ways) on a copy of the demo:
// the plots and the export are jobs whose result is built in a report worker thread.
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSessionPerTest } from '../../../test/helpers/demoSession';
import { DashboardReport, type Handlers, ReportFile } from '../../core/api/contract';
import { utteranceMetrics } from '../../core/scoring/utteranceMetrics';
import { createHandlers } from '../api/handlers';
import type { Session } from '../api/session';
import { scoreProject } from '../scoring/scoreProject';
import { collectReportInput } from './collectReport';
import { nbestBreakdown } from './nbestBreakdown';
import { ReportModel } from '../../core/api/reportModel';

const demo = demoSessionPerTest();
let session: Session;
beforeEach(() => {
  session = demo.session;
});
const call = (handlers: Handlers, method: string, input: unknown) => demo.call(handlers, method, input);
const job = (handlers: Handlers, method: string, input: unknown) => demo.job(handlers, method, input);

// Each export builds the demo's report in a worker thread; on a loaded 2-core machine that takes seconds.
describe('report API', { timeout: 60_000 }, () => {
  it('score:utterances lists every scored utterance with its headline figures', async () => {
    const h = createHandlers(session);
    const sys = session.project.systems()[0]!;
    const r = await call(h, 'score:utterances', { systemId: sys.id });
    expect(r.ok).toBe(true);
    const rows = (r as { value: { utteranceId: string; metrics: Record<string, number | null> }[] }).value;
    const scores = (await scoreProject(session.project, { systemIds: [sys.id] })).get(sys.id)!;
    expect(rows.map((x) => x.utteranceId)).toEqual([...scores.keys()]);
    for (const x of rows) expect(x.metrics).toEqual(utteranceMetrics(scores.get(x.utteranceId)!));
    expect(await call(h, 'score:utterances', { systemId: 999 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('report:plots renders the plots of the selected systems', async () => {
    const h = createHandlers(session);
    const [a] = session.project.systems();
    const r = await job(h, 'report:plots', { systemIds: [a!.id] });
    expect(r.ok).toBe(true);
    const { plots, nbest } = DashboardReport.parse((r as { value: unknown }).value);
    expect(plots.map((p) => p.id).slice(0, 4)).toEqual([
      'wa-ca-systems',
      'wa-ca-utterances',
      'structiou-parseval',
      'perturbation',
    ]);
    // One system: one point on the system-level plot.
    expect(plots[0]!.svg.match(/aria-roledescription="point"/g)).toHaveLength(1);
    // The N-best breakdown of that one system: the report's, figure for figure.
    expect(nbest.map((b) => b.system)).toEqual([a!.name]);
    const exported = ReportFile.parse(
      ((await job(h, 'report:export', { format: 'json', systemIds: [a!.id] })) as { value: unknown }).value,
    );
    expect(nbest).toEqual(ReportModel.parse(JSON.parse(exported.content)).nbest);
    const input = collectReportInput(
      session.project,
      [{ id: a!.id, name: a!.name }],
      await scoreProject(session.project, { systemIds: [a!.id] }),
    );
    const gold = new Map(input.utterances.map((u) => [u.id, u.gold]));
    expect(nbest).toEqual([nbestBreakdown(a!.name, input.systems[0]!.nbest, gold)]);
    expect(nbest[0]!.groups.some((g) => g.figures['FRecall@1'] !== null)).toBe(true);
    expect(await job(h, 'report:plots', { systemIds: [999] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('report:export writes HTML, CSV and JSON, and PDF only where the app can print', async () => {
    const h = createHandlers(session);
    const html = await job(h, 'report:export', { format: 'html' });
    expect(ReportFile.safeParse((html as { value: unknown }).value).success).toBe(true);
    expect(html).toMatchObject({
      ok: true,
      value: { fileName: 'SIEVE-demo-report.html', mime: 'text/html', encoding: 'utf8' },
    });
    const json = await job(h, 'report:export', { format: 'json' });
    const model = ReportModel.parse(JSON.parse((json as { value: { content: string } }).value.content));
    expect(model.systems.map((s) => s.name)).toEqual(session.project.systems().map((s) => s.name));
    const csv = await job(h, 'report:export', { format: 'csv' });
    expect((csv as { value: { content: string } }).value.content).toMatch(/^level,system,utterance,metric,/);

    // Refused at once, before any job starts.
    const pdf = await call(h, 'report:export', { format: 'pdf' });
    expect(pdf).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect((pdf as { error: { message: string } }).error.message).toMatch(
      /print it to PDF from your browser/,
    );

    const printed: string[] = [];
    const electron = createHandlers(session, {
      printToPdf: async (doc) => {
        printed.push(doc);
        return new Uint8Array([0x25, 0x50, 0x44, 0x46]);
      },
    });
    const ok = await job(electron, 'report:export', { format: 'pdf' });
    expect(ok).toMatchObject({
      ok: true,
      value: {
        fileName: 'SIEVE-demo-report.pdf',
        mime: 'application/pdf',
        encoding: 'base64',
        content: 'JVBERg==',
      },
    });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toBe((html as { value: { content: string } }).value.content);
  });
});
