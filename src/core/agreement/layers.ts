// Agreement between two annotators' gold layers of one utterance, computed with the metrics systems are
// scored with (word alignment, Struct-IoU, ParsEval, tree node accuracy, named-entity scoring, concept
// accuracy) and reduced to what corpus.ts pools: counts, lists of boundary differences and the categorical
// pairs that κ and α are computed from.
//
// Symmetry. An alignment (of words, of concepts, of entities) breaks ties between equally good
// alignments by the order of its two sides, so "a against b" and "b against a" may pick different optimal
// alignments. Every alignment here is computed with the layer whose content sorts first as its first side
// and then read from a's side, so that swapping the layers changes no symmetric figure, not even by a tie.
import { type AlignedPair } from '../align/align';
import { scoreConcepts } from '../metrics/conceptAccuracy';
import { parsevalSentence } from '../metrics/parseval';
import { scoreTreePair } from '../metrics/treeNodeAccuracy';
import { type WordErrorStats, scoreWords } from '../metrics/wordAccuracy';
import type { AnnotationStatus } from '../model/schemas';
import { type NeCounted } from '../ne/score';
import { scoreNeDocument } from '../ne/scoreNe';
import { textAligner } from '../ne/textAligner';
import { type GoldRecords, type GoldEntity, type GoldLabels, usableGold } from '../gold/records';
import { structIouOfSegmentTrees } from '../structIou/structIou';
import { buildSegmentTree } from '../structIou/segmentTree';
import { parseTreeOrThrow } from '../tree/bracket';
import { type TreeNode, foldLeafCase } from '../tree/tree';
import { type AgreementOptions, type ResolvedAgreementOptions, resolveAgreementOptions } from './signature';

/** Floating-point noise allowed when a boundary difference is compared with a tolerance (seconds). */
export const TOLERANCE_EPSILON_SEC = 1e-9;

/** Word texts and boundaries of two layers. */
export interface WordAgreement {
  /**
   * Counts of b's words against a's (a is the reference: N = a's words, D = a's words b lacks). In the
   * `b-against-a` form they are exactly those of scoring b against a (`sieve wer`); in the symmetric form
   * they come from the alignment that does not depend on the order of the layers (see above), whose error
   * count may differ from that by a tie.
   */
  stats: WordErrorStats;
  /** Words of a and of b. */
  a: number;
  b: number;
  /** The word error rate in the chosen form; undefined when its denominator is 0. */
  wer: number | undefined;
  /** Indices `[i, j]` of the words the text alignment matches (word i of a is word j of b). */
  matched: [number, number][];
  /**
   * |Δ| in seconds of every shared boundary time: the start of a matched word whose preceding word is
   * matched too (or that is the first word of both layers), and the end of a matched word whose
   * following word is matched too (or that is the last word of both). In the order of the words.
   */
  boundaryDeltasSec: number[];
  /** Their mean, median and shares within the options' tolerances. */
  boundaries: BoundarySummary;
}

/** Figures of a list of boundary differences. */
export interface BoundarySummary {
  /** How many boundary times. */
  n: number;
  /** Mean and median |Δ| in seconds; undefined when n = 0. */
  meanSec: number | undefined;
  medianSec: number | undefined;
  /** Share of the times with |Δ| ≤ the tolerance, per tolerance; undefined when n = 0. */
  within: { toleranceMs: number; count: number; share: number | undefined }[];
}

/** The two annotators' trees of one name. */
export interface TreeAgreement {
  name: string;
  /** Struct-IoU (Shi et al. Definition 12) and its sufficient statistics; undefined with `structIouReason`. */
  structIou?: { score: number; matchedIou: number; nodes: number };
  structIouReason?: string;
  /** Labelled ParsEval (EVALB, COLLINS.prm): brackets matched, of a and of b; F1 undefined with no bracket. */
  parseval?: { f1: number | undefined; matched: number; a: number; b: number };
  parsevalReason?: string;
  /** Tree node accuracy of b against a (Thomae et al. Eq. (2)) with its counts. */
  tna?: { C: number; S: number; D: number; I: number; accuracy: number | undefined };
  tnaReason?: string;
}

/** An entity as a span of the time axis: from its first word's start to its last word's end. */
export interface TimeSpan {
  startSec: number;
  endSec: number;
  type: string;
}

