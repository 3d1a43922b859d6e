// Agreement of one annotator pair over a corpus, pooled from the per-utterance agreements of layers.ts,
// and the table of every annotator pair. Counts are summed over utterances (a ratio of sums, never a mean
// of ratios, except Struct-IoU's sentence level, which is a mean by definition); κ and α are computed once
// over the categorical pairs of every utterance. Intervals are percentile bootstrap intervals over the
// utterances a figure covers (stats/bootstrap.ts), drawn from the options' seed: figures over the same
// utterances see the same resamples.
import { MetricInputError } from '../errors';
import type { GoldRecords } from '../gold/records';
import { type WordErrorStats, combineStats } from '../metrics/wordAccuracy';
import type { AnnotationStatus } from '../model/schemas';
import { bootstrapIntervals } from '../stats/bootstrap';
import { type CorpusStatistic, additiveStatistic, f1Statistic } from '../stats/statistic';
import { structIouCorpusStatistic, structIouSentenceStatistic } from '../structIou/corpus';
import { fleissKappa, cohenKappa } from './kappa';
import { krippendorffAlphaNominal } from './alpha';
import {
  type CategoricalField,
  type UtteranceAgreement,
  categoricalValue,
  layerAgreement,
  summariseBoundaries,
  withinCount,
} from './layers';
import { type AgreementOptions, agreementSignature, resolveAgreementOptions } from './signature';
import type { AgreementValue } from './types';
import { type UnitizedSpan, type UnitizingAlpha, unitizingAlpha } from './unitizing';

/**
 * A pooled figure: its value (undefined where the measure is, never 0), `n` the items it covers (each
 * figure says which) and, where it is made from per-utterance statistics, its bootstrap interval.
 */
export interface Figure {
  value: number | undefined;
  n: number;
  /** Interval bounds; absent without an interval, undefined when too few resamples had a figure. */
  lo?: number | undefined;
  hi?: number | undefined;
}

/** A tree name's pooled figures. */
export interface CorpusTreeAgreement {
  name: string;
  /** Utterances where both annotators have a tree of this name. */
  utterances: number;
  /** Struct-IoU, corpus level (Shi et al. Definition 15: Σ 2·matched IoU / Σ nodes); n: utterances scored. */
  structIou: Figure;
  /** Struct-IoU, sentence level (the mean of the utterances' scores); n as above. */
  structIouSentence: Figure;
  /** Labelled ParsEval F1 from summed bracket counts; n: utterances with the same words. */
  parsevalF1: Figure;
  /** Tree node accuracy of b against a from summed counts, (ΣC − ΣI) / Σ(C + S + D); n as ParsEval's. */
  tna: Figure;
  /** Why utterances have no figure, with how many: e.g. the words differ. */
  reasons: Record<string, number>;
}

/** One annotator pair's agreement over a corpus. */
export interface CorpusAgreement {
  utterances: number;
  words: {
    stats: WordErrorStats;
    /** Word error rate in the chosen form from summed counts; n: utterances. */
    wer: Figure;
    /** Over every shared boundary time of every utterance; n: boundary times. */
    boundaries: {
      meanSec: Figure;
      /** No interval: the median is not made from per-utterance sums. */
      medianSec: Figure;
      within: { toleranceMs: number; share: Figure }[];
    };
  };
  trees: CorpusTreeAgreement[];
  entities: {
    /** Burger et al.'s F from summed counts, pooled over type, extent and content; n: utterances. */
    f1: Figure;
    type: Figure;
    extent: Figure;
    content: Figure;
    /** Whole entities (every component right). */
    entity: Figure;
    /** Cohen's κ over the BIO labels of every matched word; n: words. */
    wordKappa: AgreementValue;
    /** Krippendorff's α_U of the entities' spans on the time axis (see `spansUnitizingAlpha`). */
    unitizingAlpha: UnitizingAlpha;
  };
  /** Concept accuracy in the chosen form from summed counts; n: utterances. */
  concepts: { stats: WordErrorStats; accuracy: Figure };
  /** Per field: Cohen's κ over utterances where both set it, Krippendorff's α over all (missing allowed). */
  categorical: Record<CategoricalField, { kappa: AgreementValue; alpha: AgreementValue }>;
  signature: string;
}

const defined = (x: number): number | undefined => (Number.isNaN(x) ? undefined : x);

// Additive statistics of the pooled figures; every one of them is NaN where the figure is undefined.
const ratio = (name: string): CorpusStatistic =>
  additiveStatistic(name, 2, (s) => (s[1] === 0 ? Number.NaN : s[0]! / s[1]!));
