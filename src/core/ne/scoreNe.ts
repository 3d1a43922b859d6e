// The named-entity scorer for speech of Burger et al.: preprocessing (§2.1), lexeme alignment (§2.2),
// mapping (§2.3), comparison (§2.4) and scores (§2.5), one engine over a corpus of document pairs.
import { MetricInputError } from '../errors';
import { makeSignature } from '../stats/signature';
import type { LexemeAlignment } from './alignment';
import { alignLexemes } from './anchor';
import { type NeJudgement, judgePair } from './compare';
import { type NeDocument, Vocabulary, checkNeDocument } from './document';
import type { LexemeAligner } from './lexemeAligner';
import { type NeMappingMode, candidatePairs, greedyMapping, optimalMapping, textOrder } from './mapping';
import { NE_PUNCTUATION, type NePunctuation, preprocessDocument } from './preprocess';
import {
  NE_COMPONENTS,
  type NeMode,
  type NeScore,
  type NeStats,
  addToStats,
  emptyNeStats,
  neScore,
  sumNeStats,
  verdicts,
} from './score';

/** Everything that can change a figure; all of it goes into the signature. */
export interface NeSettings {
  aligner: LexemeAligner;
  /** Greedy left-to-right (the paper's) or optimal; default greedy. */
  mapping?: NeMappingMode;
  /** Extent tolerance in words; default 1 (§2.4: "the default setting in our implementation"), 0 in MUC mode. */
  tolerance?: number;
  /** `full` (type, extent, content) or `muc` (type, text at tolerance 0); default full. */
  mode?: NeMode;
  /** Shortest run of identical words used as an anchor (§2.1: three); 0 turns anchoring off. */
  anchorRun?: number;
  /** Fold case before alignment (§2.1); default true. */
  caseFold?: boolean;
  /**
   * `drop` removes punctuation before alignment (§2.1), the default for speech; `keep` scores every token
   * as written, as conlleval does (an entity that differs only by a punctuation token is then wrong).
   */
  punctuation?: NePunctuation;
}

/** One line of the comparison: a mapped pair, or an entity of one side mapped to nothing. */
export interface NeEntry {
  /** Index into the preprocessed reference entities, or −1. */
  ref: number;
  /** Index into the preprocessed hypothesis entities, or −1. */
  hyp: number;
  /** The comparison of a mapped pair; null for an unmapped entity. */
  judgement: NeJudgement | null;
}

/** The scoring of one document pair, with the preprocessed texts it was computed on. */
export interface NeDocResult {
  ref: NeDocument;
  hyp: NeDocument;
  alignment: LexemeAlignment;
  /** In text order (by the first alignment block each line touches). */
  entries: NeEntry[];
  stats: NeStats;
  /** Entities made only of punctuation, gone in preprocessing (reference + hypothesis). */
  droppedEntities: number;
}

/** A scored corpus: per-document results, summed statistics, figures and the settings signature. */
export interface NeResult {
  documents: NeDocResult[];
  stats: NeStats;
  score: NeScore;
  signature: string;
}

interface Resolved {
  aligner: LexemeAligner;
  mapping: NeMappingMode;
  tolerance: number;
  mode: NeMode;
  anchorRun: number;
  caseFold: boolean;
  punctuation: NePunctuation;
}

function resolve(s: NeSettings): Resolved {
  const mode = s.mode ?? 'full';
  const tolerance = s.tolerance ?? (mode === 'muc' ? 0 : 1);
  const anchorRun = s.anchorRun ?? 3;
  const mapping = s.mapping ?? 'greedy';
  if (!Number.isInteger(tolerance) || tolerance < 0) {
    throw new MetricInputError(`extent tolerance must be a whole number ≥ 0, got ${tolerance}`);
  }
  if (mode === 'muc' && tolerance !== 0) {
    throw new MetricInputError(`MUC mode judges extent at tolerance 0, got tolerance ${tolerance}`);
  }
  if (!Number.isInteger(anchorRun) || anchorRun < 0 || anchorRun === 1 || anchorRun === 2) {
    throw new MetricInputError(`anchor run must be 0 (off) or a whole number ≥ 3, got ${anchorRun}`);
  }
  if (mapping !== 'greedy' && mapping !== 'optimal') {
    throw new MetricInputError(`mapping must be greedy or optimal, got ${String(mapping)}`);
  }
  if (mode !== 'full' && mode !== 'muc')
    throw new MetricInputError(`mode must be full or muc, got ${String(mode)}`);
  const punctuation = s.punctuation ?? 'drop';
  if (!NE_PUNCTUATION.includes(punctuation))
    throw new MetricInputError(`punctuation must be drop or keep, got ${String(punctuation)}`);
  return {
    aligner: s.aligner,
    mapping,
    tolerance,
    mode,
    anchorRun,
    caseFold: s.caseFold ?? true,
    punctuation,
  };
}