/** Counts of the named-entity comparison of b against a (Burger et al. §2.5). */
export interface NeAgreementStats {
  /** Entities of a and of b after preprocessing. */
  a: number;
  b: number;
  /** Pairs the mapping made. */
  mapped: number;
  /** Mapped pairs right in each component, and in all of them (`entity`). */
  correct: Record<NeCounted, number>;
}

/** Entities of two layers. */
export interface EntityAgreement {
  stats: NeAgreementStats;
  /** F = 2·correct / (a + b) pooled over type, extent and content (the paper's single F); undefined with none on a side. */
  f1: number | undefined;
  /** F per component and of whole entities (every component right). */
  components: { type: number | undefined; extent: number | undefined; content: number | undefined };
  entityF1: number | undefined;
  /** `[label in a, label in b]` of every matched word: `O`, `B-type` or `I-type`. */
  wordLabels: [string, string][];
  /** Entities on the time axis, per layer, for unitizing α. */
  spans: { a: TimeSpan[]; b: TimeSpan[] };
  /** Where the utterance's annotated time lies: from the earliest word start to the latest word end. */
  extentSec: { startSec: number; endSec: number } | undefined;
}

/** Concepts of two layers. */
export interface ConceptAgreement {
  /** Counts of b's concepts against a's (a is the reference), as the word counts are chosen. */
  stats: WordErrorStats;
  a: number;
  b: number;
  /** Concept accuracy 1 − error rate in the chosen form; undefined when its denominator is 0. */
  accuracy: number | undefined;
}

/** The categorical fields κ and α are computed over. */
export const CATEGORICAL_FIELDS = [
  'inputKind',
  'accuracyClass',
  'knowledgeClass',
  'cantRepresent',
  'status',
] as const;
/** One categorical field: a label of `GoldLabels` or the layer's status. */
export type CategoricalField = (typeof CATEGORICAL_FIELDS)[number];

/** One utterance's agreement between annotators a and b. */
export interface UtteranceAgreement {
  words: WordAgreement;
  /** Per tree name present in both layers, in a's order. */
  trees: TreeAgreement[];
  /** Tree names present in one layer only. */
  treesOnlyIn: { a: string[]; b: string[] };
  entities: EntityAgreement;
  concepts: ConceptAgreement;
  /** Each field's value in a and in b; null where the layer leaves it unset. */
  categorical: Record<CategoricalField, { a: string | null; b: string | null }>;
  /** Parts of a layer left out because they are invalid (as scoring leaves them out). */
  notes: string[];
}

/** The statuses of the two layers, when known (they are kept beside the gold records). */
export interface LayerStatuses {
  a?: AnnotationStatus | null;
  b?: AnnotationStatus | null;
}

/** Whether a's side goes first in an alignment: the side whose key sorts first does. */
function aFirst(keyA: string, keyB: string): boolean {
  return keyA <= keyB;
}

/** An alignment read from the other side: insertions become deletions and the indices swap. */
function transpose<T>(pairs: readonly AlignedPair<T>[]): AlignedPair<T>[] {
  return pairs.map((p) => ({
    op: p.op === 'I' ? 'D' : p.op === 'D' ? 'I' : p.op,
    ref: p.hyp,
    hyp: p.ref,
    refIndex: p.hypIndex,
    hypIndex: p.refIndex,
  }));
}

function transposeStats(s: WordErrorStats): WordErrorStats {
  return { C: s.C, S: s.S, D: s.I, I: s.D, N: s.C + s.S + s.I };
}

/** The error rate in the chosen form; undefined when its denominator is 0. */
export function errorRateOf(
  s: WordErrorStats,
  b: number,
  form: ResolvedAgreementOptions['errorRate'],
): number | undefined {
  const den = form === 'symmetric' ? (s.N + b) / 2 : s.N;
  return den === 0 ? undefined : (s.S + s.D + s.I) / den;
}

/** Mean, median and shares within tolerances of boundary differences (seconds). */
export function summariseBoundaries(
  deltasSec: readonly number[],
  tolerancesMs: readonly number[],
): BoundarySummary {
  const n = deltasSec.length;
  const sorted = [...deltasSec].sort((x, y) => x - y);
  const mid = n >> 1;
  const medianSec = n === 0 ? undefined : n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const sum = deltasSec.reduce((s, d) => s + d, 0);
  return {
    n,
    meanSec: n === 0 ? undefined : sum / n,
    medianSec,
    within: tolerancesMs.map((toleranceMs) => {
      const count = withinCount(deltasSec, toleranceMs);
      return { toleranceMs, count, share: n === 0 ? undefined : count / n };
    }),
  };
}

