// The open project: every read and write of a `.sieve` file goes through here.
import path from 'node:path';
import { AppError } from '../../core/errors';
import type {
  AnnotationStatus,
  AudioFileInfo,
  AudioState,
  Peaks,
  ProjectSummary,
  UtteranceDetail,
  UtteranceSummary,
  Word,
} from '../../core/model/schemas';
import {
  type AudioCheck,
  checkAudio as checkAudioFile,
  checkAudioInPieces,
  reopenAudio,
  type AudioIdentity,
  type OpenAudio,
} from '../audio/audioAccess';
import type { GoldSaved, GoldState, SystemInfo } from '../../core/api/contract';
import type { GoldDiff } from '../../core/gold/diff';
import { applyGoldDiff, editState, readStoredGold, undoRedo } from './goldStore';
import { readLayer, setLayerStatus } from './annotatorStore';
import { goldProblems } from '../../core/gold/records';
import { type Db, type OpenDatabaseOptions, openDatabase } from './openDatabase';
import { readOnlyProject } from './projectFile';
import { leaveCheckpointsToThread, WalCheckpoints, writeTransaction } from './writeTransaction';
import { type SystemDeleteSummary, deleteSystem, listSystems, renameSystem } from './systemStore';
import {
  AnnotationSettings,
  type AnnotationSettingsState,
  DEFAULT_ANNOTATION_SETTINGS,
} from '../../core/edit/settings';
import { entityKeyProblems } from '../../core/edit/keymap';
import { ScoringSettings, type ScoringSettingsState } from '../../core/api/contract';
import { DEFAULT_SCORING_SETTINGS } from '../../core/scoring/settings';
import { withCheckedGlm } from '../scoring/glmSetting';
import { labelsInBrackets } from '../../core/edit/goldTrees';
import {
  toSummary,
  type UtteranceRow,
  type UtteranceWindow,
  type UtteranceWindowRequest,
  UtteranceLists,
} from './utteranceWindow';
import { TableRows } from './tableRows';

interface AudioRow {
  id: number;
  path: string;
  duration_sec: number;
  sample_rate: number;
  channels: number;
  byte_size: number;
  sha256: string;
}

const UTTERANCE_SELECT = `
  SELECT u.id, u.audio_id, u.speaker, u.start_sec, u.end_sec, u.transcript, u.status,
         (SELECT count(*) FROM word w WHERE w.utterance_id = u.id) AS word_count
  FROM utterance u`;

/** The tables the project summary counts. */
const COUNTED = ['utterance', 'word', 'gold_tree', 'gold_entity', 'gold_concept'] as const;

/** The tables besides `COUNTED` that scores, reports and agreement are computed from (not the score cache). */
const INPUT_TABLES = [
  'audio_file',
  'gold_interpretation',
  'system',
  'system_output',
  'project_meta',
  'annotator',
  'annotator_gold',
  'assignment',
] as const;

/** How long after the last edit the WAL is copied into the project file. */
const IDLE_CHECKPOINT_MS = 2000;

/** An open project file. Audio files are verified once, when the project opens. */
export class ProjectStore {
  private readonly audioStates = new Map<number, AudioState>();
  /** Why an audio file is not played, and what identifies each one that is (rechecked when served). */
  private readonly audioRefusals = new Map<number, string>();
  private readonly audioIdentities = new Map<number, AudioIdentity>();
  /** Audio files being checked in pieces (`checkNewAudioInPieces`). */
  private readonly audioChecks = new Map<number, Promise<void>>();
  /** Folders besides the project's own that its audio may be in (those the user added). */
  private addedAudioFolders: () => readonly string[] = () => [];
  private readonly checkpoints: WalCheckpoints;
  private readonly lists: UtteranceLists;
  /** The counted tables' rows, kept up to date by this connection's writes (counted again after others'). */
  private readonly tables: TableRows;
  /** The other tables scores and reports are computed from, whose writes by this connection are followed. */
  private readonly inputs: TableRows;
  /** Writes through other connections this store was told of (`noteWritten`: an import, an alignment). */
  private writtenElsewhere = 0;

