// `sieve export-annotator`: one annotator's share of a project as a project of its own, to take home. The
// source project is only read; the output appears whole or not at all (built under a temporary name and
// renamed), with its audio copied into a folder beside it unless asked to reference the source's audio.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/errors';
import type { GoldRecords } from '../../core/gold/records';
import type { AnnotationStatus } from '../../core/model/schemas';
import { type Db, openDatabase } from '../store/openDatabase';
import { readHeader } from '../store/projectFile';
import { migrations } from '../store/migrations';
import {
  BLIND_KEY,
  OWNER_KEY,
  annotatorId,
  assignedUtterances,
  readLayer,
  startingLayer,
  teamSettings,
} from '../store/annotatorStore';
import {
  EXPORT_META_KEY,
  type ExportRecord,
  type ExportedUtterance,
  layerHash,
  metaValue,
  projectIdentity,
} from './exportRecord';

/** What to export and where. */
export interface ExportAnnotatorOptions {
  /** The annotator's name in the source project. */
  annotator: string;
  /** The project file to write (absolute). */
  out: string;
  /** 'copy': the audio goes into `<out name>-audio/` beside the output; 'reference': the source's files. */
  audio: 'copy' | 'reference';
  /** Replace an existing output file (and files of the same name in its audio folder). */
  force: boolean;
}

/** What an export wrote. */
export interface ExportSummary {
  file: string;
  annotator: string;
  utterances: number;
  /** Utterances of which the annotator had no layer yet: theirs starts from the adjudicated words. */
  newLayers: number;
  /** True when the annotator has no assignment and every utterance was exported. */
  allUtterances: boolean;
  blind: boolean;
  audioFiles: number;
  /** The folder the audio was copied to, or null when the output references the source's audio. */
  audioFolder: string | null;
}

interface AudioRow {
  id: number;
  path: string;
  duration_sec: number;
  sample_rate: number;
  channels: number;
  byte_size: number;
  sha256: string;
}

interface UtteranceRow {
  id: string;
  audio_id: number;
  start_sec: number;
  end_sec: number;
  speaker: string;
  transcript: string;
  status: AnnotationStatus;
  ord: number;
  labels: string;
}

/** One utterance as it goes into the output: its row and the annotator's layer. */
interface ExportedItem {
  row: UtteranceRow;
  layer: { gold: GoldRecords; status: AnnotationStatus; goldRev: number };
  record: ExportedUtterance;
}

/** The folder an output's audio is copied to: `NAME-audio` beside `NAME.sieve`. */
export function audioFolderOf(out: string): string {
  return path.join(path.dirname(out), `${path.basename(out, path.extname(out))}-audio`);
}

/**
 * Opens the source project to read it; a project without annotators yet is refused (it would have to be
 * upgraded first). It is opened as the studio opens it, not read-only: a read-only connection leaves its
 * `-wal` and `-shm` files beside the project, which a writable one removes on closing. Nothing is written.
 */
function openSource(file: string): Db {
  const header = readHeader(file);
  if (header.userVersion > 0 && header.userVersion < migrations.length)
    throw new AppError(
      'NOT_FOUND',
      `${file} has no annotators yet (schema version ${header.userVersion}); ` +
        'add them with `sieve annotators add` first.',
      { path: file },
    );
  return openDatabase(file);
}

/** The sha256 of a file, read in pieces. */
async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Names for the copied audio files: each source file's own name, numbered where two would clash. */
function copyNames(rows: readonly AudioRow[]): Map<number, string> {
  const taken = new Set<string>();
  const names = new Map<number, string>();
  for (const r of rows) {
    const base = path.posix.basename(r.path);
    const ext = path.posix.extname(base);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++)
      name = `${base.slice(0, base.length - ext.length)}-${n}${ext}`;
    taken.add(name.toLowerCase());
    names.set(r.id, name);
  }
  return names;
}

/**
 * Copies the audio files into `folder` (new files under temporary names, renamed once all are copied and
 * checked): each copy must have the hash the project recorded, so the annotator hears what was imported.
 */
