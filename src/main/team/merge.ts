// `sieve merge`: brings annotators' layers back from their exports (`sieve export-annotator`). An utterance
// is matched by its id and its audio's hash; the project's layer is replaced only where it has not changed
// since the export, and a layer both sides changed is a conflict, reported and left as it is (unless the
// caller says which side wins). Everything is one transaction: a failure leaves the project as it was.
// The merged files are only read, from a copy: SQLite leaves files beside a database it reads in place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../core/errors';
import { applyDiff, diffGold } from '../../core/gold/diff';
import type { GoldField } from '../../core/gold/records';
import { WORD_SOURCE, completeWordDiff } from '../../core/gold/wordMarks';
import { annotatorId, createLayer, readLayer, setLayerStatus, startingLayer } from '../store/annotatorStore';
import { applyGoldDiff } from '../store/goldStore';
import { type Db, openDatabase } from '../store/openDatabase';
import { readHeader, recogniseProject } from '../store/projectFile';
import { writeTransaction } from '../store/writeTransaction';
import {
  EXPORT_META_KEY,
  ExportRecord,
  type LayerContent,
  MergeBase,
  layerHash,
  mergeBaseKey,
  metaValue,
  projectIdentity,
} from './exportRecord';

/** How a merge settles a layer that both the file and the project changed since the export. */
export type MergePreference = 'file' | 'project';

/** A layer both sides changed: what differs between them, and how it was settled (if it was). */
export interface MergeConflict {
  utteranceId: string;
  annotator: string;
  /** The parts of the layer that differ between the file and the project ('status' among them). */
  differs: (GoldField | 'status')[];
  /** Absent: left as the project has it and reported; 'file' or 'project': settled by `--prefer`. */
  resolved?: MergePreference;
}

/** An utterance of the file that does not match the project's: reported, not merged. */
export interface MergeMismatch {
  utteranceId: string;
  annotator: string;
  reason: string;
}

/** What one file brought. */
export interface FileMerge {
  file: string;
  annotator: string;
  /** Utterances whose layer the file's replaced. */
  merged: string[];
  /** Utterances the file had nothing new for (the same layer, or unchanged since the export). */
  unchanged: string[];
  conflicts: MergeConflict[];
  mismatches: MergeMismatch[];
}

/** What a merge did, file by file, with the totals. */
export interface MergeSummary {
  project: string;
  files: FileMerge[];
  totals: { merged: number; unchanged: number; conflicts: number; unresolved: number; mismatches: number };
}

/** An exported file as read: its record, and per utterance its layer, audio hash and times. */
interface ReadExport {
  file: string;
  record: ExportRecord;
  layers: Map<string, { layer: LayerContent; audioSha256: string; startSec: number; endSec: number }>;
}