  private constructor(
    readonly file: string,
    readonly db: Db,
    checkAudio: boolean,
  ) {
    this.checkpoints = new WalCheckpoints(file, IDLE_CHECKPOINT_MS);
    leaveCheckpointsToThread(db);
    this.tables = new TableRows(db, COUNTED);
    this.lists = new UtteranceLists(db, this.tables);
    this.inputs = new TableRows(db, INPUT_TABLES);
    if (checkAudio) this.checkNewAudio();
  }

  /** Whether the project could only be opened read-only: every edit is refused with READ_ONLY. */
  get readOnly(): boolean {
    return this.db.readonly;
  }

  /** Refuses an edit of a read-only project with an error that says why. */
  assertWritable(): void {
    if (this.readOnly) throw readOnlyProject(this.file);
  }

  /** Something was written to the project besides `write` (an import): checkpoint it when editing pauses. */
  noteWritten(): void {
    this.writtenElsewhere++;
    this.checkpoints.written();
  }

  /** Runs `fn` as one write transaction that holds the write lock from its start. */
  write<T>(fn: () => T): T {
    this.assertWritable();
    const result = writeTransaction(this.file, this.db, fn);
    this.checkpoints.written();
    return result;
  }

  /** Verifies audio files added since the project was opened (by an import). */
  checkNewAudio(): void {
    for (const row of this.db.prepare('SELECT * FROM audio_file').all() as AudioRow[]) {
      if (!this.audioStates.has(row.id)) this.checkAudioRow(row);
    }
  }

  /**
   * Verifies audio files added since the project was opened (or not yet checked) without holding up the
   * thread: each file is hashed in small pieces, other calls answered in between. Resolves once every
   * file is checked, those another call started checking included.
   */
  async checkNewAudioInPieces(): Promise<void> {
    for (const row of this.db.prepare('SELECT * FROM audio_file').all() as AudioRow[]) {
      if (this.audioStates.has(row.id) || this.audioChecks.has(row.id)) continue;
      const file = path.resolve(this.dir, row.path);
      const expected = { byteSize: row.byte_size, sha256: row.sha256 };
      const check = checkAudioInPieces(file, this.audioRoots(), expected).then(
        (checked) => this.noteAudio(row.id, checked),
        (err: unknown) =>
          this.noteAudio(row.id, { state: 'missing', reason: `cannot be read (${String(err)})` }),
      );
      this.audioChecks.set(row.id, check);
    }
    await Promise.all(this.audioChecks.values());
  }

  private noteAudio(id: number, checked: AudioCheck): void {
    this.audioChecks.delete(id);
    this.audioStates.set(id, checked.state);
    if (checked.state === 'ok') this.audioIdentities.set(id, checked.identity);
    else this.audioRefusals.set(id, checked.reason);
  }

  private audioRoots(): string[] {
    return [this.dir, ...this.addedAudioFolders()];
  }

  private checkAudioRow(row: AudioRow): void {
    const file = path.resolve(this.dir, row.path);
    this.noteAudio(
      row.id,
      checkAudioFile(file, this.audioRoots(), { byteSize: row.byte_size, sha256: row.sha256 }),
    );
  }

  /**
   * Lets audio files lie in the folders `folders()` names too (those the user added, e.g. on the command
   * line), and checks again the files refused for lying outside.
   */
  allowAudioFolders(folders: () => readonly string[]): void {
    this.addedAudioFolders = folders;
    for (const row of this.db.prepare('SELECT * FROM audio_file').all() as AudioRow[]) {
      if (this.audioStates.get(row.id) === 'outside') this.checkAudioRow(row);
    }
  }

