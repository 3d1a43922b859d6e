// Offline teams end to end on real project files: `sieve export-annotator`, the annotator's edits in the
// exported file (through the store, as the studio makes them), and `sieve merge` back into the project.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { runSieve, type SieveRun } from '../../../test/helpers/runSieve';
import { diffGold } from '../../core/gold/diff';
import type { GoldRecords } from '../../core/gold/records';
import {
  addAnnotator,
  annotatorId,
  assign,
  readLayer,
  setLayerStatus,
  setTeamSettings,
  teamSettings,
} from '../store/annotatorStore';
import { applyGoldDiff, readGold, undoRedo } from '../store/goldStore';
import { type Db, openDatabase } from '../store/openDatabase';
import { EXPORT_META_KEY, ExportRecord } from './exportRecord';

let dir: string;
let cleanup: () => void;
let project: string;
beforeEach(async () => {
  ({ dir, cleanup } = tempDir('sieve-team-'));
  fs.mkdirSync(path.join(dir, 'project'));
  project = (await makeProject(path.join(dir, 'project'))).file;
  withDb(project, (db) => {
    // The adjudicated layer holds a tree and an entity that a blind export must not carry.
    const gold = readGold(db, 'train-1');
    applyGoldDiff(
      db,
      'train-1',
      diffGold(gold, {
        ...gold,
        trees: [{ name: 'syntax', typed: false, bracket: '(S I want to)' }],
        entities: [{ type: 'PERSON', firstWord: 0, lastWord: 0 }],
      }),
      { kind: 'edit', label: 'adjudicated' },
    );
    const anna = addAnnotator(db, 'Anna').id;
    const ben = addAnnotator(db, 'Ben').id;
    assign(db, anna, ['train-1', 'air-1']);
    assign(db, ben, ['train-1']);
    editLayer(db, ben, 'train-1', (g) => ({
      ...g,
      entities: [{ type: 'LOCATION', firstWord: 1, lastWord: 2 }],
    }));
  });
});
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

function withDb<T>(file: string, fn: (db: Db) => T): T {
  const db = openDatabase(file);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Edits an annotator's layer as the studio saves an edit: one diff through the store. */
function editLayer(
  db: Db,
  annotator: number,
  utteranceId: string,
  change: (g: GoldRecords) => GoldRecords,
): void {
  const gold = readGold(db, utteranceId, annotator);
  applyGoldDiff(db, utteranceId, diffGold(gold, change(gold)), {
    kind: 'edit',
    label: 'edit',
    layer: annotator,
  });
}

/** Every row of every table, in a stable order: equal dumps, equal tables. */
function dump(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => {
        const columns = (
          db.prepare(`SELECT name FROM pragma_table_info('${t}')`).pluck().all() as string[]
        ).join(', ');
        return [t, db.prepare(`SELECT * FROM ${t} ORDER BY ${columns}`).raw().all()];
      }),
    );
  } finally {
    db.close();
  }
}

/** The file's bytes and modification time (and what lies beside it), to show it was not written. */
function fingerprint(file: string): { bytes: Buffer; mtimeMs: number; beside: string[] } {
  return {
    bytes: fs.readFileSync(file),
    mtimeMs: fs.statSync(file).mtimeMs,
    beside: fs.readdirSync(path.dirname(file)).sort(),
  };
}

async function exportAnna(out = 'anna.sieve', ...more: string[]): Promise<string> {
  const r = await sieve(
    'export-annotator',
    'project/test.sieve',
    '--annotator',
    'Anna',
    '--out',
    out,
    ...more,
  );
  expect(r, r.err).toMatchObject({ code: 0 });
  return path.join(dir, out);
}

function annaLayer(file: string, utteranceId: string, name = 'Anna'): ReturnType<typeof readLayer> {
  return withDb(file, (db) => readLayer(db, annotatorId(db, name), utteranceId));
}

