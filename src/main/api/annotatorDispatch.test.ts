import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../core/api/contract';
import { writeTextGrid } from '../../core/formats/textGrid';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { makeProject, speak, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const bugs: unknown[] = [];
const run = (method: string, input: unknown) => dispatch(handlers, method, input, (e) => bugs.push(e));

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  session = new Session('browser', { allow: [dir] });
  handlers = createHandlers(session);
  bugs.length = 0;
  await run('project:open', { path: (await makeProject(dir)).file });
});
afterEach(() => {
  session.close();
  cleanup();
});

const entity = [{ type: 'P', firstWord: 0, lastWord: 0 }];

describe('annotators through the API', () => {
  it('adds and lists annotators with their counts and the team settings', async () => {
    expect(await run('annotator:list', {})).toEqual({
      ok: true,
      value: { annotators: [], owner: null, blind: true },
    });
    expect(await run('annotator:add', { name: 'ann' })).toMatchObject({
      ok: true,
      value: { name: 'ann', assigned: 0, done: 0 },
    });
    expect(await run('annotator:add', { name: 'ann' })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await run('annotator:add', { name: 'adjudicated' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('annotator:add', { name: '' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('annotator:setSettings', { owner: 'olga', blind: false })).toMatchObject({
      ok: true,
      value: { owner: 'olga', blind: false, annotators: [{ name: 'ann' }, { name: 'olga' }] },
    });
    expect(await run('annotator:setSettings', { blind: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('annotator:setSettings', { blind: true })).toMatchObject({
      ok: true,
      value: { owner: 'olga', blind: true },
    });
    expect(bugs).toEqual([]);
  });

  it('assigns by ids and by rule, refusing unknown annotators and utterances', async () => {
    await run('annotator:add', { name: 'ann' });
    await run('annotator:add', { name: 'bob' });
    expect(await run('assignment:set', { annotator: 'ann', utteranceIds: ['train-1'] })).toMatchObject({
      ok: true,
      value: {
        added: 1,
        annotators: [
          { name: 'ann', assigned: 1 },
          { name: 'bob', assigned: 0 },
        ],
      },
    });
    expect(await run('assignment:set', { annotator: 'cy', utteranceIds: ['train-1'] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await run('assignment:set', { annotator: 'ann', utteranceIds: ['ghost'] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await run('assignment:set', { rule: { kind: 'every', k: 2 } })).toMatchObject({
      ok: true,
      value: { added: 3, annotators: [{ assigned: 2 }, { assigned: 2 }] },
    });
    expect(await run('assignment:set', { rule: { kind: 'every', k: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(
      await run('assignment:set', { rule: { kind: 'sample', fraction: 1, seed: 3 }, annotators: ['ann'] }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(bugs).toEqual([]);
  });

  it("edits, undoes and sets the status of an annotator's layer, apart from the adjudicated one", async () => {
    await run('annotator:add', { name: 'ann' });
    await run('annotator:add', { name: 'bob' });
    await run('assignment:set', { annotator: 'ann', utteranceIds: ['train-1'] });
    await run('assignment:set', { annotator: 'bob', utteranceIds: ['train-1'] });
    const layer = { annotator: 'ann' };
    expect(await run('gold:get', { utteranceId: 'train-1', layer })).toMatchObject({
      ok: true,
      value: { goldRev: 0, canUndo: false, status: 'todo', gold: { entities: [] } },
    });
    const diff = [{ field: 'entities', before: [], after: entity }];
    expect(await run('gold:applyDiff', { utteranceId: 'train-1', diff, layer })).toMatchObject({
      ok: true,
      value: { goldRev: 1, canUndo: true },
    });
    expect(await run('gold:applyDiff', { utteranceId: 'train-1', diff, layer })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await run('gold:get', { utteranceId: 'train-1' })).toMatchObject({
      ok: true,
      value: { goldRev: 0, canUndo: false, gold: { entities: [] } },
    });
    expect(await run('gold:get', { utteranceId: 'train-1', layer: 'adjudicated' })).toMatchObject({
      ok: true,
      value: { goldRev: 0 },
    });
    expect(await run('utterance:setStatus', { utteranceId: 'train-1', status: 'done', layer })).toMatchObject(
      { ok: true, value: { id: 'train-1', status: 'done' } },
    );
    expect(await run('gold:layers', { utteranceId: 'train-1' })).toMatchObject({
      ok: true,
      value: {
        utteranceId: 'train-1',
        layers: [
          { annotator: 'ann', status: 'done', goldRev: 1, gold: { entities: entity } },
          { annotator: 'bob', status: 'todo', goldRev: 0, gold: { entities: [] } },
        ],
      },
    });
    // The adjudicated status is the utterance's own, untouched.
    expect(await run('utterance:get', { utteranceId: 'train-1' })).toMatchObject({
      ok: true,
      value: { utterance: { status: 'todo' } },
    });
    expect(await run('annotator:list', {})).toMatchObject({
      ok: true,
      value: {
        annotators: [
          { name: 'ann', assigned: 1, done: 1 },
          { name: 'bob', done: 0 },
        ],
      },
    });
    expect(await run('gold:undo', { utteranceId: 'train-1', layer })).toMatchObject({
      ok: true,
      value: { goldRev: 2, canUndo: false, canRedo: true, status: 'done', gold: { entities: [] } },
    });
    expect(await run('gold:redo', { utteranceId: 'train-1', layer })).toMatchObject({
      ok: true,
      value: { goldRev: 3, gold: { entities: entity } },
    });
    // Nothing of ann's on the adjudicated stack.
    expect(await run('gold:undo', { utteranceId: 'train-1' })).toMatchObject({
      ok: true,
      value: { goldRev: 0 },
    });
    expect(await run('gold:get', { utteranceId: 'air-1', layer })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: expect.stringMatching(/"ann" has no layer of utterance "air-1"/) },
    });
    expect(await run('gold:get', { utteranceId: 'train-1', layer: { annotator: 'zed' } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await run('gold:get', { utteranceId: 'train-1', layer: { name: 'ann' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await run('gold:layers', { utteranceId: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(bugs).toEqual([]);
  });

  it("imports gold into an annotator's layer with project:import", async () => {
    fs.mkdirSync(path.join(dir, 'more'));
    speak(path.join(dir, 'more', 'new-1.wav'), 'from Bonn to Berlin');
    const intervals = [{ xmin: 0.1, xmax: 0.5, text: 'Bonn' }];
    fs.writeFileSync(
      path.join(dir, 'more', 'new-1.TextGrid'),
      writeTextGrid({
        xmin: 0,
        xmax: 1,
        tiers: [{ kind: 'interval', name: 'words', xmin: 0, xmax: 1, intervals }],
      }),
    );
    const started = await run('project:import', {
      audioDir: path.join(dir, 'more'),
      alignment: path.join(dir, 'more'),
      annotator: 'cy',
    });
    const jobId = (started as { value: { id: string } }).value.id;
    const end = await untilJobEnds(
      async () => (await run('job:status', { jobId })) as { ok: boolean; value: { state: string } },
      (st) => st.value.state,
      20,
    );
    expect(end).toMatchObject({ ok: true, value: { state: 'done', result: { utterances: 1, words: 1 } } });
    expect(await run('gold:layers', { utteranceId: 'new-1' })).toMatchObject({
      ok: true,
      value: { layers: [{ annotator: 'cy', status: 'todo', gold: { words: [{ text: 'Bonn' }] } }] },
    });
    expect(await run('annotator:list', {})).toMatchObject({
      ok: true,
      value: { annotators: [{ name: 'cy', assigned: 1 }] },
    });
    expect(bugs).toEqual([]);
  });

  it("lists an annotator's assigned utterances with their layer's status", async () => {
    await run('annotator:add', { name: 'ann' });
    await run('assignment:set', { annotator: 'ann', utteranceIds: ['air-1'] });
    await run('utterance:setStatus', {
      utteranceId: 'air-1',
      status: 'in_progress',
      layer: { annotator: 'ann' },
    });
    expect(await run('utterance:list', { annotator: 'ann' })).toMatchObject({
      ok: true,
      value: { total: 1, items: [{ id: 'air-1', status: 'in_progress' }] },
    });
    expect(await run('utterance:list', { annotator: 'ann', locate: 'train-1', limit: 0 })).toMatchObject({
      ok: true,
      value: { total: 1, position: null },
    });
    expect(await run('utterance:list', {})).toMatchObject({
      ok: true,
      value: { total: 2, items: [{ id: 'train-1' }, { id: 'air-1', status: 'todo' }] },
    });
    expect(await run('utterance:list', { annotator: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(bugs).toEqual([]);
  });
});
