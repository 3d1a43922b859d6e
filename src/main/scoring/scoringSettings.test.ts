// The project's scoring settings through the API: defaults, saving in the file, refusing invalid ones, and
// the score cache keyed on them — a change of settings rescores, changing back finds the old scores.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers, ScoringSettings } from '../../core/api/contract';
import { DEFAULT_SCORING_SETTINGS } from '../../core/scoring/settings';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from '../api/dispatch';
import { createHandlers } from '../api/handlers';
import { Session } from '../api/session';
import { ProjectStore } from '../store/projectStore';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
let file: string;
const bugs: unknown[] = [];
const run = async (method: string, input: unknown) => {
  const r = (await dispatch(handlers, method, input, (e) => bugs.push(e))) as {
    ok: boolean;
    value?: unknown;
    error?: { code: string; message: string };
  };
  return r;
};
const value = async <T>(method: string, input: unknown): Promise<T> => {
  const r = await run(method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error!.message}`);
  return r.value as T;
};

beforeEach(async () => {
  ({ dir, cleanup } = tempDir('sieve-settings-'));
  // Opening a project migrates it, so only a copy of the demo is opened.
  copyDemo(dir);
  file = path.join(dir, 'demo.sieve');
  session = new Session('browser', { allow: [file] });
  handlers = createHandlers(session);
  bugs.length = 0;
  await value('project:open', { path: file });
});
afterEach(() => {
  session.close();
  cleanup();
  expect(bugs).toEqual([]);
});

type Scored = {
  cached: boolean;
  scores: { words: { C: number; S: number; D: number; I: number; signature: string } } | null;
};

describe('scoring settings of a project', () => {
  it('start at the defaults and are kept in the project file', async () => {
    expect(await value('scoring:getSettings', {})).toEqual({
      settings: DEFAULT_SCORING_SETTINGS,
      defaults: DEFAULT_SCORING_SETTINGS,
    });
    const settings: ScoringSettings = { ...DEFAULT_SCORING_SETTINGS, costs: 'equal', neTolerance: 0 };
    expect(await value('scoring:setSettings', { settings })).toEqual({
      settings,
      defaults: DEFAULT_SCORING_SETTINGS,
    });
    session.close();
    const store = ProjectStore.open(file);
    expect(store.scoringSettings().settings).toEqual(settings);
    store.close();
  });

  it('refuses invalid settings and reads an unreadable stored value as the defaults', async () => {
    const bad = await run('scoring:setSettings', {
      settings: { ...DEFAULT_SCORING_SETTINGS, neTolerance: -1 },
    });
    expect(bad.ok).toBe(false);
    expect(bad.error!.code).toBe('INVALID_INPUT');
    const unknown = await run('scoring:setSettings', {
      settings: { ...DEFAULT_SCORING_SETTINGS, neAligner: 'acoustic' },
    });
    expect(unknown.ok).toBe(false);
    session.close();
    const store = ProjectStore.open(file);
    store.db
      .prepare("INSERT OR REPLACE INTO project_meta (key, value) VALUES ('scoring.settings', ?)")
      .run('{"costs": "levenshtein"');
    expect(store.scoringSettings().settings).toEqual(DEFAULT_SCORING_SETTINGS);
    store.db
      .prepare("INSERT OR REPLACE INTO project_meta (key, value) VALUES ('scoring.settings', ?)")
      .run('{"costs": "levenshtein"}');
    expect(store.scoringSettings().settings).toEqual(DEFAULT_SCORING_SETTINGS);
    store.close();
  });

  it('rescore after a change of settings and find the earlier scores when changed back', async () => {
    const systems = await value<{ id: number }[]>('system:list', {});
    const utterances = (await value<{ items: { id: string }[] }>('utterance:list', {})).items;
    const at = { systemId: systems[0]!.id, utteranceId: utterances[0]!.id };
    const first = await value<Scored>('score:utterance', at);
    expect(first.cached).toBe(false);
    expect(first.scores!.words.signature).toMatch(/costs:sclite/);
    expect((await value<Scored>('score:utterance', at)).cached).toBe(true);

    await value('scoring:setSettings', { settings: { ...DEFAULT_SCORING_SETTINGS, costs: 'equal' } });
    const equal = await value<Scored>('score:utterance', at);
    expect(equal.cached).toBe(false);
    expect(equal.scores!.words.signature).toMatch(/costs:equal/);
    expect((await value<Scored>('score:utterance', at)).cached).toBe(true);

    await value('scoring:setSettings', { settings: DEFAULT_SCORING_SETTINGS });
    const back = await value<Scored>('score:utterance', at);
    expect(back.cached).toBe(true);
    expect(back.scores).toEqual(first.scores);
  });

  it('score entities with the CMU dictionary when the phonetic aligner is chosen', async () => {
    await value('scoring:setSettings', { settings: { ...DEFAULT_SCORING_SETTINGS, neAligner: 'phonetic' } });
    const systems = await value<{ id: number }[]>('system:list', {});
    const utterances = (await value<{ items: { id: string }[] }>('utterance:list', {})).items;
    const r = await value<{ scores: { entities?: { signature: string } } }>('score:utterance', {
      systemId: systems[0]!.id,
      utteranceId: utterances[0]!.id,
    });
    expect(r.scores.entities!.signature).toMatch(/align:phonetic\+cmudict/);
  });
});