describe('sieve export-annotator', () => {
  it("writes the annotator's utterances, audio and layer, blind, owned by them, and leaves the project alone", async () => {
    const before = fingerprint(project);
    const out = await exportAnna();
    expect(fingerprint(project)).toEqual(before);
    const rows = dump(out);
    expect(rows.annotator!.map((r) => (r as unknown[])[1])).toEqual(['Anna']);
    expect(rows.gold_tree).toEqual([]);
    expect(rows.gold_entity).toEqual([]);
    expect(rows.system).toEqual([]);
    expect(rows.annotator_gold).toHaveLength(2);
    withDb(out, (db) => {
      const meta = (key: string): unknown =>
        db.prepare('SELECT value FROM project_meta WHERE key = ?').pluck().get(key);
      expect(teamSettings(db)).toEqual({ owner: 'Anna', blind: true });
      const record = ExportRecord.parse(JSON.parse(meta(EXPORT_META_KEY) as string));
      expect(record).toMatchObject({ annotator: 'Anna', blind: true, audio: 'copied' });
      expect(record.source.path).toBe(project);
      const audio = db.prepare('SELECT path, sha256 FROM audio_file ORDER BY id').all() as {
        path: string;
        sha256: string;
      }[];
      expect(audio.map((a) => a.path)).toEqual(['anna-audio/a.wav', 'anna-audio/b.wav']);
      expect(record.utterances.map((u) => u.audioSha256).sort()).toEqual(audio.map((a) => a.sha256).sort());
      expect(record.utterances.every((u) => u.goldRev === 0)).toBe(true);
      // The annotator's layer starts from the adjudicated words, nothing else.
      const layer = readLayer(db, annotatorId(db, 'Anna'), 'train-1')!;
      expect(layer.gold.words).toEqual(withDb(project, (p) => readGold(p, 'train-1').words));
      expect(layer.gold.entities).toEqual([]);
    });
    expect(fs.readFileSync(path.join(dir, 'anna-audio', 'a.wav'))).toEqual(
      fs.readFileSync(path.join(dir, 'project', 'audio', 'a.wav')),
    );
    const info = await sieve('info', 'anna.sieve', '--json');
    expect(JSON.parse(info.out)).toMatchObject({ utterances: 2, audioProblems: [] });
  });

  it('carries the adjudicated gold when annotation is not blind, and references the audio with --no-audio', async () => {
    withDb(project, (db) => setTeamSettings(db, { blind: false }));
    const out = await exportAnna('open.sieve', '--no-audio');
    expect(fs.existsSync(path.join(dir, 'open-audio'))).toBe(false);
    const rows = dump(out);
    expect(rows.gold_tree).toHaveLength(1);
    expect(rows.gold_entity).toHaveLength(1);
    withDb(out, (db) => {
      expect(teamSettings(db)).toEqual({ owner: 'Anna', blind: false });
      expect(db.prepare('SELECT path FROM audio_file ORDER BY id').pluck().all()).toEqual([
        'project/audio/a.wav',
        'project/audio/b.wav',
      ]);
    });
  });

  it('refuses an unknown annotator, an existing output without --force, and the project as output', async () => {
    const unknown = await sieve(
      'export-annotator',
      'project/test.sieve',
      '--annotator',
      'Zoe',
      '--out',
      'z.sieve',
    );
    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('no annotator "Zoe"') as string });
    expect(fs.existsSync(path.join(dir, 'z.sieve'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'z-audio'))).toBe(false);

    fs.writeFileSync(path.join(dir, 'taken.sieve'), 'mine');
    const taken = await sieve(
      'export-annotator',
      'project/test.sieve',
      '--annotator',
      'Anna',
      '--out',
      'taken.sieve',
    );
    expect(taken).toMatchObject({ code: 1, err: expect.stringContaining('--force') as string });
    expect(fs.readFileSync(path.join(dir, 'taken.sieve'), 'utf8')).toBe('mine');
    await exportAnna('taken.sieve', '--force');
    // Open in the studio with edits not yet in the file: --force does not pull it from under it.
    const open = openDatabase(path.join(dir, 'taken.sieve'));
    try {
      editLayer(open, annotatorId(open, 'Anna'), 'air-1', (g) => ({ ...g, labels: { cantRepresent: true } }));
      const busy = await sieve(
        'export-annotator',
        'project/test.sieve',
        '--annotator',
        'Anna',
        '--out',
        'taken.sieve',
        '--force',
      );
      expect(busy).toMatchObject({ code: 1, err: expect.stringContaining('is it open in SIEVE?') as string });
    } finally {
      open.close();
    }

    const self = await sieve(
      'export-annotator',
      'project/test.sieve',
      '--annotator',
      'Anna',
      '--out',
      'project/test.sieve',
      '--force',
    );
    expect(self).toMatchObject({ code: 1, err: expect.stringContaining('the project itself') as string });
  });

  it('exports every utterance of an annotator without assignments, and says so', async () => {
    withDb(project, (db) => addAnnotator(db, 'Cleo'));
    const r = await sieve(
      'export-annotator',
      'project/test.sieve',
      '--annotator',
      'Cleo',
      '--out',
      'cleo.sieve',
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain('no assigned utterances');
    expect(dump(path.join(dir, 'cleo.sieve')).utterance).toHaveLength(2);
  });
});

