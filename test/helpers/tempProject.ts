// Real project files in temporary folders, with audio synthesized by espeak-ng when it is installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { ProjectManifestInput } from '../../src/core/model/projectManifest';
import { createProject } from '../../src/main/store/createProject';
import { decodeStoredJson } from '../../src/main/store/storedJson';
import { writeWav } from './wavFixture';

/** Whether espeak-ng is on PATH (CI installs it; without it, tests fall back to a synthetic tone). */
export const hasEspeak = (() => {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'sieve-test-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The bundled demo project's folder (resources/demo). */
export const DEMO_DIR = path.resolve(import.meta.dirname, '../../resources/demo');

/** Copies the demo into `dir` and returns its project file: opening a project migrates it, so only copies are opened. */
export function copyDemo(dir: string): string {
  fs.cpSync(DEMO_DIR, dir, { recursive: true });
  return path.join(dir, 'demo.sieve');
}

/**
 * SQL that takes a project of schema version 5 back to version 4, for the tests of the migrations up to
 * 0004: migration 0005's tables (annotators, assignments, their layers) and history column taken out.
 * The caller sets `user_version`.
 */
export const BEFORE_ANNOTATORS_SQL = `
  DROP TABLE annotator_gold;
  DROP TABLE assignment;
  ALTER TABLE history DROP COLUMN annotator_id;
  DROP TABLE annotator;
`;

/**
 * Takes a project of schema version 6 back to version 5, for the tests of the migrations up to 0005:
 * systems' outputs and cached scores as JSON text in the WITHOUT ROWID tables of migration 0002 again.
 * The caller sets `user_version`.
 */
export function takeBackCompactOutputs(db: Database.Database): void {
  db.function('sieve_decode_stored_json', (v: unknown) => decodeStoredJson(v as Uint8Array, db.name));
  db.exec(`
    ALTER TABLE system_output RENAME TO system_output_v6;
    DROP INDEX system_output_utterance;
    ALTER TABLE score_cache RENAME TO score_cache_v6;
    DROP INDEX score_cache_utterance;
    CREATE TABLE system_output (
      system_id    INTEGER NOT NULL REFERENCES system(id) ON DELETE CASCADE,
      utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
      output       TEXT NOT NULL,
      PRIMARY KEY (system_id, utterance_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX system_output_utterance ON system_output(utterance_id);
    CREATE TABLE score_cache (
      system_id    INTEGER NOT NULL REFERENCES system(id) ON DELETE CASCADE,
      utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
      metric       TEXT NOT NULL,
      signature    TEXT NOT NULL,
      gold_rev     INTEGER NOT NULL,
      output_rev   INTEGER NOT NULL,
      value        TEXT NOT NULL,
      PRIMARY KEY (system_id, utterance_id, metric, signature)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX score_cache_utterance ON score_cache(utterance_id);
    INSERT INTO system_output SELECT system_id, utterance_id, sieve_decode_stored_json(output) FROM system_output_v6;
    INSERT INTO score_cache SELECT system_id, utterance_id, metric, signature, gold_rev, output_rev,
                                   sieve_decode_stored_json(value) FROM score_cache_v6;
    DROP TABLE system_output_v6;
    DROP TABLE score_cache_v6;
  `);
}

/** Writes speech for `text` to `file` (espeak-ng), or a 2 s tone when espeak-ng is missing. */
export function speak(file: string, text: string): void {
  if (hasEspeak) execFileSync('espeak-ng', ['-w', file, text], { stdio: 'ignore' });
  else writeWav(file, 2, 22050, (t) => 0.4 * Math.sin(2 * Math.PI * 180 * t));
}

/** A two-utterance project with real audio; returns the project file and the manifest used. */
export async function makeProject(dir: string): Promise<{ file: string; manifest: ProjectManifestInput }> {
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  speak(path.join(dir, 'audio', 'a.wav'), 'I want to go from Bonn to Berlin');
  speak(path.join(dir, 'audio', 'b.wav'), 'Flight twelve leaves at noon');
  const manifest: ProjectManifestInput = {
    name: 'Test project',
    description: 'two utterances',
    audio: [
      { id: 'a', path: 'audio/a.wav' },
      { id: 'b', path: 'audio/b.wav' },
    ],
    utterances: [
      {
        id: 'train-1',
        audio: 'a',
        speaker: 'spk1',
        wordSource: 'test',
        words: [
          { text: 'I', startSec: 0, endSec: 0.1 },
          { text: 'want', startSec: 0.11, endSec: 0.41 },
          { text: 'to', startSec: 0.42, endSec: 0.56 },
        ],
      },
      {
        id: 'air-1',
        audio: 'b',
        speaker: 'spk2',
        transcript: 'Flight twelve leaves at noon.',
        words: [{ text: 'Flight', startSec: 0.05, endSec: 0.4 }],
      },
    ],
  };
  const file = path.join(dir, 'test.sieve');
  await createProject(file, manifest, dir);
  return { file, manifest };
}