/** A copy of `file` (and its write-ahead log) in a temporary folder, removed by `dispose`. */
function snapshot(file: string): { copy: string; dispose: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-merge-'));
  try {
    const copy = path.join(dir, 'export.sieve');
    fs.copyFileSync(file, copy);
    if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
    return { copy, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new AppError('BAD_FILE', `${file} cannot be read (${(err as Error).message}).`, { path: file });
  }
}

/**
 * Reads an annotator's export without writing a byte beside it: refused unless it is a SIEVE project
 * (SQLite's header and SIEVE's application id, checked on the file itself) holding an export record.
 */
export function readExport(file: string): ReadExport {
  recogniseProject(file, readHeader(file), false);
  const { copy, dispose } = snapshot(file);
  try {
    let db: Db;
    try {
      db = openDatabase(copy, { readOnly: true });
    } catch (err) {
      if (err instanceof AppError)
        throw new AppError(err.code, err.message.split(copy).join(file), { path: file });
      throw err;
    }
    try {
      return readRecordAndLayers(db, file);
    } finally {
      db.close();
    }
  } finally {
    dispose();
  }
}

function readRecordAndLayers(db: Db, file: string): ReadExport {
  const raw = metaValue(db, EXPORT_META_KEY);
  if (!raw)
    throw new AppError(
      'BAD_FILE',
      `${file} is a SIEVE project but not an annotator's export (\`sieve export-annotator\` writes those); ` +
        'nothing was merged.',
      { path: file },
    );
  let record: ExportRecord;
  try {
    record = ExportRecord.parse(JSON.parse(raw));
  } catch (err) {
    throw new AppError('BAD_FILE', `${file}: its export record is damaged (${(err as Error).message}).`, {
      path: file,
    });
  }
  const row = db.prepare(
    `SELECT u.start_sec AS startSec, u.end_sec AS endSec, a.sha256 AS audioSha256
       FROM utterance u JOIN audio_file a ON a.id = u.audio_id WHERE u.id = ?`,
  );
  const layers: ReadExport['layers'] = new Map();
  try {
    const annotator = annotatorId(db, record.annotator);
    for (const u of record.utterances) {
      const found = row.get(u.id) as { startSec: number; endSec: number; audioSha256: string } | undefined;
      const layer = readLayer(db, annotator, u.id);
      if (found && layer) layers.set(u.id, { ...found, layer: { gold: layer.gold, status: layer.status } });
    }
  } catch (err) {
    // The store's messages speak of "the project": here it is the export that is wrong.
    if (err instanceof AppError)
      throw new AppError('BAD_FILE', `${file}: ${err.message} Nothing was merged.`, { path: file });
    throw err;
  }
  return { file, record, layers };
}

/** The parts of two layers that differ. */
function differences(a: LayerContent, b: LayerContent): (GoldField | 'status')[] {
  const fields: (GoldField | 'status')[] = diffGold(a.gold, b.gold).map((c) => c.field);
  if (a.status !== b.status) fields.push('status');
  return fields;
}

/** Merges one file's layers into the project (inside the merge's transaction). */
function mergeFile(db: Db, ex: ReadExport, prefer: MergePreference | undefined): FileMerge {
  const name = ex.record.annotator;
  const label = path.basename(ex.file);
  const result: FileMerge = {
    file: ex.file,
    annotator: name,
    merged: [],
    unchanged: [],
    conflicts: [],
    mismatches: [],
  };
  let annotator: number;
  try {
    annotator = annotatorId(db, name);
  } catch {
    throw new AppError(
      'NOT_FOUND',
      `${ex.file}: the project has no annotator "${name}" (removed since the export?); add them with ` +
        '`sieve annotators add` to merge their work. Nothing was merged.',
      { path: ex.file, annotator: name },
    );
  }
  const baseKey = mergeBaseKey(ex.record);
  const bases = readMergeBase(db, baseKey);
  let basesChanged = false;
  const projectRow = db.prepare(
    `SELECT u.start_sec AS startSec, u.end_sec AS endSec, a.sha256 AS audioSha256
       FROM utterance u JOIN audio_file a ON a.id = u.audio_id WHERE u.id = ?`,
  );
  for (const u of ex.record.utterances) {
    const mismatch = (reason: string): void => {
      result.mismatches.push({ utteranceId: u.id, annotator: name, reason });
    };
    const fromFile = ex.layers.get(u.id);
    const here = projectRow.get(u.id) as
      { startSec: number; endSec: number; audioSha256: string } | undefined;
    if (!fromFile) {
      mismatch('the file has no layer of it');
      continue;
    }
    if (!here) {
      mismatch('the project has no utterance of this id');
      continue;
    }
    if (here.audioSha256 !== u.audioSha256 || fromFile.audioSha256 !== u.audioSha256) {
      mismatch(
        `its audio differs (sha256 ${here.audioSha256.slice(0, 12)}… in the project, ` +
          `${fromFile.audioSha256.slice(0, 12)}… in the file)`,
      );
      continue;
    }
    if (here.startSec !== fromFile.startSec || here.endSec !== fromFile.endSec) {
      mismatch(
        `its times differ (${here.startSec}–${here.endSec} s in the project, ` +
          `${fromFile.startSec}–${fromFile.endSec} s in the file)`,
      );
      continue;
    }
    const stored = readLayer(db, annotator, u.id);
    const current: LayerContent = stored ?? { gold: startingLayer(db, u.id), status: 'todo' };
    // What the project would hold after taking the file's layer: its words marked as an import marks them.
    const diff = completeWordDiff(
      diffGold(current.gold, fromFile.layer.gold),
      current.gold.words,
      WORD_SOURCE.import,
      'given',
    );
    // The same layer on both sides (a file merged before): nothing to compare further.
    if (stored && diff.length === 0 && stored.status === fromFile.layer.status) {
      result.unchanged.push(u.id);
      continue;
    }
    const incoming: LayerContent = {
      gold: diff.length === 0 ? current.gold : applyDiff(current.gold, diff),
      status: fromFile.layer.status,
    };
    const incomingHash = layerHash(incoming);
    if (stored && incomingHash === layerHash(current)) {
      result.unchanged.push(u.id);
      continue;
    }
    // The state both sides started from: the export's, or what an earlier merge of this export left.
    const base = bases.utterances[u.id] ?? {
      fileSha256: u.layerSha256,
      goldRev: u.goldRev,
      projectSha256: u.layerSha256,
    };
    const fileChanged = layerHash(fromFile.layer) !== base.fileSha256 && incomingHash !== base.fileSha256;
    if (!fileChanged) {
      result.unchanged.push(u.id);
      continue;
    }
    // Changed here since: another revision, and other content than the base.
    const currentHash = layerHash(current);
    const projectChanged =
      stored !== null && stored.goldRev !== base.goldRev && currentHash !== base.projectSha256;
    if (projectChanged) {
      const differs = differences(current, incoming);
      result.conflicts.push({
        utteranceId: u.id,
        annotator: name,
        differs,
        ...(prefer ? { resolved: prefer } : {}),
      });
      if (prefer === 'project') {
        // Settled for the project: this state of the file is seen, and the project's layer is the base.
        bases.utterances[u.id] = {
          fileSha256: incomingHash,
          goldRev: stored.goldRev,
          projectSha256: currentHash,
        };
        basesChanged = true;
      }
      if (prefer !== 'file') continue;
    }
    if (!stored) createLayer(db, annotator, u.id, current.gold);
    let goldRev = stored?.goldRev ?? 0;
    if (diff.length > 0) {
      try {
        goldRev = applyGoldDiff(db, u.id, diff, {
          kind: 'import',
          label,
          annotator: name,
          layer: annotator,
          wordMarks: 'given',
        }).goldRev;
      } catch (err) {
        if (err instanceof AppError)
          throw new AppError(err.code, `${ex.file}: ${err.message} Nothing was merged.`, err.details);
        throw err;
      }
    }
    if (incoming.status !== current.status || !stored) setLayerStatus(db, annotator, u.id, incoming.status);
    bases.utterances[u.id] = { fileSha256: incomingHash, goldRev, projectSha256: incomingHash };
    basesChanged = true;
    result.merged.push(u.id);
  }
  if (basesChanged)
    db.prepare(
      'INSERT INTO project_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ).run(baseKey, JSON.stringify(bases));
  return result;
}

/** The merge base of an export kept in the project (none yet: empty); an unreadable one is damage. */
function readMergeBase(db: Db, key: string): MergeBase {
  const raw = metaValue(db, key);
  if (!raw) return { utterances: {} };
  try {
    return MergeBase.parse(JSON.parse(raw));
  } catch (err) {
    throw new AppError(
      'BAD_FILE',
      `${db.name}: what it remembers of an earlier merge (${key}) is damaged (${(err as Error).message}); ` +
        'nothing was merged.',
      { path: db.name },
    );
  }
}

/**
 * Merges the layers of `files` (annotators' exports) into `project`, in one transaction: all of it or, on
 * any error, nothing. The files must come from this project (its name and creation time as recorded at
 * export) and are never written.
 */
export function mergeExports(
  project: string,
  files: readonly string[],
  options: { prefer?: MergePreference } = {},
): MergeSummary {
  const target = path.resolve(project);
  const exports = files.map((f) => {
    const file = path.resolve(f);
    if (file === target)
      throw new AppError('INVALID_INPUT', `${file} is the project itself; nothing was merged.`, {
        path: file,
      });
    return readExport(file);
  });
  const db = openDatabase(target);
  try {
    if (db.readonly)
      throw new AppError('READ_ONLY', `${target} is read-only: nothing was merged.`, { path: target });
    const identity = projectIdentity(db, target);
    for (const ex of exports) {
      const from = ex.record.source;
      if (from.name !== identity.name || from.created !== identity.created)
        throw new AppError(
          'INVALID_INPUT',
          `${ex.file} was exported from another project ("${from.name}", created ${from.created || '—'}, ` +
            `at ${from.path}), not from ${target} ("${identity.name}", created ${identity.created || '—'}); ` +
            'nothing was merged.',
          { path: ex.file },
        );
    }
    const results = writeTransaction(target, db, () =>
      exports.map((ex) => mergeFile(db, ex, options.prefer)),
    );
    db.pragma('wal_checkpoint(PASSIVE)');
    const sum = (f: (r: FileMerge) => number): number => results.reduce((n, r) => n + f(r), 0);
    return {
      project: target,
      files: results,
      totals: {
        merged: sum((r) => r.merged.length),
        unchanged: sum((r) => r.unchanged.length),
        conflicts: sum((r) => r.conflicts.length),
        unresolved: sum((r) => r.conflicts.filter((c) => c.resolved === undefined).length),
        mismatches: sum((r) => r.mismatches.length),
      },
    };
  } finally {
    db.close();
  }
}
