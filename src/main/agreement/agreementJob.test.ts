// The `agreement:corpus` job through the real dispatcher (schemas checked both ways) on a copy of the demo,
// whose owner and second annotator both annotated five utterances: computed in a worker thread, the same
// figures as computed here, with one histogram per per-utterance measure.
import { describe, expect, it } from 'vitest';
import { demoSessionPerTest } from '../../../test/helpers/demoSession';
import { AgreementView } from '../../core/api/contract';
import { createHandlers } from '../api/handlers';
import { projectAgreement } from './projectAgreement';

const demo = demoSessionPerTest();

describe('agreement:corpus', { timeout: 60_000 }, () => {
  it('computes the demo annotators’ agreement in a worker thread, with a histogram per measure', async () => {
    const { session } = demo;
    const h = createHandlers(session);
    const r = await demo.job(h, 'agreement:corpus', {});
    expect(r.ok).toBe(true);
    const view = AgreementView.parse((r as { value: unknown }).value);
    const here = projectAgreement(session.project.db, {
      project: session.project.summary().name,
      options: { ignoreCase: true },
    });
    expect(view.agreement).toEqual(here);
    expect(view.agreement.annotators).toEqual(['maria', 'tom']);
    expect(view.agreement.progress).toMatchObject({ annotators: 2, multiple: 5, adjudicated: 0 });
    expect(view.agreement.pairs).toHaveLength(1);
    const measures = [...new Set(here.utterances.flatMap((u) => Object.keys(u.values)))];
    expect(view.plots.map((p) => p.title)).toEqual(measures);
    for (const p of view.plots) expect(p.svg).toMatch(/^<svg/);
    expect(view.plots.find((p) => p.title === 'Boundary |Δ| mean')!.caption).toContain('(ms)');
  });

  it('refuses an annotator the project does not have at once', async () => {
    const r = await demo.call(createHandlers(demo.session), 'agreement:corpus', {
      annotators: ['maria', 'nobody'],
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
