// Scores one system output against one utterance's gold standard with every metric both sides allow:
// word accuracy (with its alignment), concept accuracy, per tree tree node accuracy (typed tree edit
// distance with its mapping), Struct-IoU (when both sides have word times) and ParsEval (when both trees
// are over the same words), named entities (Burger et al.), and the N-best figures, under the project's
// scoring settings. Each part carries its sufficient statistics and its settings signature, so the studio
// can show it next to the waveform and reports can sum it.
import { scoreConcepts, caSignature } from '../metrics/conceptAccuracy';
import { parsevalSentence, parsevalSignature } from '../metrics/parseval';
import { scoreTreePair, tnaSignature } from '../metrics/treeNodeAccuracy';
import { scoreWords, werSignature } from '../metrics/wordAccuracy';
import type { GoldRecords } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import { figureAt, figureName, scoreNbest } from '../nbest/nbestScorer';
import { neSignature, scoreNeDocument } from '../ne/scoreNe';
import { keptEntityIndices } from '../ne/preprocess';
import { textAligner } from '../ne/textAligner';
import { timeAligner } from '../ne/timeAligner';
import { MetricInputError } from '../stats/errors';
import type { ScoringSettings } from '../api/contract';
import { DEFAULT_SCORING_SETTINGS, type ScoringDeps, phoneticAlignerOf } from './settings';
import { structIouOfSegmentTrees, structIouSignature } from '../structIou/structIou';
import { buildSegmentTree, nodePath } from '../structIou/segmentTree';
import { parseTreeOrThrow } from '../tree/bracket';

/** One word-alignment step: reference and hypothesis word indices (−1 for none) and the operation. */
export interface WordStep {
  op: 'C' | 'S' | 'I' | 'D';
  ref: number;
  hyp: number;
}

/** Everything scored for one utterance; a part is absent when one side lacks what it needs. */
export interface UtteranceScores {
  words?: {
    C: number;
    S: number;
    D: number;
    I: number;
    N: number;
    wer: number | null;
    steps: WordStep[];
    signature: string;
  };
  concepts?: {
    C: number;
    S: number;
    D: number;
    I: number;
    N: number;
    accuracy: number | null;
    signature: string;
  };
  trees: {
    name: string;
    tna?: {
      C: number;
      S: number;
      D: number;
      I: number;
      accuracy: number | null;
      distance: number;
      mapping: { i: number | null; j: number | null; op: string }[];
      signature: string;
    };
    structIou?: {
      score: number;
      matchedIou: number;
      nodes: number;
      /** Matched constituents as child-index paths from each tree's root, with their IoU. */
      pairs: { gold: number[]; pred: number[]; iou: number }[];
      signature: string;
    };
    /**
     * Labelled ParsEval (EVALB's COLLINS.prm conventions) when both trees have the same leaves; brackets
     * matched, in the gold and in the system tree. P, R and F1 follow parseval.ts's rule for 0/0 (1 when
     * nothing was to be found and nothing proposed, else 0), so a scored tree has numbers, never null.
     */
    parseval?: {
      precision: number | null;
      recall: number | null;
      f1: number | null;
      matched: number;
      gold: number;
      pred: number;
      signature: string;
    };
    /** Why a part of this tree's scoring could not be done (e.g. a system word without times). */
    notes: string[];
  }[];
  entities?: {
    /** Entities in the gold and in the output (after dropping punctuation-only ones). */
    ref: number;
    hyp: number;
    correct: number;
    entries: {
      ref: number;
      hyp: number;
      type: boolean | null;
      extent: boolean | null;
      content: boolean | null;
    }[];
    signature: string;
    /** What the settings asked for and could not be done (the time aligner without system word times). */
    notes?: string[];
  };
  nbest?: { figures: Record<string, number>; signature: string };
}

function timed(
  words: readonly { startSec?: number | null; endSec?: number | null }[],
): { startSec: number; endSec: number }[] | null {
  const out: { startSec: number; endSec: number }[] = [];
  for (const w of words) {
    if (w.startSec == null || w.endSec == null) return null;
    out.push({ startSec: w.startSec, endSec: w.endSec });
  }
  return out;
}

/**
 * Scores `output` against `gold` with `settings` (the defaults: sclite costs, case folded, text-aligned
 * entities with tolerance 1 and greedy mapping, flexible Struct-IoU terminals); `deps` carries the
 * pronouncing dictionary for the phonetic entity aligner.
 */
