// Writes a corpus (audio files, utterances, their words and gold annotation) into a project file, all or
// nothing: a new project is built under a temporary name and renamed; an existing one gets one transaction.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/errors';
import {
  type GoldConcept,
  type GoldEntity,
  type GoldLabels,
  type GoldTree,
  type GoldWord,
  goldProblems,
} from '../../core/gold/records';
import { PEAK_BUCKETS_PER_SEC, type ProbedAudio, probeAudio } from '../audio/audioFile';
import type { SystemOutput } from '../../core/model/systemOutput';
import { type Db, openDatabase } from '../store/openDatabase';
import { writeTransaction } from '../store/writeTransaction';
import { importSystemOutputs } from '../store/systemStore';
import { ensureAnnotator, importLayer } from '../store/annotatorStore';

/** One utterance to add; times are seconds within its audio file. */
export interface CorpusUtterance {
  id: string;
  /** Key of the audio file in `Corpus.audio`. */
  audio: string;
  startSec?: number;
  endSec?: number;
  speaker?: string;
  transcript?: string;
  wordSource?: string;
  words: GoldWord[];
  trees?: GoldTree[];
  entities?: GoldEntity[];
  concepts?: GoldConcept[];
  interpretations?: string[];
  labels?: GoldLabels;
}

/** What to add to a project. */
export interface Corpus {
  name?: string;
  description?: string;
  audio: { key: string; file: string }[];
  utterances: CorpusUtterance[];
  /** Systems whose outputs are stored with the corpus (replacing a system of the same name). */
  systems?: {
    name: string;
    sourceFiles: string[];
    settings?: Record<string, unknown>;
    outputs: SystemOutput[];
  }[];
}

/** Progress of a long import, for a progress bar. */
export interface ImportProgress {
  phase: 'audio' | 'write';
  done: number;
  total: number;
  item?: string;
}

/** What an import added. */
export interface CorpusWriteSummary {
  project: string;
  created: boolean;
  audioFiles: number;
  utterances: number;
  words: number;
  trees: number;
  entities: number;
  concepts: number;
  systems: number;
  /** Times moved onto the end of their audio (within `AUDIO_END_TOLERANCE_SEC`), one line per utterance. */
  clamped: string[];
}

/**
 * How far past the end of its audio file a word or an utterance may end and still be imported, its end
 * moved to the audio's end (with a warning): aligners round, and decoders count the last frame
 * differently (WhisperX gave 8.437 s on an 8.398 s file).
 */
export const AUDIO_END_TOLERANCE_SEC = 0.05;

/**
 * Moves the ends that lie past their audio file's end by more than a millisecond and at most
 * `AUDIO_END_TOLERANCE_SEC` onto it; returns one line for each utterance so changed. Ends further out are
 * left for the check to refuse.
 */
function clampToAudio(c: Corpus, probed: Map<string, ProbedAudio>): string[] {
  const lines: string[] = [];
  const ms = (sec: number): string => `${Math.round(sec * 1000)} ms`;
  for (const u of c.utterances) {
    const audio = probed.get(u.audio);
    if (!audio) continue;
    const end = audio.durationSec;
    // Within a millisecond of the end is the end (as the check has it): left as written, untold.
    const over = (t: number): boolean => t > end + 1e-3 && t <= end + AUDIO_END_TOLERANCE_SEC;
    let worst = 0;
    let moved = 0;
    if (u.endSec !== undefined && over(u.endSec)) {
      worst = u.endSec - end;
      u.endSec = end;
    }
    for (const w of u.words) {
      if (!over(w.endSec)) continue;
      worst = Math.max(worst, w.endSec - end);
      moved++;
      w.endSec = end;
      if (w.startSec > end) w.startSec = end;
    }
    if (worst > 0)
      lines.push(
        `utterance "${u.id}": ${moved > 0 ? `${moved} word(s) ended` : 'it ended'} up to ${ms(worst)} after ` +
          `its audio (${end} s); moved to the audio's end (tolerance ${ms(AUDIO_END_TOLERANCE_SEC)})`,
      );
  }
  return lines;
}

function fail(message: string, details?: unknown): never {
  throw new AppError('INVALID_INPUT', message, details);
}