  /**
   * Opens a project file, migrating its schema and verifying its audio. `readOnly` opens it without
   * writing; `salvage` opens a damaged one read-only, unchecked, to copy out what still reads.
   */
  static open(
    file: string,
    options: OpenDatabaseOptions & {
      /** Leave the audio unchecked: the caller checks it (`checkNewAudioInPieces`) before using it. */
      audioLater?: boolean;
    } = {},
  ): ProjectStore {
    const abs = path.resolve(file);
    const db = openDatabase(abs, { readOnly: options.readOnly, salvage: options.salvage });
    try {
      return new ProjectStore(abs, db, !options.salvage && !options.audioLater);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** The folder audio paths are relative to. */
  get dir(): string {
    return path.dirname(this.file);
  }

  close(): void {
    this.lists.close();
    this.checkpoints.close();
    this.db.close();
  }

  private meta(key: string): string {
    const row = this.db.prepare('SELECT value FROM project_meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value ?? '';
  }

  private audioInfo(row: AudioRow): AudioFileInfo {
    return {
      id: row.id,
      path: row.path,
      durationSec: row.duration_sec,
      sampleRate: row.sample_rate,
      channels: row.channels,
      sha256: row.sha256,
      state: this.audioStates.get(row.id) ?? 'missing',
    };
  }

  /** Counts, metadata and the audio files that are missing or changed. */
  summary(): ProjectSummary {
    const n = this.tableCounts();
    const audio = this.db.prepare('SELECT * FROM audio_file ORDER BY id').all() as AudioRow[];
    return {
      path: this.file,
      name: this.meta('name') || path.basename(this.file, path.extname(this.file)),
      description: this.meta('description'),
      schemaVersion: this.db.pragma('user_version', { simple: true }) as number,
      utterances: n.utterance,
      words: n.word,
      trees: n.gold_tree,
      entities: n.gold_entity,
      concepts: n.gold_concept,
      audioFiles: audio.length,
      audioProblems: audio.map((r) => this.audioInfo(r)).filter((a) => a.state !== 'ok'),
      readOnly: this.readOnly,
    };
  }

  /** All utterances in project order. */
  listUtterances(): UtteranceSummary[] {
    const rows = this.db.prepare(`${UTTERANCE_SELECT} ORDER BY u.ord`).all() as UtteranceRow[];
    return rows.map(toSummary);
  }

  /**
   * A window of the utterance list in project order: with a filter, the utterances each of whose
   * whitespace-separated terms occurs (case-insensitively) in their id, speaker, status label or transcript
   * (core's `utteranceMatches`), with how many match and, asked with `locate`, where that one is.
   */
  utteranceWindow(request: UtteranceWindowRequest): UtteranceWindow {
    return this.lists.window(request);
  }

  /**
   * What identifies the project's gold, system outputs and settings as this store knows them: it changes
   * with every edit made through it and every import it is told of (`noteWritten`), and not when scores are
   * written to the cache. Work keyed by it (a job) computes the same figures while it stays the same;
   * another process's edits of the file are not seen.
   */
  workState(): string {
    return `${this.writtenElsewhere}:${this.tables.changes()}:${this.inputs.changes()}`;
  }

  /**
   * Reads in the background, in small pieces between other calls, what the studio asks for first: the
   * summary's counts, then the utterances' filter texts (a studio's host does it when it opens a project).
   */
  prepareForStudio(): void {
    setImmediate(() => {
      if (!this.db.open) return;
      this.tables.counts();
      this.lists.prepareFilter();
    }).unref();
  }

  /** The rows of the counted tables: kept counts, counted again only after another connection's commit. */
  private tableCounts(): Record<(typeof COUNTED)[number], number> {
    return this.tables.counts() as Record<(typeof COUNTED)[number], number>;
  }

  /**
   * The gold standard of an utterance with its undo/redo availability: the adjudicated layer, or the
   * annotator `layer`'s (by id) with its status.
   */
  goldState(id: string, layer?: number): GoldState {
    // The studio moving to another utterance is a natural pause: put the edits so far into the file.
    this.checkpoints.visit(id);
    const { gold, problems } = readStoredGold(this.db, id, layer);
    const all = [...problems, ...goldProblems(gold)];
    const status = layer === undefined ? {} : { status: readLayer(this.db, layer, id)!.status };
    return {
      utteranceId: id,
      gold,
      ...editState(this.db, id, layer),
      ...status,
      ...(all.length > 0 ? { problems: all } : {}),
    };
  }

  /**
   * Saves an edit of an utterance's gold standard (one transaction, with its history entry). The answer is
   * what the edit made, taken inside the write transaction: the new revision and the undo state (the
   * editor has the records it sent).
   */
  applyGoldDiff(id: string, diff: GoldDiff, label = '', annotator = '', layer?: number): GoldSaved {
    return this.write(() => {
      this.checkpoints.visit(id);
      const saved = applyGoldDiff(this.db, id, diff, {
        kind: 'edit',
        label,
        annotator,
        ...(layer === undefined ? {} : { layer }),
      });
      return { utteranceId: id, goldRev: saved.goldRev, canUndo: saved.canUndo, canRedo: saved.canRedo };
    });
  }

  /** Undoes or redoes the latest edit of an utterance's layer (nothing happens when there is none). */
  undoRedo(id: string, which: 'undo' | 'redo', annotator = '', layer?: number): GoldState {
    return this.write(() => {
      undoRedo(this.db, id, which, annotator, layer);
      return this.goldState(id, layer);
    });
  }

  /** The systems imported into the project. */
  systems(): SystemInfo[] {
    return listSystems(this.db);
  }

  /** Renames a system (by its name or id); its outputs and cached scores stay with it. */
  renameSystem(key: string | number, name: string): SystemInfo {
    return this.write(() => renameSystem(this.db, key, name));
  }

  /** Deletes a system (by its name or id) with its outputs and cached scores. */
  deleteSystem(key: string | number): SystemDeleteSummary {
    return this.write(() => deleteSystem(this.db, key));
  }

  private utteranceRow(id: string): UtteranceRow {
    const row = this.db.prepare(`${UTTERANCE_SELECT} WHERE u.id = ?`).get(id) as UtteranceRow | undefined;
    if (!row) throw new AppError('NOT_FOUND', `No utterance with id "${id}".`, { utteranceId: id });
    return row;
  }

  /** One utterance with its words and audio file. */
  getUtterance(id: string): UtteranceDetail {
    const row = this.utteranceRow(id);
    const words = this.db
      .prepare(
        `SELECT idx AS "index", text, start_sec AS startSec, end_sec AS endSec, source, confidence
         FROM word WHERE utterance_id = ? ORDER BY idx`,
      )
      .all(id) as Word[];
    return { utterance: toSummary(row), words, audio: this.audioInfo(this.audioRow(row.audio_id)) };
  }

  /**
   * Sets an utterance's annotation status: the adjudicated layer's, or the annotator `layer`'s (by id), in
   * which case the summary answered carries that layer's status.
   */
  setStatus(id: string, status: AnnotationStatus, layer?: number): UtteranceSummary {
    return this.write(() => {
      this.utteranceRow(id);
      if (layer !== undefined) {
        setLayerStatus(this.db, layer, id, status);
        return { ...toSummary(this.utteranceRow(id)), status };
      }
      this.db.prepare('UPDATE utterance SET status = ? WHERE id = ?').run(status, id);
      return toSummary(this.utteranceRow(id));
    });
  }

  private audioRow(id: number): AudioRow {
    const row = this.db.prepare('SELECT * FROM audio_file WHERE id = ?').get(id) as AudioRow | undefined;
    if (!row) throw new AppError('NOT_FOUND', `No audio file with id ${id}.`, { audioId: id });
    return row;
  }

  /** The annotation workspace's settings (entity keys, label set) and the labels the gold trees use. */
  annotationSettings(): AnnotationSettingsState {
    const raw = this.meta('annotation.settings');
    const settings = raw ? AnnotationSettings.parse(JSON.parse(raw)) : DEFAULT_ANNOTATION_SETTINGS;
    const brackets = this.db.prepare('SELECT bracket FROM gold_tree').pluck().all() as string[];
    return { settings, labelsInUse: labelsInBrackets(brackets) };
  }

  /** Saves the annotation settings; entity keys that clash with the workspace's keys are refused. */
  setAnnotationSettings(settings: AnnotationSettings): AnnotationSettingsState {
    const problems = entityKeyProblems(settings.entityTypes);
    if (problems.length > 0)
      throw new AppError('INVALID_INPUT', `Entity keys: ${problems.join('; ')}.`, { problems });
    return this.write(() => {
      this.db
        .prepare(
          'INSERT INTO project_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        )
        .run('annotation.settings', JSON.stringify(settings));
      return this.annotationSettings();
    });
  }

  /** The project's scoring settings (defaults for what was never set, or for a stored value now invalid). */
  scoringSettings(): ScoringSettingsState {
    let settings: ScoringSettings = DEFAULT_SCORING_SETTINGS;
    try {
      const raw = this.meta('scoring.settings');
      if (raw) {
        const parsed = ScoringSettings.safeParse({ ...DEFAULT_SCORING_SETTINGS, ...JSON.parse(raw) });
        if (parsed.success) settings = parsed.data;
      }
    } catch {
      // Unreadable JSON in the file: the defaults, as for a project that never set any.
    }
    return { settings, defaults: DEFAULT_SCORING_SETTINGS };
  }

  /** Saves the scoring settings; cached scores under other settings stay and are used if they come back. */
  setScoringSettings(settings: ScoringSettings): ScoringSettingsState {
    const valid = ScoringSettings.safeParse(settings);
    if (!valid.success)
      throw new AppError(
        'INVALID_INPUT',
        `Scoring settings: ${valid.error.issues[0]?.message ?? 'invalid'}.`,
        {
          issues: valid.error.issues,
        },
      );
    // A GLM file is checked (refused with file:line:col) and hashed here, whatever hash came with it.
    const checked = withCheckedGlm(valid.data);
    return this.write(() => {
      this.db
        .prepare(
          'INSERT INTO project_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        )
        .run('scoring.settings', JSON.stringify(checked));
      return this.scoringSettings();
    });
  }

  /** The cached waveform envelope of an audio file. */
  peaks(audioId: number): Peaks {
    const audio = this.audioRow(audioId);
    const row = this.db
      .prepare('SELECT buckets_per_sec, peaks FROM audio_peaks WHERE audio_id = ?')
      .get(audioId) as { buckets_per_sec: number; peaks: Buffer } | undefined;
    if (!row) throw new AppError('NOT_FOUND', `No cached peaks for audio file ${audio.path}.`, { audioId });
    const floats = new Float32Array(Uint8Array.from(row.peaks).buffer); // copy: the BLOB may be unaligned
    return {
      audioId,
      durationSec: audio.duration_sec,
      bucketsPerSec: row.buckets_per_sec,
      peaks: Array.from(floats, (v) => Math.round(v * 10000) / 10000),
    };
  }

  /**
   * The absolute path of an audio file that may be played: a missing or changed file is refused,
   * so the studio never silently plays something other than what the project was built on.
   */
  playableAudioPath(audioId: number): string {
    const row = this.audioRow(audioId);
    const state = this.audioStates.get(audioId);
    if (state !== 'ok') {
      throw new AppError(
        state === 'missing' ? 'FILE_MISSING' : 'BAD_FILE',
        `Audio file ${row.path} ${this.audioRefusals.get(audioId) ?? 'is missing'}.`,
        { audioId, path: row.path, state },
      );
    }
    return path.resolve(this.dir, row.path);
  }

  /**
   * Opens an audio file to play it (the caller closes the descriptor): checked again now, not only when
   * the project opened — still inside the project's folder (or an added one), still a regular file, and
   * still the very file checked then, so a file swapped for a link to another is refused.
   */
  openPlayableAudio(audioId: number): OpenAudio {
    const file = this.playableAudioPath(audioId);
    const identity = this.audioIdentities.get(audioId);
    const row = this.audioRow(audioId);
    const opened = identity
      ? reopenAudio(file, this.audioRoots(), identity)
      : { state: 'missing' as const, reason: 'is missing' };
    if ('state' in opened)
      throw new AppError(
        opened.state === 'missing' ? 'FILE_MISSING' : 'BAD_FILE',
        `Audio file ${row.path} ${opened.reason}.`,
        { audioId, path: row.path, state: opened.state },
      );
    return opened;
  }
}