async function copyAudio(
  sourceDir: string,
  rows: readonly AudioRow[],
  names: Map<number, string>,
  folder: string,
): Promise<void> {
  const staged: [string, string][] = [];
  try {
    for (const r of rows) {
      const from = path.resolve(sourceDir, r.path);
      if (!fs.existsSync(from))
        throw new AppError(
          'FILE_MISSING',
          `Audio file ${r.path} is missing (${from}); nothing was exported. ` +
            'Use --no-audio to export without copying the audio.',
          { path: from },
        );
      const target = path.join(folder, names.get(r.id)!);
      const tmp = `${target}.${process.pid}.tmp`;
      staged.push([tmp, target]);
      await fs.promises.copyFile(from, tmp);
      const sha = await fileSha256(tmp);
      if (sha !== r.sha256)
        throw new AppError(
          'BAD_FILE',
          `Audio file ${r.path} has changed since it was imported (its sha256 is not the one the project ` +
            'recorded); nothing was exported.',
          { path: from },
        );
    }
    for (const [tmp, target] of staged) fs.renameSync(tmp, target);
  } catch (err) {
    for (const [tmp] of staged) fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** Reads what goes into the output: the utterances, the annotator's layers and the audio rows. */
function collect(
  db: Db,
  annotator: string,
): { items: ExportedItem[]; audio: AudioRow[]; allUtterances: boolean; newLayers: number } {
  const id = annotatorId(db, annotator);
  const assigned = assignedUtterances(db, id);
  const allUtterances = assigned.length === 0;
  const ids = allUtterances
    ? (db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[])
    : assigned;
  if (ids.length === 0)
    throw new AppError('NOT_FOUND', 'The project has no utterances; nothing was exported.', {});
  const utteranceRow = db.prepare(
    `SELECT id, audio_id, start_sec, end_sec, speaker, transcript, status, ord, labels
       FROM utterance WHERE id = ?`,
  );
  const audioRow = db.prepare('SELECT * FROM audio_file WHERE id = ?');
  const audio = new Map<number, AudioRow>();
  let newLayers = 0;
  const items = ids.map((uid): ExportedItem => {
    const row = utteranceRow.get(uid) as UtteranceRow;
    if (!audio.has(row.audio_id)) audio.set(row.audio_id, audioRow.get(row.audio_id) as AudioRow);
    const stored = readLayer(db, id, uid);
    if (!stored) newLayers++;
    // No layer yet: the one an assignment would create, the adjudicated words alone.
    const layer = stored ?? { gold: startingLayer(db, uid), status: 'todo' as const, goldRev: 0 };
    return {
      row,
      layer,
      record: {
        id: uid,
        audioSha256: audio.get(row.audio_id)!.sha256,
        goldRev: stored ? stored.goldRev : null,
        layerSha256: layerHash(layer),
      },
    };
  });
  return { items, audio: [...audio.values()], allUtterances, newLayers };
}

/** Writes the output project's tables (inside its one transaction). */
function writeOutput(
  src: Db,
  out: Db,
  options: ExportAnnotatorOptions,
  items: readonly ExportedItem[],
  audio: readonly AudioRow[],
  audioPath: (row: AudioRow) => string,
  record: ExportRecord,
): void {
  const meta = out.prepare('INSERT INTO project_meta (key, value) VALUES (?, ?)');
  const sourceName = metaValue(src, 'name');
  meta.run('name', sourceName ? `${sourceName} (${options.annotator})` : options.annotator);
  meta.run('description', metaValue(src, 'description'));
  meta.run('created', record.exportedAt);
  const settings = metaValue(src, 'annotation.settings');
  if (settings) meta.run('annotation.settings', settings);
  meta.run(BLIND_KEY, record.blind ? '1' : '0');
  meta.run(OWNER_KEY, options.annotator);
  meta.run(EXPORT_META_KEY, JSON.stringify(record));

  const insAudio = out.prepare(
    `INSERT INTO audio_file (id, path, duration_sec, sample_rate, channels, byte_size, sha256)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const peaks = src.prepare('SELECT buckets_per_sec, peaks FROM audio_peaks WHERE audio_id = ?');
  const insPeaks = out.prepare('INSERT INTO audio_peaks (audio_id, buckets_per_sec, peaks) VALUES (?, ?, ?)');
  for (const a of audio) {
    insAudio.run(a.id, audioPath(a), a.duration_sec, a.sample_rate, a.channels, a.byte_size, a.sha256);
    const p = peaks.get(a.id) as { buckets_per_sec: number; peaks: Buffer } | undefined;
    if (p) insPeaks.run(a.id, p.buckets_per_sec, p.peaks);
  }

  const annotator = Number(
    out
      .prepare('INSERT INTO annotator (name, created_at) VALUES (?, ?)')
      .run(options.annotator, record.exportedAt).lastInsertRowid,
  );
  const insUtt = out.prepare(
    `INSERT INTO utterance (id, audio_id, start_sec, end_sec, speaker, transcript, status, ord, labels)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insAssign = out.prepare('INSERT INTO assignment (annotator_id, utterance_id) VALUES (?, ?)');
  const insLayer = out.prepare(
    `INSERT INTO annotator_gold (annotator_id, utterance_id, status, gold, gold_rev, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // Each table's rows of an utterance copied as they are; the statements prepared once per table.
  const copiers = new Map<string, (uid: string) => void>();
  const copyRows = (table: string, columns: string, uid: string): void => {
    let copy = copiers.get(table);
    if (!copy) {
      const ins = out.prepare(
        `INSERT INTO ${table} (utterance_id, ${columns}) VALUES (?${', ?'.repeat(columns.split(',').length)})`,
      );
      const sel = src.prepare(`SELECT ${columns} FROM ${table} WHERE utterance_id = ?`).raw();
      copy = (id) => {
        for (const r of sel.all(id) as unknown[][]) ins.run(id, ...r);
      };
      copiers.set(table, copy);
    }
    copy(uid);
  };
  for (const { row, layer } of items) {
    // Blind annotation: the adjudicated layer goes along as its words only, the annotator's starting point.
    insUtt.run(
      row.id,
      row.audio_id,
      row.start_sec,
      row.end_sec,
      row.speaker,
      row.transcript,
      record.blind ? 'todo' : row.status,
      row.ord,
      record.blind ? '{}' : row.labels,
    );
    copyRows('word', 'idx, text, start_sec, end_sec, source, confidence', row.id);
    if (!record.blind) {
      copyRows('gold_tree', 'name, ord, typed, bracket', row.id);
      copyRows('gold_entity', 'idx, type, first_word, last_word', row.id);
      copyRows('gold_concept', 'idx, attribute, value', row.id);
      copyRows('gold_interpretation', 'idx, text', row.id);
    }
    insAssign.run(annotator, row.id);
    insLayer.run(
      annotator,
      row.id,
      layer.status,
      JSON.stringify(layer.gold),
      layer.goldRev,
      record.exportedAt,
    );
  }
}

/**
 * Writes `options.out`: a project holding the utterances assigned to the annotator (every utterance when
 * none is assigned), their audio, the annotator's layer of each (the adjudicated words when they have none
 * yet) and, unless blind annotation is on, the adjudicated gold; never another annotator's layer. The
 * output's owner is the annotator, and its `team.export` record says where it came from.
 */
export async function exportAnnotator(
  source: string,
  options: ExportAnnotatorOptions,
): Promise<ExportSummary> {
  const src = path.resolve(source);
  const out = path.resolve(options.out);
  const same = (a: string, b: string): boolean => {
    try {
      return fs.realpathSync(a) === fs.realpathSync(b);
    } catch {
      return false;
    }
  };
  if (out === src || same(out, src))
    throw new AppError('INVALID_INPUT', `--out ${out} is the project itself; choose another file.`, {
      path: out,
    });
  // A write-ahead log with frames beside it: the file is open in SIEVE, or was not closed cleanly.
  if (
    options.force &&
    fs.existsSync(out) &&
    (fs.statSync(out + '-wal', { throwIfNoEntry: false })?.size ?? 0) > 32
  )
    throw new AppError(
      'CONFLICT',
      `${out} has unsaved changes in ${out}-wal (is it open in SIEVE?); nothing was exported. Close it first.`,
      { path: out },
    );
  if (fs.existsSync(out) && !options.force)
    throw new AppError('CONFLICT', `${out} exists; nothing was exported (--force replaces it).`, {
      path: out,
    });
  if (!fs.existsSync(path.dirname(out)))
    throw new AppError('FILE_MISSING', `No folder ${path.dirname(out)} to write ${out} in.`, { path: out });
  const folder = options.audio === 'copy' ? audioFolderOf(out) : null;
  if (folder && fs.existsSync(folder) && !options.force)
    throw new AppError(
      'CONFLICT',
      `${folder} exists; nothing was exported (--force writes the audio into it, --no-audio copies none).`,
      { path: folder },
    );

  const db = openSource(src);
  // One read transaction from the first read to the last: edits made meanwhile (the studio may have the
  // project open) are not seen, so the record, the layers and the words agree with one another.
  db.exec('BEGIN');
  try {
    const { items, audio, allUtterances, newLayers } = collect(db, options.annotator);
    const { blind } = teamSettings(db);
    const names = copyNames(audio);
    const record: ExportRecord = {
      format: 1,
      source: projectIdentity(db, src),
      annotator: options.annotator,
      exportedAt: new Date().toISOString(),
      blind,
      audio: folder ? 'copied' : 'referenced',
      utterances: items.map((i) => i.record),
    };
    const outDir = path.dirname(out);
    const relative = (p: string): string => path.relative(outDir, p).split(path.sep).join('/');
    const audioPath = (row: AudioRow): string =>
      folder
        ? relative(path.join(folder, names.get(row.id)!))
        : relative(path.resolve(path.dirname(src), row.path));

    const createdFolder = folder !== null && !fs.existsSync(folder);
    if (folder) fs.mkdirSync(folder, { recursive: true });
    const tmp = `${out}.${process.pid}.tmp`;
    try {
      if (folder) await copyAudio(path.dirname(src), audio, names, folder);
      const outDb = openDatabase(tmp, { create: true });
      try {
        outDb.transaction(() => writeOutput(db, outDb, options, items, audio, audioPath, record))();
        outDb.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        outDb.close();
      }
      // A replaced file's write-ahead log must not be replayed onto the new one.
      for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(out + suffix, { force: true });
      fs.renameSync(tmp, out);
    } catch (err) {
      for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
      if (createdFolder) fs.rmSync(folder, { recursive: true, force: true });
      throw err;
    }
    return {
      file: out,
      annotator: options.annotator,
      utterances: items.length,
      newLayers,
      allUtterances,
      blind,
      audioFiles: audio.length,
      audioFolder: folder,
    };
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
    db.close();
  }
}
