import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import { type SystemProfile, byName } from '../../../core/scoring/coverage';
import { seededRandom } from '../../../core/stats/prng';
import { tempDir } from '../../../../test/helpers/tempProject';
import { type Db, openDatabase } from '../openDatabase';
import { scoreCacheReader } from '../scoreCache';
import { decodeStoredJson } from '../storedJson';
import { getSystemOutput, getSystemProfile } from '../systemStore';
import { migrations } from './index';

/** Projects saved by the version before this migration (test/fixtures/projects/README.md). */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/projects');

const OUTPUTS = 'SELECT system_id, utterance_id, output FROM system_output ORDER BY system_id, utterance_id';
const CACHE = `SELECT system_id, utterance_id, metric, signature, gold_rev, output_rev, value FROM score_cache
  ORDER BY system_id, utterance_id, metric, signature`;

interface OutputRow {
  system_id: number;
  utterance_id: string;
  output: string;
}
interface CacheRow {
  system_id: number;
  utterance_id: string;
  metric: string;
  signature: string;
  gold_rev: number;
  output_rev: number;
  value: string;
}

/** Every output and cache row of a project, each value as its JSON text (decoded where it is stored encoded). */
function rows(db: Db): { outputs: OutputRow[]; cache: CacheRow[] } {
  const text = (v: unknown): string =>
    typeof v === 'string' ? v : decodeStoredJson(v as Uint8Array, db.name);
  return {
    outputs: (db.prepare(OUTPUTS).all() as OutputRow[]).map((r) => ({ ...r, output: text(r.output) })),
    cache: (db.prepare(CACHE).all() as CacheRow[]).map((r) => ({ ...r, value: text(r.value) })),
  };
}

/**
 * What each system outputs (coverage.ts's profile) as version 5 read it, with SQLite's JSON functions over
 * the text: the parts any output has a key for, and each tree name, typed when any of its trees is.
 */
function profilesOfVersion5(db: Db): Map<number, SystemProfile> {
  const out = new Map<number, SystemProfile>();
  for (const id of db.prepare('SELECT id FROM system').pluck().all() as number[]) {
    const has = (p: string): string => `max(json_type(output, '${p}') IS NOT NULL)`;
    const parts = db
      .prepare(
        `SELECT ${has('$.words')} AS words, ${has('$.concepts')} AS concepts, ${has('$.nbest')} AS nbest,
                max(json_type(output, '$.entities') IS NOT NULL AND json_type(output, '$.words') IS NOT NULL)
                  AS entities
           FROM system_output WHERE system_id = ?`,
      )
      .get(id) as Record<'words' | 'concepts' | 'nbest' | 'entities', number | null>;
    const trees = db
      .prepare(
        `SELECT json_extract(t.value, '$.name') AS name, max(json_extract(t.value, '$.typed')) AS typed
           FROM system_output o, json_each(o.output, '$.trees') t WHERE o.system_id = ? GROUP BY 1`,
      )
      .all(id) as { name: string; typed: number }[];
    out.set(id, {
      words: parts.words === 1,
      concepts: parts.concepts === 1,
      entities: parts.entities === 1,
      nbest: parts.nbest === 1,
      trees: trees.map((t) => ({ name: t.name, typed: t.typed === 1 })).sort(byName),
    });
  }
  return out;
}

/** The project's rows as version 5 keeps them (JSON text) and its systems' profiles, read without migrating it. */
function rowsOfVersion5(file: string): {
  outputs: OutputRow[];
  cache: CacheRow[];
  profiles: Map<number, SystemProfile>;
} {
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    const r = rows(db);
    for (const o of r.outputs) expect(typeof o.output).toBe('string');
    return { ...r, profiles: profilesOfVersion5(db) };
  } finally {
    db.close();
  }
}

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

/** A copy of a fixture project in the test's folder. */
function copyFixture(name: string): string {
  const file = path.join(tmp.dir, name);
  fs.copyFileSync(path.join(FIXTURES, name), file);
  return file;
}