const oneMinusRatio = additiveStatistic('1-ratio', 2, (s) => (s[1] === 0 ? Number.NaN : 1 - s[0]! / s[1]!));
// Burger et al.'s F from [correct, a, b]: undefined when either side has nothing (ne/score.ts `prf`).
const neF = additiveStatistic('ne-f', 3, (s) =>
  s[1]! > 0 && s[2]! > 0 ? (2 * s[0]!) / (s[1]! + s[2]!) : Number.NaN,
);
const f1 = f1Statistic();

/** One figure's statistic and per-utterance values, resampled together with the others. */
interface Pending {
  stat: CorpusStatistic;
  values: number[];
  set: (f: Figure) => void;
  n: number;
}

/**
 * Pools the per-utterance agreements of one annotator pair. Rules: a figure with nothing to pool is
 * undefined (never 0) and has no interval; intervals are left out (lo and hi undefined) when fewer than
 * half of the resamples give a figure. `utterances` must come from `layerAgreement` with the same options.
 */
export function corpusAgreement(
  utterances: readonly UtteranceAgreement[],
  options: AgreementOptions = {},
): CorpusAgreement {
  const r = resolveAgreementOptions(options);
  const pending: Pending[] = [];
  const figure = (stat: CorpusStatistic, values: number[], n: number): Figure => {
    const f: Figure = { value: undefined, n };
    pending.push({ stat, values, n, set: (g) => Object.assign(f, g) });
    return f;
  };

  // Words: [errors, denominator]; the denominator of the symmetric form is (N_a + N_b) / 2.
  const werItems = utterances.flatMap((u) => {
    const s = u.words.stats;
    return [s.S + s.D + s.I, r.errorRate === 'symmetric' ? (u.words.a + u.words.b) / 2 : s.N];
  });
  const wer = figure(ratio('er'), werItems, utterances.length);
  const deltas = utterances.flatMap((u) => u.words.boundaryDeltasSec);
  const summary = summariseBoundaries(deltas, r.boundaryTolerancesMs);
  const sumItems = utterances.flatMap((u) => [
    u.words.boundaryDeltasSec.reduce((s, d) => s + d, 0),
    u.words.boundaryDeltasSec.length,
  ]);
  const meanSec = figure(ratio('mean'), sumItems, deltas.length);
  const within = r.boundaryTolerancesMs.map((toleranceMs) => ({
    toleranceMs,
    share: figure(
      ratio('share'),
      utterances.flatMap((u) => [
        withinCount(u.words.boundaryDeltasSec, toleranceMs),
        u.words.boundaryDeltasSec.length,
      ]),
      deltas.length,
    ),
  }));

  // Trees, by name in order of first appearance.
  const names: string[] = [];
  for (const u of utterances) for (const t of u.trees) if (!names.includes(t.name)) names.push(t.name);
  const trees = names.map((name): CorpusTreeAgreement => {
    const ts = utterances.flatMap((u) => u.trees.filter((t) => t.name === name));
    const reasons: Record<string, number> = {};
    const note = (reason: string | undefined): void => {
      if (reason) reasons[reason] = (reasons[reason] ?? 0) + 1;
    };
    for (const t of ts) {
      note(t.structIouReason);
      note(t.parsevalReason);
      note(t.tnaReason);
    }
    const iou = ts.flatMap((t) => (t.structIou ? [2 * t.structIou.matchedIou, t.structIou.nodes] : []));
    const pe = ts.flatMap((t) =>
      t.parseval
        ? [t.parseval.matched, t.parseval.b - t.parseval.matched, t.parseval.a - t.parseval.matched]
        : [],
    );
    const tna = ts.flatMap((t) => (t.tna ? [t.tna.C - t.tna.I, t.tna.C + t.tna.S + t.tna.D] : []));
    return {
      name,
      utterances: ts.length,
      structIou: figure(structIouCorpusStatistic, iou, iou.length / 2),
      structIouSentence: figure(structIouSentenceStatistic, iou, iou.length / 2),
      parsevalF1: figure(f1, pe, pe.length / 3),
      tna: figure(ratio('tna'), tna, tna.length / 2),
      reasons,
    };
  });

  // Entities: [correct, a, b] per component; the pooled F counts three slots per entity.
  const ne = (f: (u: UtteranceAgreement) => [number, number, number]): Figure =>
    figure(neF, utterances.flatMap(f), utterances.length);
  const entities = {
    f1: ne(({ entities: { stats: s } }) => [
      s.correct.type + s.correct.extent + s.correct.content,
      3 * s.a,
      3 * s.b,
    ]),
    type: ne(({ entities: { stats: s } }) => [s.correct.type, s.a, s.b]),
    extent: ne(({ entities: { stats: s } }) => [s.correct.extent, s.a, s.b]),
    content: ne(({ entities: { stats: s } }) => [s.correct.content, s.a, s.b]),
    entity: ne(({ entities: { stats: s } }) => [s.correct.entity, s.a, s.b]),
    wordKappa: cohenKappa(utterances.flatMap((u) => u.entities.wordLabels)),
    unitizingAlpha: spansUnitizingAlpha(utterances.map((u) => u.entities)),
  };

  const caItems = utterances.flatMap((u) => {
    const s = u.concepts.stats;
    return [s.S + s.D + s.I, r.errorRate === 'symmetric' ? (u.concepts.a + u.concepts.b) / 2 : s.N];
  });
  const concepts = {
    stats: combineStats(utterances.map((u) => u.concepts.stats)),
    accuracy: figure(oneMinusRatio, caItems, utterances.length),
  };

  const field = (f: CategoricalField): { kappa: AgreementValue; alpha: AgreementValue } =>
    categoricalAgreement(utterances.map((u) => u.categorical[f]));
  const categorical: CorpusAgreement['categorical'] = {
    inputKind: field('inputKind'),
    accuracyClass: field('accuracyClass'),
    knowledgeClass: field('knowledgeClass'),
    cantRepresent: field('cantRepresent'),
    status: field('status'),
  };

  resolvePending(pending, r.bootstrap);
  return {
    utterances: utterances.length,
    words: {
      stats: combineStats(utterances.map((u) => u.words.stats)),
      wer,
      boundaries: { meanSec, medianSec: { value: summary.medianSec, n: deltas.length }, within },
    },
    trees,
    entities,
    concepts,
    categorical,
    signature: agreementSignature(options),
  };
}

