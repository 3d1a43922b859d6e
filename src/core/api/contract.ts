// The API, written once. Each method has a request schema and a response schema; both transports
// (Electron IPC and the browser host) serve exactly these keys, and the main side validates every request.
import { z } from 'zod';
import { AsrReport } from '../asr/asrReport';
import { AnnotationStatus, Peaks, ProjectSummary, UtteranceDetail, UtteranceSummary } from '../model/schemas';
import { GoldDiff } from '../gold/diff';
import { GoldRecords } from '../gold/records';
import { SystemOutput } from '../model/systemOutput';
import { AnnotationSettings, AnnotationSettingsState } from '../edit/settings';
import {
  AnnotatorInfo,
  AnnotatorList,
  AnnotatorName,
  AssignmentPreview,
  AssignmentRequest,
  LayerRef,
  TeamSettings,
  UtteranceLayers,
} from './annotators';
import { UtteranceScores } from '../scoring/utteranceScores';
import { API_ERROR_CODES, type ApiErrorShape, type ApiResult } from '../errors';
import { ProjectAgreement } from './agreementModel';

/** The error half of every API result (`ApiErrorShape`), as a schema. */
const ApiErrorSchema = z.strictObject({
  code: z.enum(API_ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ApiErrorShape>;

const UtteranceId = z.string().min(1).max(200);

/** Facts about the running app, for the title bar and the about box. */
export const AppInfo = z.strictObject({
  version: z.string(),
  transport: z.enum(['electron', 'browser']),
  projectPath: z.string().nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** An utterance's gold standard with what the editor needs to know about its history. */
export const GoldState = z.strictObject({
  utteranceId: z.string(),
  gold: GoldRecords,
  goldRev: z.number().int().nonnegative(),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /** The layer's status, for an annotator's layer (the adjudicated layer's is the utterance's). */
  status: AnnotationStatus.optional(),
  /**
   * What is wrong with the stored gold (a project written by an older version): parts left out because
   * they are outside the schema, and inconsistencies such as a tree whose leaves are not the words, so the
   * studio can open the utterance and the annotator can fix it. Absent when there is nothing wrong.
   */
  problems: z.array(z.string()).optional(),
});
export type GoldState = z.infer<typeof GoldState>;

/**
 * What a saved edit answers: the revision it made and what the editor can undo or redo now. The editor
 * already shows the records it sent, so they are not sent back.
 */
export const GoldSaved = GoldState.pick({ utteranceId: true, goldRev: true, canUndo: true, canRedo: true });
export type GoldSaved = z.infer<typeof GoldSaved>;

/** The languages SIEVE's forced aligner has models for. */
export const AlignLanguage = z.enum(['en-us', 'fr-fr']);

/**
 * What a `gold:align` job ends with: the gold as saved (one history entry), the stretch it aligned (words
 * `first..last`, 0-based, within `startSec..endSec`), the words given new times, the words the aligner
 * could not place (they keep their times), the words whose pronunciation was guessed from their spelling,
 * and the aligner's warnings.
 */
export const AlignOutcome = z.strictObject({
  state: GoldState,
  first: z.number().int().nonnegative(),
  last: z.number().int().nonnegative(),
  startSec: z.number(),
  endSec: z.number(),
  aligned: z.array(z.number().int().nonnegative()),
  unplaced: z.array(z.number().int().nonnegative()),
  guessed: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type AlignOutcome = z.infer<typeof AlignOutcome>;

/** A system whose outputs were imported into the project. */
export const SystemInfo = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  sourceFiles: z.array(z.string()),
  importedAt: z.string(),
  settings: z.record(z.string(), z.unknown()),
  outputs: z.number().int().nonnegative(),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

/**
 * A window of the utterance list in project order: `items` from `offset` among the `total` utterances that
 * match the filter (core's `utteranceMatches`), and, when asked with `locate`, where that utterance is among
 * them (null when it does not match).
 */
export const UtterancePage = z.strictObject({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  items: z.array(UtteranceSummary),
  position: z.number().int().nonnegative().nullable().optional(),
  /**
   * The order asked for is not ready: the differences of `total` utterances are being counted (`done` so
   * far) away from the app's thread. The page then has no rows (its `total` is still how many match); ask
   * again.
   */
  pending: z
    .strictObject({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .optional(),
});
export type UtterancePage = z.infer<typeof UtterancePage>;

/**
 * A long job's state: progress while running (and, for some jobs, what is done so far in `partial`), then
 * its result or its error.
 */
export const JobStatus = z.strictObject({
  id: z.string(),
  kind: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  phase: z.string(),
  done: z.number().nonnegative(),
  total: z.number().nonnegative(),
  /** What a running job has finished so far (for `score:corpus`: a `CorpusPartial`). */
  partial: z.unknown().optional(),
  result: z.unknown().optional(),
  error: ApiErrorSchema.optional(),
});
export type JobStatus = z.infer<typeof JobStatus>;

const LocalPath = z.string().min(1).max(4096);

/** One corpus figure of one system (src/core/scoring/corpusScores.ts). */
export const CorpusFigure = z.strictObject({
  metric: z.string(),
  value: z.number().nullable(),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
  /** Utterances scored, of `N` with gold for the metric; `empty` of the n had no output (empty hypotheses). */
  n: z.number().int(),
  N: z.number().int(),
  empty: z.number().int(),
  signature: z.string(),
  bootstrap: z.string(),
});

const NullableInterval = z.strictObject({
  value: z.number().nullable(),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
});

/** Two systems on one metric (src/core/scoring/corpusScores.ts `compareSystems`); NaN travels as null. */
export const PairedFigure = z.strictObject({
  metric: z.string(),
  n: z.number().int(),
  a: NullableInterval,
  b: NullableInterval,
  delta: NullableInterval,
  pValue: z.number().nullable(),
  signature: z.string(),
  test: z.string(),
});
export type PairedFigure = z.infer<typeof PairedFigure>;

/** The result of a `score:corpus` job: per system, its figures. */
export const CorpusReport = z.array(
  z.strictObject({ systemId: z.number().int(), name: z.string(), figures: z.array(CorpusFigure) }),
);
export type CorpusReport = z.infer<typeof CorpusReport>;

/** What a running `score:corpus` job has published: the systems scored so far and the one being scored. */
export const CorpusPartial = z.strictObject({
  systems: CorpusReport,
  /** The system being scored and its pairs (system, utterance with output) done of all; null between. */
  scoring: z
    .strictObject({
      systemId: z.number().int(),
      done: z.number().nonnegative(),
      total: z.number().nonnegative(),
    })
    .nullable(),
});
export type CorpusPartial = z.infer<typeof CorpusPartial>;

/**
 * A project's scoring settings (stored in the project; every figure's signature names them). Defaults are
 * the sclite costs, case folding, the text aligner with extent tolerance 1, greedy entity mapping and flexible
 * terminal alignment for Struct-IoU.
 */
export const ScoringSettings = z.strictObject({
  /** Word and concept alignment costs: sclite (3/3/4) or equal (1/1/1). */
  costs: z.enum(['sclite', 'equal']),
  ignoreCase: z.boolean(),
  /** Named entities: word aligner, extent tolerance in words, and how entities are mapped. */
  neAligner: z.enum(['text', 'phonetic', 'time']),
  neTolerance: z.number().int().min(0).max(10),
  neMapping: z.enum(['greedy', 'optimal']),
  /**
   * Punctuation-only tokens: dropped before entities are scored (Burger et al. §2.1, the default for
   * speech) or kept, as conlleval keeps them (text taggers' figures).
   */
  nePunctuation: z.enum(['drop', 'keep']),
  /** Struct-IoU: flexible terminal alignment (Shi et al.'s implementation, on by default): a pair with a
   * preterminal may match whatever the labels; off, labels must always agree. */
  flexibleTerminals: z.boolean(),
  /**
   * Corpus figures over the utterances with the system's output only. Off (the default, sclite's rule),
   * an utterance with gold but no output is scored as an empty hypothesis.
   */
  onlyCovered: z.boolean(),
  /**
   * A text normaliser applied to the gold and system words before WER (`none`, the default, or
   * `whisper-en-1`, see docs/formats.md); other metrics compare the words as written.
   */
  normaliser: z.enum(['none', 'whisper-en-1']),
  /**
   * How gold and system words are aligned for WER: as text (the default); by times as sclite's `-T`
   * (`time-mediated`, as `sieve wer --time-mediated`); or with a collar (`collar`, as `sieve wer --collar`):
   * words are paired only within `collarSec` seconds. Both need word times on both sides: an utterance
   * without them has no WER (n < N). CER is aligned as text whatever this says.
   */
  wordAlignment: z.enum(['text', 'time-mediated', 'collar']),
  /** The collar in seconds, used when `wordAlignment` is `collar`. */
  collarSec: z.number().min(0).max(3600),
  /**
   * A GLM file (NIST global mapping rules) applied to the gold and system words before WER, as
   * `csrfilt.sh -i trn` applies it (before the normaliser); absent by default. The application process
   * checks the text when the settings are saved and sets `sha256` (its first 12 hex digits) itself.
   */
  glm: z
    .strictObject({
      name: z.string().min(1).max(255),
      text: z.string().max(2_000_000),
      sha256: z.string().max(64),
    })
    .optional(),
});
export type ScoringSettings = z.infer<typeof ScoringSettings>;

export const ScoringSettingsState = z.strictObject({
  settings: ScoringSettings,
  defaults: ScoringSettings,
});
export type ScoringSettingsState = z.infer<typeof ScoringSettingsState>;

/** One utterance's headline figures for one system (null where not defined), for sorting and plots. */
export const UtteranceMetrics = z.strictObject({
  utteranceId: z.string(),
  metrics: z.record(z.string(), z.number().nullable()),
});
export type UtteranceMetrics = z.infer<typeof UtteranceMetrics>;

/** One plot of the dashboard and the report, rendered to SVG by the app (in a report worker thread). */
export const PlotSvg = z.strictObject({
  id: z.string(),
  title: z.string(),
  caption: z.string(),
  svg: z.string(),
  /** The plot has no data: its SVG only says why. */
  empty: z.boolean(),
});
export type PlotSvg = z.infer<typeof PlotSvg>;

/**
 * One group of a system's N-best breakdown (Kleinbauer et al. Table 3): the utterances of one accuracy class,
 * knowledge class and input kind; `figures` holds `NotFound@1` … `NDCG@inf`, null where nothing was scored.
 */
export const NbestGroupRow = z.strictObject({
  accuracy: z.string(),
  knowledge: z.string(),
  input: z.string(),
  utterances: z.number().int().nonnegative(),
  scored: z.number().int().nonnegative(),
  cantRepresent: z.number().int().nonnegative(),
  noGold: z.number().int().nonnegative(),
  figures: z.record(z.string(), z.number().nullable()),
});
export type NbestGroupRow = z.infer<typeof NbestGroupRow>;

/** One system's N-best breakdown; `error` says why it could not be made (the labels contradict the gold). */
export const NbestBreakdown = z.strictObject({
  system: z.string(),
  ks: z.array(z.string()),
  signature: z.string().nullable(),
  groups: z.array(NbestGroupRow),
  error: z.string().nullable(),
});
export type NbestBreakdown = z.infer<typeof NbestBreakdown>;

/**
 * The result of the `report:plots` job: the dashboard's plots, every system's N-best breakdown and the ASR
 * analysis (error lists, speakers, NCE per system; sc_stats's tests per pair).
 */
export const DashboardReport = z.strictObject({
  plots: z.array(PlotSvg),
  nbest: z.array(NbestBreakdown),
  asr: AsrReport,
});
export type DashboardReport = z.infer<typeof DashboardReport>;

/** The result of the `agreement:corpus` job: the annotators' agreement and its histograms (SVG). */
export const AgreementView = z.strictObject({
  agreement: ProjectAgreement,
  plots: z.array(PlotSvg),
});
export type AgreementView = z.infer<typeof AgreementView>;

/** A report file for the renderer to save (text as is, binary such as PDF in base64). */
export const ReportFile = z.strictObject({
  fileName: z.string(),
  mime: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  content: z.string(),
});
export type ReportFile = z.infer<typeof ReportFile>;

/** A problem in an input file, where the file says it is (1-based line and column when known). */
export const ImportIssue = z.object({
  file: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

/** What a `system:import` or `system:upload` job ends with: what the import did and warned about. */
export const SystemImportResult = z.object({
  system: SystemInfo,
  replaced: z.boolean(),
  added: z.number().int().nonnegative(),
  /** Outputs left out: for utterance ids the project does not have. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** The project's utterances without an output, in project order (scored as empty hypotheses). */
  uncovered: z.array(z.string()),
  /** What the imported outputs hold, summed over them (N-best lists: how many outputs have one). */
  counts: z.object({
    words: z.number().int().nonnegative(),
    trees: z.number().int().nonnegative(),
    entities: z.number().int().nonnegative(),
    concepts: z.number().int().nonnegative(),
    nbest: z.number().int().nonnegative(),
  }),
  /** The first warnings, and how many more there were. */
  warnings: z.array(ImportIssue),
  moreWarnings: z.number().int().nonnegative(),
});
export type SystemImportResult = z.infer<typeof SystemImportResult>;

/** What a `project:import` job ends with: what the corpus import added, left out and warned about. */
export const CorpusImportResult = z.object({
  project: z.string(),
  created: z.boolean(),
  audioFiles: z.number().int().nonnegative(),
  utterances: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
  trees: z.number().int().nonnegative(),
  entities: z.number().int().nonnegative(),
  concepts: z.number().int().nonnegative(),
  systems: z.number().int().nonnegative(),
  clamped: z.array(z.string()),
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  moreSkipped: z.number().int().nonnegative(),
  warnings: z.array(ImportIssue),
  moreWarnings: z.number().int().nonnegative(),
});
export type CorpusImportResult = z.infer<typeof CorpusImportResult>;

/**
 * What a job of each of these kinds ends with (its `JobStatus.result`): the main side checks a result
 * against its schema before the job is done, and the studio reads it with the same schema.
 */
export const JobResults = {
  'score:corpus': CorpusReport,
  'report:plots': DashboardReport,
  'agreement:corpus': AgreementView,
  'report:export': ReportFile,
  'gold:align': AlignOutcome,
  'project:import': CorpusImportResult,
  'system:import': SystemImportResult,
  'system:upload': SystemImportResult,
} as const;

/** What a running job of these kinds publishes (its `JobStatus.partial`). */
export const JobPartials = { 'score:corpus': CorpusPartial } as const;

/** The result of a job of kind `K`: typed by its schema in `JobResults`, unknown for the other kinds. */
export type JobResult<K extends string> = K extends keyof typeof JobResults
  ? z.infer<(typeof JobResults)[K]>
  : unknown;

/** What a running job of kind `K` publishes: typed by its schema in `JobPartials`, unknown otherwise. */
export type JobPartial<K extends string> = K extends keyof typeof JobPartials
  ? z.infer<(typeof JobPartials)[K]>
  : unknown;

/** Files read by the renderer (an <input type=file>: the native dialog in Electron, an upload in a browser). */
const UploadedFile = z.strictObject({
  name: z.string().min(1).max(1000),
  content: z.string().max(512 * 1024 * 1024),
});

/** What the native dialog of `dialog:choose` asks for. */
export const DialogPurpose = z.enum(['systemFiles', 'audioFolder', 'alignment', 'project']);
export type DialogPurpose = z.infer<typeof DialogPurpose>;

/** Every API method: its request and response schema. */
export const contract = {
  'app:info': { input: z.strictObject({}), output: AppInfo },
  'project:open': { input: z.strictObject({ path: z.string().min(1).max(4096) }), output: ProjectSummary },
  'project:summary': { input: z.strictObject({}), output: ProjectSummary },
  // A window of the list: `limit` rows (100 when not given) from `offset` (0) among those matching `filter`.
  'utterance:list': {
    input: z.strictObject({
      offset: z.number().int().nonnegative().optional(),
      limit: z.number().int().min(0).max(5000).optional(),
      filter: z.string().max(1000).optional(),
      locate: UtteranceId.optional(),
      /** `disagreement`: most disagreement between the annotator layers first (project order otherwise). */
      sort: z.enum(['project', 'disagreement']).optional(),
      /**
       * Only the utterances assigned to this annotator, with their layer's status (which the filter reads):
       * the list asked for as that annotator, so the `disagreement` order is refused (FORBIDDEN) while
       * the project annotates blind.
       */
      annotator: AnnotatorName.optional(),
    }),
    output: UtterancePage,
  },
  'utterance:get': { input: z.strictObject({ utteranceId: UtteranceId }), output: UtteranceDetail },
  /** Sets the status of an utterance's layer (`layer` as in `gold:get`). */
  'utterance:setStatus': {
    input: z.strictObject({ utteranceId: UtteranceId, status: AnnotationStatus, layer: LayerRef.optional() }),
    output: UtteranceSummary,
  },
  /**
   * An utterance's gold: the adjudicated layer (no `layer`, or 'adjudicated'), or an annotator's
   * (`{ annotator: NAME }`, NOT_FOUND when the utterance is not assigned to them). The edits, undo and redo
   * below take the same `layer`; each layer has its own revision and history.
   */
  'gold:get': {
    input: z.strictObject({ utteranceId: UtteranceId, layer: LayerRef.optional() }),
    output: GoldState,
  },
  'gold:applyDiff': {
    input: z.strictObject({
      utteranceId: UtteranceId,
      diff: GoldDiff,
      label: z.string().max(200).optional(),
      layer: LayerRef.optional(),
    }),
    output: GoldSaved,
  },
  /**
   * Re-aligns an utterance's words (or the selected words `first..last`) with SIEVE's forced aligner, as a
   * job (the result: an `AlignOutcome`). The words the annotator set by hand stay fixed and bound the
   * stretch; confirmed words among the selection move only with `moveConfirmed` (without it: CONFLICT,
   * naming them). The new words are saved as one edit, undone like any other.
   */
  'gold:align': {
    input: z.strictObject({
      utteranceId: UtteranceId,
      words: z
        .strictObject({ first: z.number().int().nonnegative(), last: z.number().int().nonnegative() })
        .optional(),
      moveConfirmed: z.boolean().optional(),
      lang: AlignLanguage.optional(),
      /** The layer aligned, as in `gold:get`. */
      layer: LayerRef.optional(),
    }),
    output: JobStatus,
  },
  'gold:undo': {
    input: z.strictObject({ utteranceId: UtteranceId, layer: LayerRef.optional() }),
    output: GoldState,
  },
  'gold:redo': {
    input: z.strictObject({ utteranceId: UtteranceId, layer: LayerRef.optional() }),
    output: GoldState,
  },
  /**
   * Every annotator's layer of an utterance; asked `as` an annotator while the project annotates blind,
   * only that annotator's own (blindness in the API: `api/blindness.ts`).
   */
  'gold:layers': {
    input: z.strictObject({ utteranceId: UtteranceId, as: AnnotatorName.optional() }),
    output: UtteranceLayers,
  },
  /** The project's annotators with their counts, the owner's annotator name and whether annotation is blind. */
  'annotator:list': { input: z.strictObject({}), output: AnnotatorList },
  /** Adds an annotator (CONFLICT when the name is taken; 'adjudicated' and names with commas are refused). */
  'annotator:add': { input: z.strictObject({ name: AnnotatorName }), output: AnnotatorInfo },
  /** Changes the team settings given; an owner not yet an annotator is added as one. */
  'annotator:setSettings': { input: TeamSettings.partial().strict(), output: AnnotatorList },
  /** Assigns utterances to annotators (see `AssignmentRequest`); answers how many assignments are new. */
  'assignment:set': {
    input: AssignmentRequest,
    output: z.strictObject({ added: z.number().int().nonnegative(), annotators: z.array(AnnotatorInfo) }),
  },
  /** What `assignment:set` would do with the same request, counted without changing the project. */
  'assignment:preview': { input: AssignmentRequest, output: AssignmentPreview },
  /** Imports audio and alignments as a job; with `annotator`, the gold is that annotator's layer. */
  'project:import': {
    input: z.strictObject({ audioDir: LocalPath, alignment: LocalPath, annotator: AnnotatorName.optional() }),
    output: JobStatus,
  },
  'system:import': {
    input: z.strictObject({ name: z.string().min(1).max(200), files: z.array(LocalPath).min(1).max(100) }),
    output: JobStatus,
  },
  /**
   * Asks the user for files or a folder in the native dialog (the Electron window only). What is chosen
   * may then be read by `system:import`, `project:import` and `project:open` for the rest of the session;
   * no other path may. Cancelled, it returns no paths.
   */
  'dialog:choose': {
    input: z.strictObject({ purpose: DialogPurpose }),
    output: z.strictObject({ paths: z.array(z.string()) }),
  },
  'score:utterance': {
    input: z.strictObject({ systemId: z.number().int().positive(), utteranceId: UtteranceId }),
    output: z.strictObject({
      systemId: z.number().int(),
      utteranceId: z.string(),
      /** The scores (an utterance without the system's output is scored as an empty hypothesis). */
      scores: UtteranceScores,
      /** The system's output the scores are about (its own words and times), or null. */
      output: SystemOutput.nullable(),
      cached: z.boolean(),
    }),
  },
  /** Every system's corpus figures with 95% bootstrap intervals, as a job (the result: CorpusReport). */
  'score:corpus': { input: z.strictObject({}), output: JobStatus },
  /** Two systems compared metric by metric (paired bootstrap, paired approximate randomisation). */
  'score:compare': {
    input: z.strictObject({ systemA: z.number().int().positive(), systemB: z.number().int().positive() }),
    output: z.array(PairedFigure),
  },
  /** Imports a system's outputs from file contents sent by the renderer, as a job with progress. */
  'system:upload': {
    input: z.strictObject({ name: z.string().min(1).max(200), files: z.array(UploadedFile).min(1).max(100) }),
    output: JobStatus,
  },
  'scoring:getSettings': { input: z.strictObject({}), output: ScoringSettingsState },
  'scoring:setSettings': {
    input: z.strictObject({ settings: ScoringSettings }),
    output: ScoringSettingsState,
  },
  /** Every utterance's headline figures for one system (scored on demand, from the cache after). */
  'score:utterances': {
    input: z.strictObject({ systemId: z.number().int().positive() }),
    output: z.array(UtteranceMetrics),
  },
  /**
   * The dashboard's plots and N-best breakdowns for the given systems (all when omitted), as a job (the
   * result: a `DashboardReport`).
   */
  /**
   * The agreement between the project's annotators (those named, else all) per pair, per utterance, with
   * the adjudication progress and histograms, as a job (the result: an `AgreementView`). Asked `as` an
   * annotator while the project annotates blind, refused (FORBIDDEN).
   */
  'agreement:corpus': {
    input: z.strictObject({
      annotators: z.array(z.string().min(1).max(100)).max(100).optional(),
      as: AnnotatorName.optional(),
    }),
    output: JobStatus,
  },
  'report:plots': {
    input: z.strictObject({ systemIds: z.array(z.number().int().positive()).max(50).optional() }),
    output: JobStatus,
  },
  /**
   * The project report as one file — self-contained HTML, CSV or JSON of every figure, or PDF in Electron —
   * as a job (the result: a `ReportFile`).
   */
  'report:export': {
    input: z.strictObject({
      format: z.enum(['html', 'csv', 'json', 'pdf']),
      systemIds: z.array(z.number().int().positive()).max(50).optional(),
    }),
    output: JobStatus,
  },
  'job:status': { input: z.strictObject({ jobId: z.string().max(100) }), output: JobStatus },
  /** Stops a running job that can stop (`gold:align`): it ends as CANCELLED, having changed nothing. */
  'job:cancel': { input: z.strictObject({ jobId: z.string().max(100) }), output: JobStatus },
  'system:list': { input: z.strictObject({}), output: z.array(SystemInfo) },
  /** Renames a system; its outputs and cached scores stay with it (they are keyed on its id). */
  'system:rename': {
    input: z.strictObject({ systemId: z.number().int().positive(), name: z.string().min(1).max(200) }),
    output: SystemInfo,
  },
  /** Deletes a system with its outputs and cached scores; says how many of each went. */
  'system:delete': {
    input: z.strictObject({ systemId: z.number().int().positive() }),
    output: z.strictObject({
      name: z.string(),
      outputs: z.number().int().nonnegative(),
      cachedScores: z.number().int().nonnegative(),
    }),
  },
  'audio:peaks': { input: z.strictObject({ audioId: z.number().int().positive() }), output: Peaks },
  'annotation:getSettings': { input: z.strictObject({}), output: AnnotationSettingsState },
  'annotation:setSettings': {
    input: z.strictObject({ settings: AnnotationSettings }),
    output: AnnotationSettingsState,
  },
} as const;

/** The name of an API method, e.g. `'utterance:get'`. */
export type Method = keyof typeof contract;
/** The request object of a method. */
export type Input<M extends Method> = z.input<(typeof contract)[M]['input']>;
/** The response value of a method. */
export type Output<M extends Method> = z.output<(typeof contract)[M]['output']>;

/** All method names, in contract order (the preload and the HTTP client are built from this list). */
export const METHODS = Object.keys(contract) as Method[];

/** The Electron IPC channel that carries a method. */
export function ipcChannel(method: Method): string {
  return `sieve:${method}`;
}

/** Tells whether a string names an API method. */
export function isMethod(name: string): name is Method {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** The API as the renderer sees it: one async function per method, each returning a result. */
export type SieveApi = { [M in Method]: (input: Input<M>) => Promise<ApiResult<Output<M>>> };

/** The main side's implementation: one function per method, given already-validated input. */
export type Handlers = {
  [M in Method]: (input: z.output<(typeof contract)[M]['input']>) => Output<M> | Promise<Output<M>>;
};