describe('migration 0006: compact outputs and cached scores', () => {
  it.each([
    ['the demo, scored', 'demo-scored-v5.sieve', 36],
    ['a scored project of three systems', 'bench-scored-v5.sieve', 48],
  ] as const)('%s: every output and cached score reads back as it was', (_, fixture, cached) => {
    const file = copyFixture(fixture);
    const before = rowsOfVersion5(file);
    const sizeBefore = fs.statSync(file).size;
    expect(before.outputs.length).toBeGreaterThan(0);
    expect(before.cache).toHaveLength(cached);

    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      // Rowid tables, every value a BLOB.
      for (const table of ['system_output', 'score_cache']) {
        const sql = db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(table) as string;
        expect(sql).not.toMatch(/WITHOUT ROWID/i);
      }
      expect(
        db.prepare("SELECT count(*) FROM system_output WHERE typeof(output) <> 'blob'").pluck().get(),
      ).toBe(0);
      expect(db.prepare("SELECT count(*) FROM score_cache WHERE typeof(value) <> 'blob'").pluck().get()).toBe(
        0,
      );

      // Every row, every key and revision, every JSON text byte for byte.
      const { profiles, ...beforeRows } = before;
      expect(rows(db)).toEqual(beforeRows);
      // What each system outputs reads as it did from the text.
      for (const [id, profile] of profiles) expect(getSystemProfile(db, id)).toEqual(profile);
      // As the store reads them: each system's output, and each system's valid cache entries.
      for (const o of before.outputs)
        expect(getSystemOutput(db, o.system_id, o.utterance_id)).toEqual({
          id: o.utterance_id,
          ...(JSON.parse(o.output) as object),
        });
      for (const signature of new Set(before.cache.map((c) => c.signature))) {
        const reader = scoreCacheReader(db, signature);
        for (const systemId of new Set(before.cache.map((c) => c.system_id))) {
          const expected = before.cache.filter((c) => c.signature === signature && c.system_id === systemId);
          expect(reader.system(systemId)).toEqual(new Map(expected.map((c) => [c.utterance_id, c.value])));
          for (const c of expected) expect(reader.pair(systemId, c.utterance_id)).toBe(c.value);
        }
      }
      // The old tables' pages are given back: none is left free.
      expect(db.pragma('freelist_count', { simple: true })).toBe(0);
      expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name LIKE '%_v5'").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
    expect(fs.statSync(file).size).toBeLessThan(sizeBefore);
  });

  it('reads each system’s profile as SQLite’s JSON functions read the text, for outputs of any parts', () => {
    const rnd = seededRandom(23);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const randomOutput = (): string => {
      const o: Record<string, unknown> = {};
      for (const key of ['words', 'concepts', 'nbest', 'entities'])
        if (rnd() < 0.4) o[key] = pick([[], null, [{ text: 'w' }]]);
      if (rnd() < 0.6)
        o.trees = Array.from({ length: Math.floor(rnd() * 3) }, () => ({
          name: pick(['syntax', 'semantic', 'x']),
          ...(rnd() < 0.8 ? { typed: rnd() < 0.3 } : {}),
          bracket: '(S a)',
        }));
      return JSON.stringify(o);
    };
    for (let round = 0; round < 12; round++) {
      const file = copyFixture('bench-scored-v5.sieve');
      const raw = new Database(file);
      const set = raw.prepare('UPDATE system_output SET output = ? WHERE system_id = ? AND utterance_id = ?');
      for (const r of raw.prepare(OUTPUTS).all() as OutputRow[])
        // A few outputs of each system differ from the rest, so that one output can decide a part.
        if (rnd() < 0.3) set.run(randomOutput(), r.system_id, r.utterance_id);
      raw.close();
      const { profiles } = rowsOfVersion5(file);
      const db = openDatabase(file);
      try {
        for (const [id, profile] of profiles)
          expect(getSystemProfile(db, id), `round ${round}`).toEqual(profile);
      } finally {
        db.close();
      }
      fs.rmSync(file);
    }
  });

  it('is all or nothing: a migration that fails leaves the file as version 5 had it', () => {
    const file = copyFixture('bench-scored-v5.sieve');
    // A table in the way of the second rename: the first (system_output's) has been made when it fails.
    const raw = new Database(file);
    raw.exec('CREATE TABLE score_cache_v5 (x)');
    raw.close();
    const before = rowsOfVersion5(file);

    expect(() => openDatabase(file)).toThrow(AppError);
    const after = new Database(file, { readonly: true });
    try {
      expect(after.pragma('user_version', { simple: true })).toBe(5);
      expect(
        after.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'system_output_v5'").pluck().get(),
      ).toBe(0);
    } finally {
      after.close();
    }
    expect(rowsOfVersion5(file)).toEqual(before);

    // Once the obstacle is gone the migration goes through.
    const fix = new Database(file);
    fix.exec('DROP TABLE score_cache_v5');
    fix.close();
    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect({ ...rows(db), profiles: before.profiles }).toEqual(before);
    } finally {
      db.close();
    }
  });
});