/** Checks that the corpus is consistent before anything is written; throws on the first problem. */
function checkCorpus(c: Corpus, probed: Map<string, ProbedAudio>): void {
  const seen = new Set<string>();
  for (const u of c.utterances) {
    const where = `utterance "${u.id}"`;
    if (seen.has(u.id)) fail(`Duplicate utterance id "${u.id}".`);
    seen.add(u.id);
    const audio = probed.get(u.audio);
    if (!audio) fail(`${where} refers to unknown audio "${u.audio}".`);
    const start = u.startSec ?? 0;
    const end = u.endSec ?? audio.durationSec;
    if (!(end > start)) fail(`${where}: end ${end} s is not after start ${start} s.`);
    if (end > audio.durationSec + 1e-3)
      fail(`${where} ends at ${end} s, after its audio (${audio.durationSec} s).`);
    let prevEnd = start;
    u.words.forEach((w, i) => {
      const label = `${where}, word ${i + 1} "${w.text}"`;
      if (w.endSec < w.startSec) fail(`${label} ends before it starts.`);
      if (/\s/.test(w.text))
        fail(`${label} holds a space: a word is one token (a tier of utterances is read as such).`);
      if (w.startSec < prevEnd - 1e-6)
        fail(`${label} overlaps the word before it or starts before the utterance.`);
      if (w.endSec > end + 1e-3) fail(`${label} ends after the utterance (${end} s).`);
      prevEnd = w.endSec;
    });
    const problems = goldProblems({
      words: u.words,
      trees: u.trees ?? [],
      entities: u.entities ?? [],
      concepts: u.concepts ?? [],
      interpretations: u.interpretations ?? [],
      labels: u.labels ?? {},
    });
    if (problems.length > 0) fail(`${where}: ${problems[0]}.`, { utteranceId: u.id, problems });
  }
}