export function scoreUtterance(
  gold: GoldRecords,
  output: SystemOutput,
  settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
  deps: ScoringDeps = {},
): UtteranceScores {
  const result: UtteranceScores = { trees: [] };
  const hypWords = output.words ?? null;
  const seqOptions = { ignoreCase: settings.ignoreCase, costs: settings.costs };
  if (hypWords) {
    const w = scoreWords(
      gold.words.map((x) => x.text),
      hypWords.map((x) => x.text),
      seqOptions,
    );
    result.words = {
      ...w.stats,
      wer: w.wer,
      steps: w.alignment.map((p) => ({ op: p.op, ref: p.refIndex, hyp: p.hypIndex })),
      signature: werSignature(seqOptions),
    };
  }
  if (output.concepts) {
    const c = scoreConcepts(gold.concepts, output.concepts, seqOptions);
    result.concepts = { ...c.stats, accuracy: c.accuracy, signature: caSignature(seqOptions) };
  }
  const iouOptions = { flexible: settings.flexibleTerminals };
  const goldTimes = timed(gold.words);
  const hypTimes = hypWords ? timed(hypWords) : null;
  for (const pt of output.trees ?? []) {
    const gt = gold.trees.find((t) => t.name === pt.name);
    if (!gt) continue;
    const entry: UtteranceScores['trees'][number] = { name: pt.name, notes: [] };
    const gTree = parseTreeOrThrow(gt.bracket, { typed: gt.typed }, `gold tree "${gt.name}"`);
    const pTree = parseTreeOrThrow(pt.bracket, { typed: pt.typed }, `system tree "${pt.name}"`);
    const typed = gt.typed && pt.typed;
    const t = scoreTreePair(pt.name, gTree, pTree, { costs: { typed } });
    entry.tna = {
      ...t.counts,
      accuracy: t.accuracy,
      distance: t.distance,
      mapping: t.mapping.map((o) => ({ i: o.i, j: o.j, op: o.op })),
      signature: tnaSignature({ costs: { typed } }),
    };
    // ParsEval is defined only over one word sequence (Black et al. 1991; Shi et al. §5.1.2): a system tree
    // over recognised words that differ from the gold ones gets a note instead of a guess.
    const pe = parsevalSentence(gTree, pTree);
    if (pe.status === 'ok' && pe.labeled) {
      entry.parseval = {
        precision: pe.labeled.precision,
        recall: pe.labeled.recall,
        f1: pe.labeled.f1,
        matched: pe.stats.labeledMatch,
        gold: pe.stats.goldBrackets,
        pred: pe.stats.testBrackets,
        signature: parsevalSignature(),
      };
    } else entry.notes.push(`ParsEval: ${pe.reason ?? 'not scored'}`);
    // Struct-IoU compares constituents over time, so both trees need timed words (Shi et al. §3).
    if (goldTimes && hypTimes && !typed) {
      try {
        // structIou() without describing every constituent: only the matched ones' paths are kept.
        const g = buildSegmentTree(gTree, goldTimes, 'gold');
        const p = buildSegmentTree(pTree, hypTimes, 'pred');
        const s = structIouOfSegmentTrees(g, p, iouOptions, true);
        entry.structIou = {
          score: s.score,
          matchedIou: s.matchedIou,
          nodes: s.nodes,
          pairs: s.pairs.map((q) => ({ gold: nodePath(g, q.gold), pred: nodePath(p, q.pred), iou: q.iou })),
          signature: structIouSignature(iouOptions),
        };
      } catch (err) {
        entry.notes.push(`Struct-IoU: ${(err as Error).message}`);
      }
    } else if (!typed) entry.notes.push('Struct-IoU needs word times on both sides');
    result.trees.push(entry);
  }
  if (output.entities && hypWords) {
    const notes: string[] = [];
    let aligner = textAligner;
    if (settings.neAligner === 'phonetic') aligner = phoneticAlignerOf(deps);
    else if (settings.neAligner === 'time') {
      // Burger et al. §2.1 use the recognizer's timestamps where there are any; without them the words are
      // aligned as text, and the signature says so.
      if (goldTimes && hypTimes) aligner = timeAligner;
      else notes.push('the time aligner needs word times on both sides; aligned as text');
    }
    let neSettings = {
      aligner,
      tolerance: settings.neTolerance,
      mapping: settings.neMapping,
      caseFold: settings.ignoreCase,
    };
    const refDoc = { words: gold.words, entities: gold.entities };
    const hypDoc = {
      words: hypWords.map((w) => ({ text: w.text, startSec: w.startSec ?? null, endSec: w.endSec ?? null })),
      entities: output.entities,
    };
    let d: ReturnType<typeof scoreNeDocument>;
    try {
      d = scoreNeDocument(refDoc, hypDoc, neSettings);
    } catch (err) {
      // Times out of order (overlapping system words) defeat the time aligner, not the scoring.
      if (aligner !== timeAligner || !(err instanceof MetricInputError)) throw err;
      notes.push(`${err.message}; aligned as text`);
      neSettings = { ...neSettings, aligner: textAligner };
      d = scoreNeDocument(refDoc, hypDoc, neSettings);
    }
    // The scorer numbers the entities that survive preprocessing (punctuation-only ones are dropped,
    // Burger et al. stage 1); the studio needs the indices of the entities as given.
    const keptRef = keptEntityIndices({ words: refDoc.words, entities: refDoc.entities });
    const keptHyp = keptEntityIndices({ words: hypDoc.words, entities: hypDoc.entities });
    const entries = d.entries.map((e) => ({
      ref: e.ref >= 0 ? keptRef[e.ref]! : -1,
      hyp: e.hyp >= 0 ? keptHyp[e.hyp]! : -1,
      type: e.judgement?.type ?? null,
      extent: e.judgement?.extent ?? null,
      content: e.judgement?.content ?? null,
    }));
    result.entities = {
      ref: d.stats.ref,
      hyp: d.stats.hyp,
      correct: entries.filter((e) => e.type && e.extent && e.content).length,
      entries,
      signature: neSignature(neSettings),
      ...(notes.length > 0 ? { notes } : {}),
    };
  }
  if (output.nbest && gold.interpretations.length > 0) {
    const s = scoreNbest(
      [
        {
          id: 'u',
          nbest: output.nbest.map((e) => ({ interp: e.interpretation, score: e.score })),
          gold: gold.interpretations,
          labels: {},
        },
      ],
      { interp: 'auto' },
    );
    const figures: Record<string, number> = {};
    for (const m of ['NotFound', 'FRecall', 'NDCG'] as const)
      s.ks.forEach((k, ki) => (figures[figureName(m, k)] = figureAt(s, 0, m, ki)));
    result.nbest = { figures, signature: s.signature };
  }
  return result;
}
