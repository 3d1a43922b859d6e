// Builds a new `.sieve` file from a project manifest, all or nothing.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/api/errors';
import { ProjectManifest, type ProjectManifestInput } from '../../core/model/projectManifest';
import { probeAudio, PEAK_BUCKETS_PER_SEC, type ProbedAudio } from '../audio/audioFile';
import { openDatabase } from './openDatabase';

/** Describes the first problem of a manifest that parsed but does not make a consistent project. */
function checkManifest(m: ProjectManifest, probed: Map<string, ProbedAudio>): void {
  const seen = new Set<string>();
  for (const u of m.utterances) {
    const where = `utterance "${u.id}"`;
    if (seen.has(u.id)) throw new AppError('INVALID_INPUT', `Duplicate utterance id "${u.id}".`);
    seen.add(u.id);
    const audio = probed.get(u.audio);
    if (!audio) throw new AppError('INVALID_INPUT', `${where} refers to unknown audio "${u.audio}".`);
    const start = u.startSec ?? 0;
    const end = u.endSec ?? audio.durationSec;
    if (!(end > start))
      throw new AppError('INVALID_INPUT', `${where}: end ${end} s is not after start ${start} s.`);
    if (end > audio.durationSec + 1e-3) {
      throw new AppError(
        'INVALID_INPUT',
        `${where} ends at ${end} s, after its audio (${audio.durationSec} s).`,
      );
    }
    let prevEnd = start;
    u.words.forEach((w, i) => {
      const label = `${where}, word ${i + 1} "${w.text}"`;
      if (w.endSec < w.startSec) throw new AppError('INVALID_INPUT', `${label} ends before it starts.`);
      if (w.startSec < prevEnd - 1e-6)
        throw new AppError(
          'INVALID_INPUT',
          `${label} overlaps the word before it or starts before the utterance.`,
        );
      if (w.endSec > end + 1e-6) throw new AppError('INVALID_INPUT', `${label} ends after the utterance.`);
      prevEnd = w.endSec;
    });
  }
}

/**
 * Writes a project file for `input`, with audio paths (relative to `baseDir`) stored relative to the
 * project file. The file appears only when complete: it is built under a temporary name and renamed.
 */
export async function createProject(
  file: string,
  input: ProjectManifestInput,
  baseDir: string,
): Promise<void> {
  const parsed = ProjectManifest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('INVALID_INPUT', `Manifest: ${issue.path.join('.') || '(root)'}: ${issue.message}`, {
      issues: parsed.error.issues,
    });
  }
  const m = parsed.data;
  const target = path.resolve(file);
  if (fs.existsSync(target))
    throw new AppError('INVALID_INPUT', `${target} already exists.`, { path: target });

  const probed = new Map<string, ProbedAudio>();
  const audioPaths = new Map<string, string>();
  for (const a of m.audio) {
    if (probed.has(a.id)) throw new AppError('INVALID_INPUT', `Duplicate audio id "${a.id}".`);
    const abs = path.resolve(baseDir, a.path);
    probed.set(a.id, await probeAudio(abs));
    audioPaths.set(a.id, path.relative(path.dirname(target), abs).split(path.sep).join('/'));
  }
  checkManifest(m, probed);

  const tmp = `${target}.${process.pid}.tmp`;
  const db = openDatabase(tmp, { create: true });
  try {
    db.transaction(() => {
      const meta = db.prepare('INSERT INTO project_meta (key, value) VALUES (?, ?)');
      meta.run('name', m.name);
      meta.run('description', m.description);
      meta.run('created', new Date().toISOString());
      const insAudio = db.prepare(
        `INSERT INTO audio_file (path, duration_sec, sample_rate, channels, byte_size, sha256)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      const insPeaks = db.prepare(
        'INSERT INTO audio_peaks (audio_id, buckets_per_sec, peaks) VALUES (?, ?, ?)',
      );
      const audioIds = new Map<string, number>();
      for (const a of m.audio) {
        const p = probed.get(a.id)!;
        const id = Number(
          insAudio.run(audioPaths.get(a.id), p.durationSec, p.sampleRate, p.channels, p.byteSize, p.sha256)
            .lastInsertRowid,
        );
        audioIds.set(a.id, id);
        insPeaks.run(
          id,
          PEAK_BUCKETS_PER_SEC,
          Buffer.from(p.peaks.buffer, p.peaks.byteOffset, p.peaks.byteLength),
        );
      }
      const insUtt = db.prepare(
        `INSERT INTO utterance (id, audio_id, start_sec, end_sec, speaker, transcript, ord)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      const insWord = db.prepare(
        'INSERT INTO word (utterance_id, idx, text, start_sec, end_sec, source) VALUES (?, ?, ?, ?, ?, ?)',
      );
      m.utterances.forEach((u, ord) => {
        const audio = probed.get(u.audio)!;
        const transcript = u.transcript ?? u.words.map((w) => w.text).join(' ');
        insUtt.run(
          u.id,
          audioIds.get(u.audio),
          u.startSec ?? 0,
          u.endSec ?? audio.durationSec,
          u.speaker,
          transcript,
          ord,
        );
        u.words.forEach((w, i) => insWord.run(u.id, i, w.text, w.startSec, w.endSec, u.wordSource));
      });
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    fs.renameSync(tmp, target);
  } catch (err) {
    if (db.open) db.close();
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
    throw err;
  }
}