function insertAll(
  db: Db,
  projectFile: string,
  c: Corpus,
  probed: Map<string, ProbedAudio>,
  onProgress: (p: ImportProgress) => void,
  annotator?: string,
): CorpusWriteSummary {
  const projectDir = path.dirname(projectFile);
  const created = (db.prepare('SELECT count(*) FROM utterance').pluck().get() as number) === 0;
  const meta = db.prepare('INSERT OR IGNORE INTO project_meta (key, value) VALUES (?, ?)');
  if (c.name) meta.run('name', c.name);
  meta.run('description', c.description ?? '');
  meta.run('created', new Date().toISOString());

  // Audio: reuse a file the project already has (same path, same content); a changed one is refused.
  const byPath = db.prepare('SELECT id, sha256 FROM audio_file WHERE path = ?');
  const insAudio = db.prepare(
    'INSERT INTO audio_file (path, duration_sec, sample_rate, channels, byte_size, sha256) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insPeaks = db.prepare('INSERT INTO audio_peaks (audio_id, buckets_per_sec, peaks) VALUES (?, ?, ?)');
  const audioIds = new Map<string, number>();
  let audioAdded = 0;
  for (const a of c.audio) {
    const p = probed.get(a.key)!;
    const rel = path.relative(projectDir, a.file).split(path.sep).join('/');
    const existing = byPath.get(rel) as { id: number; sha256: string } | undefined;
    if (existing) {
      if (existing.sha256 !== p.sha256)
        fail(`Audio file ${rel} is already in the project with different content.`, { path: rel });
      audioIds.set(a.key, existing.id);
      continue;
    }
    const id = Number(
      insAudio.run(rel, p.durationSec, p.sampleRate, p.channels, p.byteSize, p.sha256).lastInsertRowid,
    );
    insPeaks.run(
      id,
      PEAK_BUCKETS_PER_SEC,
      Buffer.from(p.peaks.buffer, p.peaks.byteOffset, p.peaks.byteLength),
    );
    audioIds.set(a.key, id);
    audioAdded++;
  }

  const exists = db.prepare('SELECT 1 FROM utterance WHERE id = ?').pluck();
  let ord = (db.prepare('SELECT coalesce(max(ord) + 1, 0) FROM utterance').pluck().get() as number) ?? 0;
  const insUtt = db.prepare(
    `INSERT INTO utterance (id, audio_id, start_sec, end_sec, speaker, transcript, ord, labels)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insWord = db.prepare(
    `INSERT INTO word (utterance_id, idx, text, start_sec, end_sec, source, confidence)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insTree = db.prepare(
    'INSERT INTO gold_tree (utterance_id, name, ord, typed, bracket) VALUES (?, ?, ?, ?, ?)',
  );
  const insEntity = db.prepare(
    'INSERT INTO gold_entity (utterance_id, idx, type, first_word, last_word) VALUES (?, ?, ?, ?, ?)',
  );
  const insConcept = db.prepare(
    'INSERT INTO gold_concept (utterance_id, idx, attribute, value) VALUES (?, ?, ?, ?)',
  );
  const insInterp = db.prepare('INSERT INTO gold_interpretation (utterance_id, idx, text) VALUES (?, ?, ?)');
  const summary: CorpusWriteSummary = {
    project: projectFile,
    created,
    audioFiles: audioAdded,
    utterances: 0,
    words: 0,
    trees: 0,
    entities: 0,
    concepts: 0,
    systems: 0,
    clamped: [],
  };
  const total = c.utterances.length;
  const layerOf = annotator === undefined ? undefined : ensureAnnotator(db, annotator);
  const existing = db.prepare(
    'SELECT audio_id AS audioId, start_sec AS startSec, end_sec AS endSec FROM utterance WHERE id = ?',
  );
  c.utterances.forEach((u, k) => {
    if (layerOf !== undefined) {
      // The gold goes to the annotator's layer; an utterance new to the project gets the words as its
      // adjudicated starting point, as assigning it would give the annotator.
      const gold = {
        words: u.words.map((w) => ({ ...w, source: w.source ?? u.wordSource ?? 'import' })),
        trees: u.trees ?? [],
        entities: u.entities ?? [],
        concepts: u.concepts ?? [],
        interpretations: u.interpretations ?? [],
        labels: u.labels ?? {},
      };
      const row = existing.get(u.id) as { audioId: number; startSec: number; endSec: number } | undefined;
      if (row) {
        if (row.audioId !== audioIds.get(u.audio))
          fail(`Utterance "${u.id}" is in the project with another audio file.`, { utteranceId: u.id });
        // The layer's words lie within the utterance as the project has it.
        const first = u.words[0];
        const last = u.words[u.words.length - 1];
        if (first && first.startSec < row.startSec - 1e-6)
          fail(`Utterance "${u.id}": word "${first.text}" starts before the utterance (${row.startSec} s).`, {
            utteranceId: u.id,
          });
        if (last && last.endSec > row.endSec + 1e-3)
          fail(`Utterance "${u.id}": word "${last.text}" ends after the utterance (${row.endSec} s).`, {
            utteranceId: u.id,
          });
        importLayer(db, layerOf, u.id, gold);
        summary.utterances++;
        summary.words += u.words.length;
        summary.trees += gold.trees.length;
        summary.entities += gold.entities.length;
        summary.concepts += gold.concepts.length;
        if (k % 500 === 499 || k === total - 1) onProgress({ phase: 'write', done: k + 1, total });
        return;
      }
      insertUtterance({ ...u, trees: [], entities: [], concepts: [], interpretations: [], labels: {} });
      importLayer(db, layerOf, u.id, gold);
      summary.trees += gold.trees.length;
      summary.entities += gold.entities.length;
      summary.concepts += gold.concepts.length;
    } else {
      if (exists.get(u.id) !== undefined)
        fail(`Utterance "${u.id}" is already in the project.`, { utteranceId: u.id });
      insertUtterance(u);
      summary.trees += u.trees?.length ?? 0;
      summary.entities += u.entities?.length ?? 0;
      summary.concepts += u.concepts?.length ?? 0;
    }
    summary.utterances++;
    summary.words += u.words.length;
    if (k % 500 === 499 || k === total - 1) onProgress({ phase: 'write', done: k + 1, total });
  });
  function insertUtterance(u: CorpusUtterance): void {
    const audio = probed.get(u.audio)!;
    insUtt.run(
      u.id,
      audioIds.get(u.audio),
      u.startSec ?? 0,
      u.endSec ?? audio.durationSec,
      u.speaker ?? '',
      u.transcript ?? u.words.map((w) => w.text).join(' '),
      ord++,
      JSON.stringify(u.labels ?? {}),
    );
    const source = u.wordSource ?? 'import';
    // A word carries its own marks where it has them (words SIEVE's aligner placed: 'sieve-align').
    u.words.forEach((w, i) =>
      insWord.run(u.id, i, w.text, w.startSec, w.endSec, w.source ?? source, w.confidence ?? null),
    );
    (u.trees ?? []).forEach((t, i) => insTree.run(u.id, t.name, i, t.typed ? 1 : 0, t.bracket));
    (u.entities ?? []).forEach((e, i) => insEntity.run(u.id, i, e.type, e.firstWord, e.lastWord));
    (u.concepts ?? []).forEach((x, i) => insConcept.run(u.id, i, x.attribute, x.value));
    (u.interpretations ?? []).forEach((x, i) => insInterp.run(u.id, i, x));
  }
  for (const sys of c.systems ?? []) {
    importSystemOutputs(db, sys.name, sys.outputs, sys.sourceFiles, sys.settings);
    summary.systems++;
  }
  return summary;
}

/**
 * Reads the facts of every audio file of `corpus` (duration, hash, peaks), moves ends a little past their
 * audio onto it (`clamped` says which) and checks the corpus against them: what `writeCorpus` does before
 * it writes, for a caller that does it apart (in another thread).
 */
export async function probeCorpus(
  corpus: Corpus,
  onProgress: (p: ImportProgress) => void = () => {},
): Promise<Map<string, ProbedAudio> & { clamped?: string[] }> {
  const probed: Map<string, ProbedAudio> & { clamped?: string[] } = new Map<string, ProbedAudio>();
  for (const [i, a] of corpus.audio.entries()) {
    if (probed.has(a.key)) fail(`Duplicate audio id "${a.key}".`);
    probed.set(a.key, await probeAudio(a.file));
    onProgress({ phase: 'audio', done: i + 1, total: corpus.audio.length, item: a.file });
  }
  probed.clamped = clampToAudio(corpus, probed);
  checkCorpus(corpus, probed);
  return probed;
}

/**
 * Adds `corpus` to the project `projectFile`, creating it when `create` is set (it must not exist then).
 * Everything is checked first; then a new project is written under a temporary name and renamed into
 * place, and an existing one receives everything in a single transaction — an error or a crash leaves it
 * as it was.
 */
export async function writeCorpus(
  projectFile: string,
  corpus: Corpus,
  options: {
    create: boolean;
    onProgress?: (p: ImportProgress) => void;
    /** The project is open and was checked already (see `OpenDatabaseOptions.checked`). */
    checked?: boolean;
    /** The audio as `probeCorpus` read it, and the corpus checked against it: not read again. */
    probed?: Map<string, ProbedAudio> & { clamped?: string[] };
    /**
     * The gold goes to this annotator's layer (the annotator added, and the utterances assigned to them,
     * if need be): of the utterances the project has, only that layer is written (refused if they have
     * edited it); the utterances it lacks are added with the words as their adjudicated gold.
     */
    annotator?: string;
  },
): Promise<CorpusWriteSummary> {
  const onProgress = options.onProgress ?? (() => {});
  const target = path.resolve(projectFile);
  if (options.create && fs.existsSync(target)) fail(`${target} already exists.`, { path: target });
  if (!options.create && !fs.existsSync(target))
    throw new AppError('FILE_MISSING', `No project file at ${target}.`, { path: target });

  const probed = options.probed ?? (await probeCorpus(corpus, onProgress));

  if (!options.create) {
    const db = openDatabase(target, { checked: options.checked });
    try {
      if (db.readonly)
        throw new AppError('READ_ONLY', `${target} is read-only: nothing was imported.`, { path: target });
      const summary = writeTransaction(target, db, () =>
        insertAll(db, target, corpus, probed, onProgress, options.annotator),
      );
      // Copied into the project file by this connection, not later by whoever writes next.
      db.pragma('wal_checkpoint(PASSIVE)');
      return { ...summary, clamped: probed.clamped ?? [] };
    } finally {
      db.close();
    }
  }
  const tmp = `${target}.${process.pid}.tmp`;
  const db = openDatabase(tmp, { create: true });
  try {
    const summary = db.transaction(() =>
      insertAll(db, target, corpus, probed, onProgress, options.annotator),
    )();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    fs.renameSync(tmp, target);
    return { ...summary, project: target, created: true, clamped: probed.clamped ?? [] };
  } catch (err) {
    if (db.open) db.close();
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
    throw err;
  }
}