/** Milliseconds per second: α_U's continuum is made of whole milliseconds. */
const MS = 1000;

/**
 * Krippendorff's α_U of two annotators' entity spans over utterances: each utterance's annotated time
 * (from its earliest word start to its latest word end in either layer) is laid end to end with the
 * others on one continuum of whole milliseconds (times rounded to the nearest millisecond), annotator a
 * coder 0 and b coder 1, the entity type the category. Utterances without words add nothing; with no
 * entity at all α_U is undefined.
 */
export function spansUnitizingAlpha(
  utterances: readonly Pick<UtteranceAgreement['entities'], 'spans' | 'extentSec'>[],
): UnitizingAlpha {
  const units: UnitizedSpan[] = [];
  let offset = 0;
  for (const { spans, extentSec } of utterances) {
    if (!extentSec) continue;
    const origin = Math.round(extentSec.startSec * MS);
    const at = (t: number): number => offset + Math.round(t * MS) - origin;
    for (const [coder, list] of [spans.a, spans.b].entries())
      for (const s of list)
        units.push({ coder, category: s.type, begin: at(s.startSec), length: at(s.endSec) - at(s.startSec) });
    offset += Math.round(extentSec.endSec * MS) - origin;
  }
  return unitizingAlpha({ begin: 0, length: offset, coders: 2, units });
}

/** κ over the utterances where both annotators set the field, α over every utterance (missing allowed). */
function categoricalAgreement(values: readonly { a: string | null; b: string | null }[]): {
  kappa: AgreementValue;
  alpha: AgreementValue;
} {
  const pairs = values.flatMap(({ a, b }) => (a !== null && b !== null ? [[a, b] as const] : []));
  return { kappa: cohenKappa(pairs), alpha: krippendorffAlphaNominal(values.map(({ a, b }) => [a, b])) };
}

/**
 * Computes every pending figure and its interval. Figures over the same number of utterances are
 * resampled together by `bootstrapIntervals`, which gives what one call per figure with the same seed
 * gives, drawing the resamples once.
 */