/** How many differences are within `toleranceMs` (|Δ| ≤ tolerance, up to floating-point noise). */
export function withinCount(deltasSec: readonly number[], toleranceMs: number): number {
  const limit = toleranceMs / 1000 + TOLERANCE_EPSILON_SEC;
  let count = 0;
  for (const d of deltasSec) if (d <= limit) count++;
  return count;
}

function wordAgreement(a: GoldRecords, b: GoldRecords, r: ResolvedAgreementOptions): WordAgreement {
  const textsA = a.words.map((w) => w.text);
  const textsB = b.words.map((w) => w.text);
  const key = (t: string[]): string => JSON.stringify(r.ignoreCase ? t.map((x) => x.toLowerCase()) : t);
  const options = { costs: r.costs, ignoreCase: r.ignoreCase };
  let stats: WordErrorStats;
  let pairs: AlignedPair<string>[];
  if (aFirst(key(textsA), key(textsB))) {
    const s = scoreWords(textsA, textsB, options);
    stats = s.stats;
    pairs = s.alignment;
  } else {
    const s = scoreWords(textsB, textsA, options);
    pairs = transpose(s.alignment);
    // Against a as the reference, the counts are sclite's own (a tie may give other counts the other way).
    stats =
      r.errorRate === 'b-against-a' ? scoreWords(textsA, textsB, options).stats : transposeStats(s.stats);
  }
  const matched: [number, number][] = [];
  const deltas: number[] = [];
  const isC = (k: number): boolean => pairs[k]?.op === 'C';
  pairs.forEach((p, k) => {
    if (p.op !== 'C') return;
    matched.push([p.refIndex, p.hypIndex]);
    const wa = a.words[p.refIndex]!;
    const wb = b.words[p.hypIndex]!;
    // A time is shared when the words on both sides of it are matched: the alignment's neighbouring step
    // is a match too, or there is no word beyond it in either layer (the alignment's first or last step).
    if (k === 0 || isC(k - 1)) deltas.push(Math.abs(wa.startSec - wb.startSec));
    if (k === pairs.length - 1 || isC(k + 1)) deltas.push(Math.abs(wa.endSec - wb.endSec));
  });
  return {
    stats,
    a: textsA.length,
    b: textsB.length,
    wer: errorRateOf(stats, textsB.length, r.errorRate),
    matched,
    boundaryDeltasSec: deltas,
    boundaries: summariseBoundaries(deltas, r.boundaryTolerancesMs),
  };
}

/** Why two layers' words are not the same, or null when they are. */
function wordsDiffer(a: GoldRecords, b: GoldRecords, ignoreCase: boolean): string | null {
  const fold = (t: string): string => (ignoreCase ? t.toLowerCase() : t);
  if (a.words.length !== b.words.length)
    return `the annotators' words differ (${a.words.length} in a, ${b.words.length} in b)`;
  for (let k = 0; k < a.words.length; k++) {
    const x = a.words[k]!.text;
    const y = b.words[k]!.text;
    if (fold(x) !== fold(y))
      return `the annotators' words differ at word ${k + 1} ('${x}' in a, '${y}' in b)`;
  }
  return null;
}

