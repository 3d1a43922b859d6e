import type { Command } from '../command';

/**
 * One line of the command table: what `sieve --help` lists, and how to load the command. A command's
 * module (and everything it imports) is loaded only when that command runs, so `sieve --version` and
 * `sieve wer` do not pay for SQLite, the report's plots or the audio decoders.
 */
export interface CommandEntry {
  /** The subcommand, as typed; the same as the loaded command's `name`. */
  name: string;
  /** The one line `sieve --help` prints; the same as the loaded command's `summary`. */
  summary: string;
  /**
   * The command opens a project file. Its SQLite binding needs Node 22 or newer, so under an older Node
   * the CLI runs it in the Node the repository carries (src/main/cli/cliMain.ts); every other command
   * runs in the Node that was started, and must not import the project store.
   */
  project: boolean;
  /** Loads the command's module: always a dynamic `import()`, which the bundler keeps as its own chunk. */
  load(): Promise<Command>;
}

/** Every `sieve` subcommand; adding one is adding its line here (name, summary and a lazy `import()`). */
export const commands: readonly CommandEntry[] = [
  {
    name: 'info',
    summary: 'Show what a project file holds',
    project: true,
    load: async () => (await import('./info')).info,
  },
  {
    name: 'create',
    summary: 'Create a project file from a JSON manifest of audio and word timings',
    project: true,
    load: async () => (await import('./create')).create,
  },
  {
    name: 'import',
    summary: 'Import audio with word alignments into a project (created if missing), all or nothing',
    project: true,
    load: async () => (await import('./import')).importCorpus,
  },
  {
    name: 'import-system',
    summary:
      "Import a system's outputs (JSON Lines, CTM, concepts, N-best) into a project; re-importing replaces them",
    project: true,
    load: async () => (await import('./importSystem')).importSystem,
  },
  {
    name: 'system',
    summary:
      "List, rename or delete a project's systems (a deleted system's outputs and cached scores go too)",
    project: true,
    load: async () => (await import('./system')).system,
  },
  {
    name: 'export',
    summary: 'Export the gold standard (gold JSON Lines, Praat TextGrids, timed PTB, CoNLL, CTM, sclite trn)',
    project: true,
    load: async () => (await import('./export')).exportCommand,
  },
  {
    name: 'annotators',
    summary:
      "List and add a project's annotators, assign them utterances, set the owner and blind annotation",
    project: true,
    load: async () => (await import('./annotators')).annotators,
  },
  {
    name: 'export-annotator',
    summary: "Write one annotator's utterances, audio and layer as a project of its own, to annotate offline",
    project: true,
    load: async () => (await import('./exportAnnotator')).exportAnnotator,
  },
  {
    name: 'merge',
    summary:
      "Bring annotators' exports back into a project: their layers matched by utterance and audio hash",
    project: true,
    load: async () => (await import('./merge')).merge,
  },
  {
    name: 'align',
    summary:
      'Force-align a transcript to its recording (offline, soundswallower): word times with confidences',
    project: false,
    load: async () => (await import('./align')).align,
  },
  {
    name: 'wer',
    summary: 'Word error rate of a trn hypothesis file against a trn reference (counts as NIST sclite)',
    project: false,
    load: async () => (await import('./wer')).wer,
  },
  {
    name: 'cer',
    summary: 'Character error rate of a trn hypothesis file against a trn reference (as NIST sclite -c)',
    project: false,
    load: async () => (await import('./cer')).cer,
  },
  {
    name: 'ca',
    summary: 'Concept accuracy of attribute–value lists or trees against a reference, per item and corpus',
    project: false,
    load: async () => (await import('./ca')).ca,
  },
  {
    name: 'ted',
    summary: 'Tree edit distance, C/S/I/D counts and node accuracy of tree pairs (JSON Lines)',
    project: false,
    load: async () => (await import('./ted')).ted,
  },
  {
    name: 'tna',
    summary: 'Tree node accuracy of hypothesis trees against reference trees, per item and corpus',
    project: false,
    load: async () => (await import('./tna')).tna,
  },
  {
    name: 'nbest',
    summary: 'N-best interpretation figures (NotFound, Recall, FRecall, NDCG @K) with a Table 3 breakdown',
    project: false,
    load: async () => (await import('./nbest')).nbest,
  },
  {
    name: 'ne',
    summary: 'Named-entity scores for speech: type, extent and content through an alignment (Burger et al.)',
    project: false,
    load: async () => (await import('./ne')).ne,
  },
  {
    name: 'correlate',
    summary:
      "Pearson and Spearman correlation of people's mean ratings with system scores (Interpretive trials)",
    project: false,
    load: async () => (await import('./correlate')).correlate,
  },
  {
    name: 'compare',
    summary:
      'Significance of the difference between two systems (paired bootstrap, randomisation; sc_stats tests)',
    project: false,
    load: async () => (await import('./compare')).compare,
  },
  {
    name: 'structiou',
    summary: 'Struct-IoU of speech parse trees over word times, per line and for the corpus (JSON Lines)',
    project: false,
    load: async () => (await import('./structiou')).structiou,
  },
  {
    name: 'parseval',
    summary: 'ParsEval bracket scores (EVALB, COLLINS.prm) of bracketed trees, one per line',
    project: false,
    load: async () => (await import('./parseval')).parseval,
  },
  {
    name: 'score',
    summary:
      'Score a project: corpus figures with 95% intervals and signatures per system, in worker threads, through the score cache',
    project: true,
    load: async () => (await import('./score')).score,
  },
  {
    name: 'report',
    summary:
      'The project report: corpus figures with 95% intervals, paired comparisons, plots, N-best breakdown, per utterance (Markdown, JSON, CSV, HTML)',
    project: true,
    load: async () => (await import('./report')).report,
  },
  {
    name: 'agreement',
    summary:
      "Agreement between a project's annotators per pair (boundaries, words, trees, entities, concepts, κ and α) with 95% intervals, and adjudication progress",
    project: true,
    load: async () => (await import('./agreement')).agreement,
  },
];

/** The table line of a subcommand name, or undefined for an unknown one. */
export function commandEntry(name: string | undefined): CommandEntry | undefined {
  return commands.find((c) => c.name === name);
}
