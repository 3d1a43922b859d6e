// Blind annotation in the API, through the real dispatcher on a copy of the demo (maria and tom each have
// a layer of five utterances; the demo annotates blind): a request made as an annotator gets nothing of the
// other annotator's work while the project annotates blind, and everything once it does not; a request
// that names no annotator is the adjudicator's and gets everything.
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSessionPerTest } from '../../../test/helpers/demoSession';
import type { Handlers, JobStatus } from '../../core/api/contract';
import type { UtteranceLayers } from '../../core/api/annotators';
import { createHandlers } from './handlers';

const demo = demoSessionPerTest();
let handlers: Handlers;
beforeEach(() => {
  handlers = createHandlers(demo.session);
});
const run = (method: string, input: unknown) => demo.call(handlers, method, input);

/** An utterance both demo annotators annotated. */
async function shared(): Promise<string> {
  const r = await run('utterance:list', { annotator: 'tom', limit: 1 });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { items: { id: string }[] }).items[0]!.id;
}

const layersOf = async (input: object): Promise<string[]> => {
  const r = await run('gold:layers', input);
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as UtteranceLayers).layers.map((l) => l.annotator);
};

describe('blind annotation in the API', () => {
  it('answers a request made as an annotator with their own work only while the project annotates blind', async () => {
    expect(await run('annotator:list', {})).toMatchObject({ ok: true, value: { blind: true } });
    const utteranceId = await shared();
    expect(await layersOf({ utteranceId })).toEqual(['maria', 'tom']);
    expect(await layersOf({ utteranceId, as: 'tom' })).toEqual(['tom']);
    expect(await run('agreement:corpus', { as: 'tom' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', details: { annotator: 'tom' } },
    });
    expect(await run('utterance:list', { annotator: 'tom', sort: 'disagreement' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    // Their own list in project order, and the adjudicator's in any order, are answered.
    expect(await run('utterance:list', { annotator: 'tom' })).toMatchObject({ ok: true });
    expect(await run('utterance:list', { sort: 'disagreement' })).toMatchObject({ ok: true });
    // A name the project does not have is not a way round it.
    expect(await run('gold:layers', { utteranceId, as: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });

    // Not blind: the same requests see everything.
    expect(await run('annotator:setSettings', { blind: false })).toMatchObject({ ok: true });
    expect(await layersOf({ utteranceId, as: 'tom' })).toEqual(['maria', 'tom']);
    expect(await run('utterance:list', { annotator: 'tom', sort: 'disagreement' })).toMatchObject({
      ok: true,
    });
    const started = await run('agreement:corpus', { as: 'tom' });
    expect(started).toMatchObject({ ok: true, value: { kind: 'agreement:corpus' } });
    if (started.ok) await run('job:cancel', { jobId: (started.value as JobStatus).id });
  });
});