describe('sieve merge', () => {
  it("brings the annotator's edited layer back as one undoable import entry", async () => {
    const out = await exportAnna();
    withDb(out, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({
        ...g,
        entities: [{ type: 'ORGANIZATION', firstWord: 1, lastWord: 1 }],
      })),
    );
    const exported = fingerprint(out);
    const r = await sieve('merge', 'project/test.sieve', 'anna.sieve', '--format', 'json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      totals: { merged: 1, unchanged: 1, conflicts: 0, mismatches: 0 },
      files: [{ annotator: 'Anna', merged: ['train-1'], unchanged: ['air-1'] }],
    });
    expect(fingerprint(out)).toEqual(exported);
    expect(annaLayer(project, 'train-1')!.gold).toEqual(annaLayer(out, 'train-1')!.gold);
    withDb(project, (db) => {
      const anna = annotatorId(db, 'Anna');
      expect(
        db
          .prepare('SELECT kind, label, annotator_id FROM history WHERE annotator_id = ? ORDER BY id')
          .all(anna),
      ).toEqual([{ kind: 'import', label: 'anna.sieve', annotator_id: anna }]);
      undoRedo(db, 'train-1', 'undo', '', anna);
      expect(readLayer(db, anna, 'train-1')!.gold.entities).toEqual([]);
    });
  });

  it("makes the layer of an annotator who had none, with the file's status", async () => {
    withDb(project, (db) => addAnnotator(db, 'Cleo'));
    const r = await sieve(
      'export-annotator',
      'project/test.sieve',
      '--annotator',
      'Cleo',
      '--out',
      'cleo.sieve',
    );
    expect(r.code).toBe(0);
    const out = path.join(dir, 'cleo.sieve');
    withDb(out, (db) => {
      const cleo = annotatorId(db, 'Cleo');
      editLayer(db, cleo, 'air-1', (g) => ({ ...g, concepts: [{ attribute: 'flight', value: '12' }] }));
      setLayerStatus(db, cleo, 'air-1', 'done');
    });
    const merged = await sieve('merge', 'project/test.sieve', 'cleo.sieve', '--format', 'json');
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.out)).toMatchObject({ totals: { merged: 1, unchanged: 1 } });
    expect(annaLayer(project, 'air-1', 'Cleo')).toMatchObject({
      status: 'done',
      goldRev: 1,
      gold: { concepts: [{ attribute: 'flight', value: '12' }] },
    });
    expect(annaLayer(project, 'train-1', 'Cleo')).toBeNull();
  });

  it('refuses a file whose layer is damaged, naming it, and merges nothing', async () => {
    const out = await exportAnna();
    withDb(out, (db) => {
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels: { inputKind: 'asr' } }));
      db.prepare("UPDATE annotator_gold SET gold = '{\"words\": 3}' WHERE utterance_id = 'air-1'").run();
    });
    const before = dump(project);
    const r = await sieve('merge', 'project/test.sieve', 'anna.sieve');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${out}: Utterance "air-1"`);
    expect(r.err).toContain('layer is damaged');
    expect(dump(project)).toEqual(before);
  });

  it('changes nothing when the same file is merged again', async () => {
    const out = await exportAnna();
    withDb(out, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'air-1', (g) => ({
        ...g,
        concepts: [{ attribute: 'x', value: 'y' }],
      })),
    );
    expect((await sieve('merge', 'project/test.sieve', 'anna.sieve')).code).toBe(0);
    const once = dump(project);
    const again = await sieve('merge', 'project/test.sieve', 'anna.sieve', '--format', 'json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({
      totals: { merged: 0, unchanged: 2, conflicts: 0, mismatches: 0 },
    });
    expect(dump(project)).toEqual(once);
  });

  it('reports a layer both sides changed as a conflict and overwrites nothing, unless told which side wins', async () => {
    const out = await exportAnna();
    withDb(out, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels: { inputKind: 'asr' } })),
    );
    withDb(project, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels: { inputKind: 'text' } })),
    );
    const before = dump(project);
    const r = await sieve('merge', 'project/test.sieve', 'anna.sieve');
    expect(r.code).toBe(3);
    expect(r.out).toContain('conflict  train-1: labels differ; both changed since the export');
    expect(r.out).toContain('total: 0 merged, 1 unchanged, 1 conflicts (1 unresolved), 0 mismatches');
    expect(dump(project)).toEqual(before);

    // Settled for the project: its layer stays, and the file as it is now is no conflict any more.
    const kept = await sieve('merge', 'project/test.sieve', 'anna.sieve', '--prefer', 'project');
    expect(kept.code).toBe(0);
    const layers = (rows: Record<string, unknown[]>): unknown[] => [rows.annotator_gold, rows.history];
    expect(layers(dump(project))).toEqual(layers(before));
    const settled = await sieve('merge', 'project/test.sieve', 'anna.sieve');
    expect(settled).toMatchObject({ code: 0, out: expect.stringContaining('0 conflicts') as string });

    // Both sides change again: settled for the file, whose layer replaces the project's.
    withDb(out, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({
        ...g,
        labels: { inputKind: 'asr', cantRepresent: true },
      })),
    );
    withDb(project, (db) => editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels: {} })));
    expect((await sieve('merge', 'project/test.sieve', 'anna.sieve')).code).toBe(3);
    const taken = await sieve('merge', 'project/test.sieve', 'anna.sieve', '--prefer', 'file');
    expect(taken.code).toBe(0);
    expect(annaLayer(project, 'train-1')!.gold.labels).toEqual({ inputKind: 'asr', cantRepresent: true });
  });

  it('takes later work from a file merged before, the earlier merge being no conflict', async () => {
    const out = await exportAnna();
    const edit = (labels: GoldRecords['labels']): void =>
      withDb(out, (db) => editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels })));
    edit({ inputKind: 'asr' });
    expect((await sieve('merge', 'project/test.sieve', 'anna.sieve')).code).toBe(0);
    // Anna works on in her file, and it is merged again.
    edit({ inputKind: 'asr', cantRepresent: true });
    const again = await sieve('merge', 'project/test.sieve', 'anna.sieve', '--format', 'json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ totals: { merged: 1, conflicts: 0 } });
    expect(annaLayer(project, 'train-1')!.gold.labels).toEqual({ inputKind: 'asr', cantRepresent: true });
    // Now the project's layer changes too (an adjudicator's correction), and Anna's again: a conflict.
    withDb(project, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels: { inputKind: 'text' } })),
    );
    edit({});
    expect((await sieve('merge', 'project/test.sieve', 'anna.sieve')).code).toBe(3);
  });

  it('reports an utterance whose audio differs as a mismatch and merges the rest', async () => {
    const out = await exportAnna();
    withDb(out, (db) => {
      const anna = annotatorId(db, 'Anna');
      for (const id of ['train-1', 'air-1'])
        editLayer(db, anna, id, (g) => ({ ...g, labels: { cantRepresent: true } }));
    });
    // The project's recording of air-1 replaced by another since the export.
    withDb(project, (db) =>
      db.prepare("UPDATE audio_file SET sha256 = ? WHERE path = 'audio/b.wav'").run('0'.repeat(64)),
    );
    const r = await sieve('merge', 'project/test.sieve', 'anna.sieve', '--format', 'json');
    expect(r.code).toBe(3);
    const summary = JSON.parse(r.out) as {
      totals: unknown;
      files: { mismatches: { utteranceId: string; reason: string }[] }[];
    };
    expect(summary.totals).toMatchObject({ merged: 1, mismatches: 1 });
    expect(summary.files[0]!.mismatches[0]).toMatchObject({
      utteranceId: 'air-1',
      reason: expect.stringContaining('audio differs') as string,
    });
    expect(annaLayer(project, 'air-1')!.gold.labels).toEqual({});
    expect(annaLayer(project, 'train-1')!.gold.labels).toEqual({ cantRepresent: true });
  });

  it('refuses a file that is not a SIEVE project, or not an export, and leaves it and the project untouched', async () => {
    const text = path.join(dir, 'notes.sieve');
    fs.writeFileSync(text, 'not a project\n');
    const other = path.join(dir, 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE t (a)');
    db.close();
    const project0 = fingerprint(project);
    for (const [file, message] of [
      [text, 'is not a SIEVE project: it is not an SQLite file'],
      [other, 'is not a SIEVE project'],
      [project, 'the project itself'],
      [path.join(dir, 'project', 'copy.sieve'), "not an annotator's export"],
    ] as const) {
      if (file.endsWith('copy.sieve')) fs.copyFileSync(project, file);
      const seen = fingerprint(file);
      const r = await sieve('merge', 'project/test.sieve', file);
      expect(r.code, file).toBe(1);
      expect(r.err).toContain(message);
      expect(fingerprint(file)).toEqual(file === project ? project0 : seen);
    }
    expect(fingerprint(project)).toEqual({ ...project0, beside: [...project0.beside, 'copy.sieve'].sort() });
  });

  it('merges nothing at all when one of several files fails', async () => {
    const anna = await exportAnna();
    withDb(anna, (db) =>
      editLayer(db, annotatorId(db, 'Anna'), 'train-1', (g) => ({ ...g, labels: { inputKind: 'asr' } })),
    );
    expect(
      (
        await sieve(
          'export-annotator',
          'project/test.sieve',
          '--annotator',
          'Ben',
          '--out',
          'ben.sieve',
          '--no-audio',
        )
      ).code,
    ).toBe(0);
    // Ben leaves the team after the export: his file can no longer be merged, and neither is Anna's.
    withDb(project, (db) => db.prepare("DELETE FROM annotator WHERE name = 'Ben'").run());
    const bytes = fs.readFileSync(project);
    const r = await sieve('merge', 'project/test.sieve', 'anna.sieve', 'ben.sieve');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no annotator "Ben"');
    expect(fs.readFileSync(project)).toEqual(bytes);
  });
});