function resolvePending(
  pending: readonly Pending[],
  bootstrap: { resamples: number; seed: number; confidence: number },
): void {
  const groups = new Map<string, { p: Pending; values: Float64Array; value: number }[]>();
  for (const p of pending) {
    const values = Float64Array.from(p.values);
    const value = values.length === 0 ? undefined : defined(p.stat.combine(values));
    if (value === undefined) {
      p.set({ value: undefined, n: p.n });
      continue;
    }
    const key = `${p.stat.fromSums ? 'sums' : 'combine'}:${values.length / p.stat.width}`;
    const group = groups.get(key) ?? [];
    group.push({ p, values, value });
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const results = bootstrapIntervals(
      group.map((g) => g.p.stat),
      group.map((g) => g.values),
      bootstrap,
    );
    group.forEach(({ p, value }, k) => {
      const b = results[k]!;
      const ok = b.undefinedResamples * 2 <= b.resamples;
      p.set({ value, n: p.n, lo: ok ? defined(b.lo) : undefined, hi: ok ? defined(b.hi) : undefined });
    });
  }
}

/** One utterance with every annotator's layer of it. */
export interface AnnotatedUtterance {
  id: string;
  layers: readonly { annotator: string; gold: GoldRecords; status?: AnnotationStatus | null }[];
}

/** One annotator pair's row of the table. */
export interface AgreementPairRow {
  a: string;
  b: string;
  /** The utterances both annotated, in input order. */
  utteranceIds: string[];
  corpus: CorpusAgreement;
}

/** Agreement of every annotator pair, and of all annotators at once on the categorical fields. */
export interface AgreementTable {
  /** Every annotator with a layer, sorted. */
  annotators: string[];
  /** One row per pair (a before b in the sorted order) that shares at least one utterance. */
  pairs: AgreementPairRow[];
  /**
   * Per field over all annotators: Fleiss' κ over the utterances where every annotator of the table set
   * the field (Fleiss 1971 needs the same number of ratings per item; n says how many utterances), and
   * Krippendorff's α over every utterance, a layer without the field (or no layer) being a missing value.
   */
  all: Record<CategoricalField, { fleiss: AgreementValue; alpha: AgreementValue }>;
  signature: string;
}

/**
 * The per-annotator-pair table: for every two annotators, `corpusAgreement` over the utterances both
 * annotated (a is the annotator whose name sorts first), and Fleiss' κ and Krippendorff's α of all
 * annotators on labels and statuses. An annotator with two layers of one utterance is a
 * `MetricInputError` naming the utterance.
 */
export function agreementTable(
  utterances: readonly AnnotatedUtterance[],
  options: AgreementOptions = {},
): AgreementTable {
  const names = new Set<string>();
  for (const u of utterances) {
    const seen = new Set<string>();
    for (const l of u.layers) {
      if (seen.has(l.annotator))
        throw new MetricInputError(`utterance '${u.id}' has two layers of annotator '${l.annotator}'`);
      seen.add(l.annotator);
      names.add(l.annotator);
    }
  }
  const annotators = [...names].sort();
  const pairs: AgreementPairRow[] = [];
  for (let i = 0; i < annotators.length; i++) {
    for (let j = i + 1; j < annotators.length; j++) {
      const a = annotators[i]!;
      const b = annotators[j]!;
      const ids: string[] = [];
      const per: UtteranceAgreement[] = [];
      for (const u of utterances) {
        const la = u.layers.find((l) => l.annotator === a);
        const lb = u.layers.find((l) => l.annotator === b);
        if (!la || !lb) continue;
        ids.push(u.id);
        per.push(layerAgreement(la.gold, lb.gold, options, { a: la.status ?? null, b: lb.status ?? null }));
      }
      if (ids.length > 0) pairs.push({ a, b, utteranceIds: ids, corpus: corpusAgreement(per, options) });
    }
  }
  const units = (f: CategoricalField): (string | null)[][] =>
    utterances.map((u) =>
      annotators.map((name) => {
        const l = u.layers.find((x) => x.annotator === name);
        return l ? categoricalValue(l.gold, l.status ?? null, f) : null;
      }),
    );
  const overAll = (f: CategoricalField): { fleiss: AgreementValue; alpha: AgreementValue } => {
    const us = units(f);
    const complete = us.filter((vs): vs is string[] => vs.every((v) => v !== null));
    return {
      fleiss: annotators.length >= 2 ? fleissKappa(complete) : { value: undefined, n: 0 },
      alpha: krippendorffAlphaNominal(us),
    };
  };
  return {
    annotators,
    pairs,
    all: {
      inputKind: overAll('inputKind'),
      accuracyClass: overAll('accuracyClass'),
      knowledgeClass: overAll('knowledgeClass'),
      cantRepresent: overAll('cantRepresent'),
      status: overAll('status'),
    },
    signature: agreementSignature(options),
  };
}