function treeAgreement(
  name: string,
  a: GoldRecords,
  b: GoldRecords,
  r: ResolvedAgreementOptions,
  sameWords: string | null,
): TreeAgreement {
  const ta = a.trees.find((t) => t.name === name)!;
  const tb = b.trees.find((t) => t.name === name)!;
  const fold = (t: TreeNode): TreeNode => (r.ignoreCase ? foldLeafCase(t) : t);
  const treeA = fold(parseTreeOrThrow(ta.bracket, { typed: ta.typed }, `tree "${name}" of a`));
  const treeB = fold(parseTreeOrThrow(tb.bracket, { typed: tb.typed }, `tree "${name}" of b`));
  const out: TreeAgreement = { name };
  // Shi et al. Definition 12 divides the maximal matched IoU by |N1| + |N2|; the structured alignment it
  // maximises over is symmetric in the two trees, so the score is the same whichever tree is first.
  try {
    const sa = buildSegmentTree(treeA, a.words, 'a');
    const sb = buildSegmentTree(treeB, b.words, 'b');
    const s = structIouOfSegmentTrees(sa, sb, r.structIou, false);
    out.structIou = { score: s.score, matchedIou: s.matchedIou, nodes: s.nodes };
  } catch (err) {
    out.structIouReason = `Struct-IoU: ${(err as Error).message}`;
  }
  if (sameWords) {
    // ParsEval and tree node accuracy compare trees over one word sequence (Black et al. 1991).
    out.parsevalReason = `ParsEval is undefined: ${sameWords}`;
    out.tnaReason = `tree node accuracy is undefined: ${sameWords}`;
    return out;
  }
  const pe = parsevalSentence(treeA, treeB);
  if (pe.status === 'ok') {
    const { labeledMatch: m, goldBrackets: ga, testBrackets: gb } = pe.stats;
    // Neither annotator bracketed anything: there is nothing to agree on (EVALB would print 1).
    out.parseval = { f1: ga + gb === 0 ? undefined : (2 * m) / (ga + gb), matched: m, a: ga, b: gb };
  } else out.parsevalReason = `ParsEval: ${pe.reason ?? 'not scored'}`;
  const t = scoreTreePair(name, treeA, treeB, { costs: { typed: ta.typed && tb.typed } });
  out.tna = { ...t.counts, accuracy: t.accuracy ?? undefined };
  return out;
}

function bioLabels(words: number, entities: readonly GoldEntity[]): string[] {
  const out = new Array<string>(words).fill('O');
  for (const e of entities)
    for (let k = e.firstWord; k <= e.lastWord; k++) out[k] = `${k === e.firstWord ? 'B' : 'I'}-${e.type}`;
  return out;
}

function spansOf(g: GoldRecords): TimeSpan[] {
  return [...g.entities]
    .sort((x, y) => x.firstWord - y.firstWord)
    .map((e) => ({
      startSec: g.words[e.firstWord]!.startSec,
      endSec: g.words[e.lastWord]!.endSec,
      type: e.type,
    }));
}

function neF(correct: number, a: number, b: number): number | undefined {
  // Burger et al.'s F = 2PR/(P+R) = 2·correct/(ref + hyp), undefined when P or R is (ne/score.ts `prf`).
  return a > 0 && b > 0 ? (2 * correct) / (a + b) : undefined;
}

function entityAgreement(
  a: GoldRecords,
  b: GoldRecords,
  words: WordAgreement,
  r: ResolvedAgreementOptions,
): EntityAgreement {
  const settings = {
    aligner: textAligner,
    tolerance: r.ne.tolerance,
    mapping: r.ne.mapping,
    caseFold: r.ignoreCase,
    punctuation: r.ne.punctuation,
  };
  const doc = (
    g: GoldRecords,
  ): { words: { text: string; startSec: number; endSec: number }[]; entities: GoldEntity[] } => ({
    words: g.words.map((w) => ({ text: w.text, startSec: w.startSec, endSec: w.endSec })),
    entities: g.entities,
  });
  const key = (g: GoldRecords): string => JSON.stringify([g.words.map((w) => w.text), g.entities]);
  const first = aFirst(key(a), key(b));
  const d = first ? scoreNeDocument(doc(a), doc(b), settings) : scoreNeDocument(doc(b), doc(a), settings);
  const stats: NeAgreementStats = {
    a: first ? d.stats.ref : d.stats.hyp,
    b: first ? d.stats.hyp : d.stats.ref,
    mapped: d.stats.mapped,
    correct: { ...d.stats.correct },
  };
  const c = stats.correct;
  const labelsA = bioLabels(a.words.length, a.entities);
  const labelsB = bioLabels(b.words.length, b.entities);
  let startSec = Number.POSITIVE_INFINITY;
  let endSec = Number.NEGATIVE_INFINITY;
  for (const w of [...a.words, ...b.words]) {
    startSec = Math.min(startSec, w.startSec);
    endSec = Math.max(endSec, w.endSec);
  }
  return {
    stats,
    f1: neF(c.type + c.extent + c.content, 3 * stats.a, 3 * stats.b),
    components: {
      type: neF(c.type, stats.a, stats.b),
      extent: neF(c.extent, stats.a, stats.b),
      content: neF(c.content, stats.a, stats.b),
    },
    entityF1: neF(c.entity, stats.a, stats.b),
    wordLabels: words.matched.map(([i, j]) => [labelsA[i]!, labelsB[j]!]),
    spans: { a: spansOf(a), b: spansOf(b) },
    extentSec: startSec <= endSec ? { startSec, endSec } : undefined,
  };
}

