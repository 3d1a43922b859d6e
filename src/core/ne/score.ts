// Stage 5 (Burger et al. §2.5): per-document sufficient statistics and the corpus figures made from
// them. A wrong component of a mapped pair is a substitution, counting against recall and precision; an
// unmapped reference entity is one recall error per component, an unmapped hypothesis entity one precision
// error per component; F = 2PR/(P+R). The slot error rate of Makhoul et al. (footnote 7) counts a
// substitution once: SER = (S + D + I) / N.
import { additiveStatistic, type CorpusStatistic } from '../stats/statistic';
import type { NeJudgement } from './compare';

/** `full`: type, extent and content (§2.4). `muc`: type and text = extent ∧ content at tolerance 0 (§3, fn. 8). */
export type NeMode = 'full' | 'muc';

/** A judged component; `text` is extent and content together, MUC mode's second component. */
export type NeComponent = 'type' | 'extent' | 'content' | 'text';

/** What the counts track: the components, and `entity` = every component of a pair right. */
export type NeCounted = NeComponent | 'entity';

/** The components each mode reports and pools into its overall figure. */
export const NE_COMPONENTS: Readonly<Record<NeMode, readonly NeComponent[]>> = {
  full: ['type', 'extent', 'content'],
  muc: ['type', 'text'],
};

const COUNTED: readonly NeCounted[] = ['type', 'extent', 'content', 'text', 'entity'];

type Counts = Record<NeCounted, number>;
const zero = (): Counts => ({ type: 0, extent: 0, content: 0, text: 0, entity: 0 });

/** Counts of one entity type: recall side by reference type, precision side by hypothesis type. */
export interface NeTypeStats {
  ref: number;
  hyp: number;
  correctRef: Counts;
  correctHyp: Counts;
}

/** Sufficient statistics of one document (or, summed, of a corpus). */
export interface NeStats {
  ref: number;
  hyp: number;
  mapped: number;
  correct: Counts;
  byType: Record<string, NeTypeStats>;
}

/** Statistics of nothing. */
export function emptyNeStats(): NeStats {
  return { ref: 0, hyp: 0, mapped: 0, correct: zero(), byType: {} };
}

function typeStats(s: NeStats, type: string): NeTypeStats {
  let t = s.byType[type];
  if (!t) s.byType[type] = t = { ref: 0, hyp: 0, correctRef: zero(), correctHyp: zero() };
  return t;
}

/** Which components a judgement gets right (`text` and `entity` derived from the three). */
export function verdicts(j: NeJudgement): Record<NeCounted, boolean> {
  const text = j.extent && j.content;
  return { type: j.type, extent: j.extent, content: j.content, text, entity: j.type && text };
}

/** Adds one line of the comparison: a mapped pair (both types and a judgement) or an unmapped entity. */
export function addToStats(
  s: NeStats,
  refType: string | null,
  hypType: string | null,
  judgement: NeJudgement | null,
): void {
  const rt = refType === null ? null : typeStats(s, refType);
  const ht = hypType === null ? null : typeStats(s, hypType);
  if (rt) {
    s.ref++;
    rt.ref++;
  }
  if (ht) {
    s.hyp++;
    ht.hyp++;
  }
  if (!rt || !ht || !judgement) return;
  s.mapped++;
  const v = verdicts(judgement);
  for (const c of COUNTED) {
    if (!v[c]) continue;
    s.correct[c]++;
    rt.correctRef[c]++;
    ht.correctHyp[c]++;
  }
}

/** The sum of per-document statistics (a corpus is a sum of counts, never a mean of ratios). */
export function sumNeStats(items: readonly NeStats[]): NeStats {
  const s = emptyNeStats();
  for (const it of items) {
    s.ref += it.ref;
    s.hyp += it.hyp;
    s.mapped += it.mapped;
    for (const c of COUNTED) s.correct[c] += it.correct[c];
    for (const [type, t] of Object.entries(it.byType)) {
      const st = typeStats(s, type);
      st.ref += t.ref;
      st.hyp += t.hyp;
      for (const c of COUNTED) {
        st.correctRef[c] += t.correctRef[c];
        st.correctHyp[c] += t.correctHyp[c];
      }
    }
  }
  return s;
}

/** Precision, recall and F of one component from its counts. */
export interface NePrf {
  correct: number;
  ref: number;
  hyp: number;
  precision: number;
  recall: number;
  f: number;
}

/** A figure with its slot error rate. */
export interface NePrfSer extends NePrf {
  ser: number;
}

/**
 * P = correct/hyp, R = correct/ref, F = 2·correct/(ref + hyp), which is 2PR/(P+R). Rules: undefined is
 * NaN, never 0: P is NaN with no hypothesis slots, R with no reference slots, and F whenever P or R is
 * (one reference entity and no hypothesis: P and F undefined, R = 0). P = R = 0 gives F = 0 (the count
 * form has no 0/0). conlleval prints 0.00 for all three of these undefined figures.
 */