/**
 * The settings signature, e.g. `ne|mode:full|align:text|anchor:3|map:greedy|tol:1|case:fold|punct:drop|v:0.1.0`.
 */
export function neSignature(settings: NeSettings): string {
  const r = resolve(settings);
  return makeSignature('ne', [
    ['mode', r.mode],
    ['align', r.aligner.name],
    ['anchor', r.aligner.anchored ? r.anchorRun : 'no'],
    ['map', r.mapping],
    ['tol', r.tolerance],
    ['case', r.caseFold ? 'fold' : 'keep'],
    ['punct', r.punctuation],
  ]);
}

function scoreOne(rawRef: NeDocument, rawHyp: NeDocument, r: Resolved, where: string): NeDocResult {
  checkNeDocument(rawRef, `${where} reference`);
  checkNeDocument(rawHyp, `${where} hypothesis`);
  const pre = { caseFold: r.caseFold, punctuation: r.punctuation };
  const { doc: ref, droppedEntities: dr } = preprocessDocument(rawRef, pre);
  const { doc: hyp, droppedEntities: dh } = preprocessDocument(rawHyp, pre);
  const vocabulary = new Vocabulary();
  const alignment = alignLexemes(
    vocabulary.encode(ref.words),
    vocabulary.encode(hyp.words),
    r.aligner,
    r.anchorRun,
  );
  const candidates = candidatePairs(ref.entities, hyp.entities, alignment);
  const judge = (i: number, j: number): NeJudgement =>
    judgePair(ref.entities[i]!, hyp.entities[j]!, alignment, r.tolerance);
  const comps = NE_COMPONENTS[r.mode];
  const refToHyp =
    r.mapping === 'greedy'
      ? greedyMapping(ref.entities.length, hyp.entities.length, candidates)
      : optimalMapping(ref.entities.length, hyp.entities.length, candidates, (i, j) => {
          const v = verdicts(judge(i, j));
          return comps.reduce((n, c) => n + (v[c] ? 1 : 0), 0);
        });
  const entries: (NeEntry & { at: number })[] = [];
  const hypMapped = new Uint8Array(hyp.entities.length);
  for (const i of textOrder(ref.entities)) {
    const j = refToHyp[i]!;
    const at = alignment.refBlock[ref.entities[i]!.firstWord]!;
    if (j < 0) entries.push({ ref: i, hyp: -1, judgement: null, at });
    else {
      hypMapped[j] = 1;
      const hb = alignment.hypBlock[hyp.entities[j]!.firstWord]!;
      entries.push({ ref: i, hyp: j, judgement: judge(i, j), at: Math.min(at, hb) });
    }
  }
  for (const j of textOrder(hyp.entities)) {
    if (!hypMapped[j])
      entries.push({ ref: -1, hyp: j, judgement: null, at: alignment.hypBlock[hyp.entities[j]!.firstWord]! });
  }
  entries.sort((a, b) => a.at - b.at);
  const stats = emptyNeStats();
  for (const e of entries) {
    addToStats(
      stats,
      e.ref >= 0 ? ref.entities[e.ref]!.type : null,
      e.hyp >= 0 ? hyp.entities[e.hyp]!.type : null,
      e.judgement,
    );
  }
  return {
    ref,
    hyp,
    alignment,
    entries: entries.map(({ ref: a, hyp: b, judgement }) => ({ ref: a, hyp: b, judgement })),
    stats,
    droppedEntities: dr + dh,
  };
}

/** Scores one reference document against one hypothesis document. */
export function scoreNeDocument(ref: NeDocument, hyp: NeDocument, settings: NeSettings): NeDocResult {
  return scoreOne(ref, hyp, resolve(settings), 'document');
}

/**
 * Scores a corpus of document pairs: each pair is preprocessed, aligned, mapped and compared; the corpus
 * figures come from the summed per-document statistics (`sumNeStats` + `neScore`), so resampling can
 * reuse the per-document `stats`. Bad settings or entities outside their words raise `MetricInputError`.
 */
export function scoreNe(
  pairs: readonly { ref: NeDocument; hyp: NeDocument }[],
  settings: NeSettings,
): NeResult {
  const r = resolve(settings);
  const documents = pairs.map((p, k) => scoreOne(p.ref, p.hyp, r, `document ${k + 1}`));
  const stats = sumNeStats(documents.map((d) => d.stats));
  return { documents, stats, score: neScore(stats, r.mode), signature: neSignature(settings) };
}