function conceptAgreement(a: GoldRecords, b: GoldRecords, r: ResolvedAgreementOptions): ConceptAgreement {
  const options = { costs: r.costs, ignoreCase: r.ignoreCase };
  const key = (g: GoldRecords): string =>
    JSON.stringify(
      g.concepts.map((c) =>
        r.ignoreCase ? [c.attribute.toLowerCase(), c.value.toLowerCase()] : [c.attribute, c.value],
      ),
    );
  const stats =
    aFirst(key(a), key(b)) || r.errorRate === 'b-against-a'
      ? scoreConcepts(a.concepts, b.concepts, options).stats
      : transposeStats(scoreConcepts(b.concepts, a.concepts, options).stats);
  const e = errorRateOf(stats, b.concepts.length, r.errorRate);
  return { stats, a: a.concepts.length, b: b.concepts.length, accuracy: e === undefined ? undefined : 1 - e };
}

function labelValue(labels: GoldLabels, field: Exclude<CategoricalField, 'status'>): string | null {
  const v = labels[field];
  if (v === undefined) return null;
  return typeof v === 'boolean' ? (v ? 'yes' : 'no') : v;
}

/** A categorical field's value in a layer: one of its labels, or its status; null when unset. */
export function categoricalValue(
  g: GoldRecords,
  status: AnnotationStatus | null | undefined,
  field: CategoricalField,
): string | null {
  return field === 'status' ? (status ?? null) : labelValue(g.labels, field);
}

/**
 * The agreement of annotator b's layer with annotator a's on one utterance: word texts (error rate in the
 * chosen form) and shared boundary times, per tree name in both layers Struct-IoU (and ParsEval F1 and
 * tree node accuracy of b against a when the words are the same), entities (Burger et al.'s F, BIO labels
 * of matched words, spans in time), concepts (concept accuracy in the chosen form) and the categorical
 * labels and statuses. Invalid parts of a layer are left out with a note, as scoring does.
 */
export function layerAgreement(
  givenA: GoldRecords,
  givenB: GoldRecords,
  options: AgreementOptions = {},
  statuses: LayerStatuses = {},
): UtteranceAgreement {
  const r = resolveAgreementOptions(options);
  const ua = usableGold(givenA);
  const ub = usableGold(givenB);
  const a = ua.gold;
  const b = ub.gold;
  const notes = [...ua.notes.map((n) => `a: ${n}`), ...ub.notes.map((n) => `b: ${n}`)];
  const words = wordAgreement(a, b, r);
  const sameWords = wordsDiffer(a, b, r.ignoreCase);
  const namesB = new Set(b.trees.map((t) => t.name));
  const namesA = new Set(a.trees.map((t) => t.name));
  const trees = a.trees
    .filter((t) => namesB.has(t.name))
    .map((t) => treeAgreement(t.name, a, b, r, sameWords));
  const field = (f: CategoricalField): { a: string | null; b: string | null } => ({
    a: categoricalValue(a, statuses.a, f),
    b: categoricalValue(b, statuses.b, f),
  });
  const categorical: UtteranceAgreement['categorical'] = {
    inputKind: field('inputKind'),
    accuracyClass: field('accuracyClass'),
    knowledgeClass: field('knowledgeClass'),
    cantRepresent: field('cantRepresent'),
    status: field('status'),
  };
  return {
    words,
    trees,
    treesOnlyIn: {
      a: a.trees.filter((t) => !namesB.has(t.name)).map((t) => t.name),
      b: b.trees.filter((t) => !namesA.has(t.name)).map((t) => t.name),
    },
    entities: entityAgreement(a, b, words, r),
    concepts: conceptAgreement(a, b, r),
    categorical,
    notes,
  };
}