export function prf(correct: number, ref: number, hyp: number): NePrf {
  return {
    correct,
    ref,
    hyp,
    precision: hyp > 0 ? correct / hyp : Number.NaN,
    recall: ref > 0 ? correct / ref : Number.NaN,
    f: ref > 0 && hyp > 0 ? (2 * correct) / (ref + hyp) : Number.NaN,
  };
}

/** Errors over reference slots; rule: x/0 is +Infinity for x > 0 and NaN for 0/0. */
export function slotErrorRate(errors: number, refSlots: number): number {
  if (refSlots > 0) return errors / refSlots;
  return errors > 0 ? Number.POSITIVE_INFINITY : Number.NaN;
}

/** Corpus (or document) figures: per component, pooled over the mode's components, whole entities, by type. */
export interface NeScore {
  mode: NeMode;
  components: Partial<Record<NeComponent, NePrfSer>>;
  /** All slots of the mode's components pooled, as the paper's single F (§2.5). */
  overall: NePrfSer;
  /** A pair counts only when every component is right: the exact-match entity F1 in MUC mode. */
  entity: NePrfSer;
  /**
   * Per type: the mode's components, their pool, and whole entities (exact match of type and extent, as
   * conlleval's per-type lines; `correct` counts such entities of the type).
   */
  byType: Record<
    string,
    {
      ref: number;
      hyp: number;
      components: Partial<Record<NeComponent, NePrf>>;
      overall: NePrf;
      entity: NePrf;
    }
  >;
}

/** Turns (summed) statistics into the figures of `mode`. */
export function neScore(s: NeStats, mode: NeMode): NeScore {
  const comps = NE_COMPONENTS[mode];
  const k = comps.length;
  // Makhoul et al.: a wrong component of a mapped pair is one substitution; unmapped ones are a deletion
  // (reference) or an insertion (hypothesis) each.
  const unmatched = s.ref - s.mapped + (s.hyp - s.mapped);
  const withSer = (c: number, slots: number): NePrfSer => ({
    ...prf(c, s.ref * slots, s.hyp * slots),
    ser: slotErrorRate(s.mapped * slots - c + unmatched * slots, s.ref * slots),
  });
  const components: Partial<Record<NeComponent, NePrfSer>> = {};
  let pooled = 0;
  for (const c of comps) {
    components[c] = withSer(s.correct[c], 1);
    pooled += s.correct[c];
  }
  const byType: NeScore['byType'] = {};
  for (const type of Object.keys(s.byType).sort()) {
    const t = s.byType[type]!;
    const tc: Partial<Record<NeComponent, NePrf>> = {};
    let cr = 0;
    let ch = 0;
    for (const c of comps) {
      tc[c] = typePrf(t.correctRef[c], t.correctHyp[c], t.ref, t.hyp);
      cr += t.correctRef[c];
      ch += t.correctHyp[c];
    }
    byType[type] = {
      ref: t.ref,
      hyp: t.hyp,
      components: tc,
      overall: typePrf(cr, ch, t.ref * k, t.hyp * k),
      entity: typePrf(t.correctRef.entity, t.correctHyp.entity, t.ref, t.hyp),
    };
  }
  return { mode, components, overall: withSer(pooled, k), entity: withSer(s.correct.entity, 1), byType };
}

// By type, the correct counts of recall and precision differ when a mapped pair's types differ, so F is
// 2PR/(P+R) itself. Rules, as prf's: P is NaN with no hypothesis entity of the type, R with no reference
// entity of it, F whenever P or R is (never 0 for undefined); P = R = 0 gives F = 0.
function typePrf(correctRef: number, correctHyp: number, ref: number, hyp: number): NePrf {
  const precision = hyp > 0 ? correctHyp / hyp : Number.NaN;
  const recall = ref > 0 ? correctRef / ref : Number.NaN;
  let f = Number.NaN;
  if (ref > 0 && hyp > 0) f = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { correct: correctRef, ref, hyp, precision, recall, f };
}

/** Per-document `[correct, ref slots, hyp slots]` of one component (or `entity`), for resampling. */
export function neItemStats(items: readonly NeStats[], counted: NeCounted): Float64Array {
  const out = new Float64Array(items.length * 3);
  items.forEach((s, i) => {
    out[3 * i] = s.correct[counted];
    out[3 * i + 1] = s.ref;
    out[3 * i + 2] = s.hyp;
  });
  return out;
}

/**
 * F from summed `[correct, ref, hyp]` items, for bootstrap and significance; NaN (undefined) when either
 * side has no entities, as `prf`'s F.
 */
export const neFStatistic: CorpusStatistic = additiveStatistic('ne-f', 3, (s) =>
  s[1]! > 0 && s[2]! > 0 ? (2 * s[0]!) / (s[1]! + s[2]!) : Number.NaN,
);
