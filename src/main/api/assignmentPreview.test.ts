// `assignment:preview` against what `assignment:set` then does to the project file: the preview's counts
// are the rows the assignment adds, and the preview itself writes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssignmentPreview, AssignmentRequest } from '../../core/api/annotators';
import type { Handlers } from '../../core/api/contract';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { annotatorId, unassign } from '../store/annotatorStore';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const bugs: unknown[] = [];

async function run<T>(method: string, input: unknown): Promise<T> {
  const r = await dispatch(handlers, method, input, (e) => bugs.push(e));
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = tempDir());
  session = new Session('browser', { allow: [dir] });
  handlers = createHandlers(session);
  bugs.length = 0;
  await run('project:open', { path: copyDemo(dir) });
});
afterEach(() => {
  session.close();
  cleanup();
});

/** The assignment and layer rows of the project, as `annotator\tutterance` keys. */
function rows() {
  const db = session.project.db;
  const keys = (table: string) =>
    new Set(
      (
        db
          .prepare(
            `SELECT a.name || char(9) || t.utterance_id FROM ${table} t JOIN annotator a ON a.id = t.annotator_id`,
          )
          .pluck()
          .all() as string[]
      ).sort(),
    );
  return { assignments: keys('assignment'), layers: keys('annotator_gold') };
}

/** Utterances assigned to two or more annotators, among `ids`. */
function multiple(assignments: Set<string>, ids: Set<string>): number {
  const n = new Map<string, number>();
  for (const k of assignments) {
    const id = k.split('\t')[1]!;
    if (ids.has(id)) n.set(id, (n.get(id) ?? 0) + 1);
  }
  return [...n.values()].filter((c) => c >= 2).length;
}

/** Previews `request`, checks nothing changed, assigns it and checks the preview against the new rows. */
async function previewThenAssign(request: AssignmentRequest): Promise<AssignmentPreview> {
  const before = rows();
  const preview = await run<AssignmentPreview>('assignment:preview', request);
  expect(rows()).toEqual(before);
  const { added } = await run<{ added: number }>('assignment:set', request);
  const after = rows();
  const newAssignments = [...after.assignments].filter((k) => !before.assignments.has(k));
  const newLayers = [...after.layers].filter((k) => !before.layers.has(k));
  expect(preview.added).toBe(added);
  expect(preview.added).toBe(newAssignments.length);
  expect(preview.newLayers).toBe(newLayers.length);
  const covered = new Set(newAssignments.map((k) => k.split('\t')[1]!));
  for (const a of preview.annotators) {
    expect(a.added, a.name).toBe(newAssignments.filter((k) => k.startsWith(`${a.name}\t`)).length);
    expect(a.newLayers, a.name).toBe(newLayers.filter((k) => k.startsWith(`${a.name}\t`)).length);
  }
  // Every utterance the request covers is assigned to each annotator it names afterwards.
  expect(preview.utterances).toBeGreaterThanOrEqual(covered.size);
  expect(preview.projectUtterances).toBe(12);
  return preview;
}

describe('assignment:preview', () => {
  it('counts exactly what assignment:set then adds, for ids and for both rules', async () => {
    await run('annotator:add', { name: 'ana' });
    const ids = await previewThenAssign({
      annotator: 'ana',
      utteranceIds: ['news-01', 'news-02', 'news-01'],
    });
    expect(ids).toMatchObject({ utterances: 2, assignments: 2, added: 2, newLayers: 2 });
    // Assigned again: nothing new.
    expect(await previewThenAssign({ annotator: 'ana', utteranceIds: ['news-01'] })).toMatchObject({
      utterances: 1,
      added: 0,
      newLayers: 0,
    });
    // A layer kept after its assignment was taken away is not made again.
    unassign(session.project.db, annotatorId(session.project.db, 'ana'), ['news-02']);
    expect(await previewThenAssign({ annotator: 'ana', utteranceIds: ['news-02'] })).toMatchObject({
      added: 1,
      newLayers: 0,
    });

    const sample = await previewThenAssign({ rule: { kind: 'sample', fraction: 0.25, seed: 7 } });
    expect(sample.utterances).toBe(12);
    expect(sample.assignments).toBe(12 + 3);
    const all = new Set(session.project.db.prepare('SELECT id FROM utterance').pluck().all() as string[]);
    expect(sample.multiple).toBe(multiple(rows().assignments, all));

    const every = await previewThenAssign({ rule: { kind: 'every', k: 3 } });
    expect(every).toMatchObject({ utterances: 12, assignments: 36, multiple: 12 });
    expect(every.annotators.map((a) => a.name)).toEqual(['ana', 'maria', 'tom']);
    // Everything is assigned now: the same rule adds nothing.
    expect(await previewThenAssign({ rule: { kind: 'every', k: 3 } })).toMatchObject({
      added: 0,
      newLayers: 0,
    });
    expect(bugs).toEqual([]);
  });

  it('refuses what assignment:set refuses, with the same codes', async () => {
    for (const request of [
      { annotator: 'nobody', utteranceIds: ['news-01'] },
      { annotator: 'maria', utteranceIds: ['ghost'] },
      { rule: { kind: 'every', k: 3 } },
      { rule: { kind: 'every', k: 1 }, annotators: ['maria', 'maria'] },
      { rule: { kind: 'sample', fraction: 0.5 }, annotators: ['maria'] },
    ]) {
      const preview = await dispatch(handlers, 'assignment:preview', request, (e) => bugs.push(e));
      const set = await dispatch(handlers, 'assignment:set', request, (e) => bugs.push(e));
      expect(preview.ok, JSON.stringify(request)).toBe(false);
      expect(set.ok).toBe(false);
      if (!preview.ok && !set.ok) expect(preview.error.code).toBe(set.error.code);
    }
    expect(bugs).toEqual([]);
  });
});
