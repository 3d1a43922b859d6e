// Scores one system output against one utterance's gold standard with every metric both sides allow:
// word accuracy (with its alignment, as text or time-mediated, after the project's GLM file and text
// normaliser) and character error rate, concept accuracy, per tree tree node accuracy (typed tree edit
// distance with its mapping), Struct-IoU (when both sides have word times) and ParsEval (when both trees
// are over the same words), named entities (Burger et al.), and the N-best figures, under the project's
// scoring settings. Each part carries its sufficient statistics and its settings signature, so the studio
// can show it next to the waveform and reports can sum it.
import { scoreConcepts, caSignature } from '../metrics/conceptAccuracy';
import { parsevalSentence, parsevalSignature } from '../metrics/parseval';
import { scoreTreePair, tnaSignature } from '../metrics/treeNodeAccuracy';
import { scoreWords, werSignature } from '../metrics/wordAccuracy';
import { type TimedWerOptions, scoreTimedTranscripts, timedWerSignature } from '../metrics/timedWer';
import { normaliseWithSources } from '../text/englishNormaliser';
import { type Glm, applyGlmWithSources, parseGlm } from '../formats/glm';
import { needsNetwork } from '../align/transcript';
import { type GoldRecords, usableGold } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import { figureAt, figureName, scoreNbest } from '../nbest/nbestScorer';
import { neSignature, scoreNeDocument } from '../ne/scoreNe';
import { keptEntityIndices } from '../ne/preprocess';
import { textAligner } from '../ne/textAligner';
import { timeAligner } from '../ne/timeAligner';
import { MetricInputError } from '../errors';
import type { ScoringSettings } from '../api/contract';
import { DEFAULT_SCORING_SETTINGS, type ScoringDeps, phoneticAlignerOf } from './settings';
import { structIouOfSegmentTrees, structIouSignature } from '../structIou/structIou';
import { buildSegmentTree, nodePath } from '../structIou/segmentTree';
import { parseTreeOrThrow } from '../tree/bracket';
import { tedCosts } from '../ted/costModel';
import { type TreeNode, foldLeafCase, postorder } from '../tree/tree';
import type { UtteranceScores } from './utteranceScores';
import { METRIC, type SystemProfile, completeOutput, expectedMetrics, systemProfile } from './coverage';

/** The scores' types, defined once by their schema. */
export type { UtteranceScores, WordStep } from './utteranceScores';

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

/** Adds a tree's scores, and each of its expected metrics that could not be computed to `unscored`. */
function pushTree(
  result: UtteranceScores,
  entry: UtteranceScores['trees'][number],
  iouOptions: { flexible: boolean },
  ignoreCase: boolean,
): void {
  result.trees.push(entry);
  const unscored = (metric: string, signature: string, prefix: string): void => {
    if (!result.expected?.includes(metric)) return;
    const reason = entry.notes.find((n) => n.startsWith(prefix)) ?? `${prefix}: not scored`;
    (result.unscored ??= []).push({ metric, signature, reason });
  };
  if (!entry.parseval)
    unscored(METRIC.parseval(entry.name), parsevalSignature(undefined, ignoreCase), 'ParsEval');
  if (!entry.structIou) unscored(METRIC.structIou(entry.name), structIouSignature(iouOptions), 'Struct-IoU');
}

/** The tree scores of a system that proposed no tree where the gold has one: every gold node deleted. */
function missingTreeScores(
  entry: UtteranceScores['trees'][number],
  gTree: TreeNode,
  typed: boolean,
  goldTimes: { startSec: number; endSec: number }[] | null,
  iouOptions: { flexible: boolean },
  ignoreCase: boolean,
): void {
  const tnaOptions = { costs: { typed }, ignoreCase };
  const nodes = postorder(gTree).length;
  entry.tna = {
    C: 0,
    S: 0,
    D: nodes,
    I: 0,
    accuracy: 0,
    distance: nodes * tedCosts(tnaOptions.costs).del,
    mapping: Array.from({ length: nodes }, (_, k) => ({ i: k + 1, j: null, op: 'D' })),
    signature: tnaSignature(tnaOptions),
  };
  // No bracket proposed: recall 0; precision is 0/0, undefined (F1 = 2·0 / (gold + 0) = 0).
  const gold = parsevalSentence(gTree, gTree).stats.goldBrackets;
  entry.parseval = {
    precision: null,
    recall: gold > 0 ? 0 : null,
    f1: gold > 0 ? 0 : null,
    matched: 0,
    gold,
    pred: 0,
    signature: parsevalSignature(undefined, ignoreCase),
  };
  if (!goldTimes) {
    entry.notes.push('Struct-IoU needs word times on both sides');
    return;
  }
  try {
    // Shi et al. Definition 12 with N2 = ∅: nothing matched, the score is 0 over the gold's constituents.
    const g = buildSegmentTree(gTree, goldTimes, 'gold');
    entry.structIou = {
      score: 0,
      matchedIou: 0,
      nodes: g.size,
      pairs: [],
      signature: structIouSignature(iouOptions),
    };
  } catch (err) {
    entry.notes.push(`Struct-IoU: ${(err as Error).message}`);
  }
}

/**
 * WER of the (filtered) tokens aligned by their times, each token with the times of the written word it
 * comes from (`sources`); when a token spans words, an alternation needs sclite's network, or a word has
 * no times, the figure cannot be computed and the reason is returned instead.
 */
function timedWer(
  ref: readonly string[],
  hyp: readonly string[],
  goldWords: readonly { startSec?: number | null; endSec?: number | null }[],
  hypWords: readonly { startSec?: number | null; endSec?: number | null }[],
  sources: { refOf: (k: number) => number; hypOf: (k: number) => number } | null,
  options: TimedWerOptions,
  filters: { glm?: string; normaliser?: string },
): NonNullable<UtteranceScores['words']> | { metric: string; signature: string; reason: string } {
  const clean = (v: string): string => v.replace(/[|:]/g, '_');
  let signature = timedWerSignature(options);
  const extra =
    (filters.glm ? `|glm:${clean(filters.glm)}` : '') +
    (filters.normaliser ? `|norm:${clean(filters.normaliser)}` : '');
  const at = signature.lastIndexOf('|v:');
  signature = `${signature.slice(0, at)}${extra}${signature.slice(at)}`;
  const name = options.mode.kind === 'collar' ? 'WER with a collar' : 'time-mediated WER';
  const goldTimes = timed(goldWords);
  const hypTimes = timed(hypWords);
  if (!goldTimes || !hypTimes)
    return { metric: METRIC.wer, signature, reason: `${name} needs word times on both sides` };
  if (!sources)
    return {
      metric: METRIC.wer,
      signature,
      reason: `${name}: a filtered word spans written words or alternates, so it has no times`,
    };
  const { refOf, hypOf } = sources;
  const refTimed = ref.map((text, k) => ({ text, ...goldTimes[refOf(k)]! }));
  const hypTimed = hyp.map((text, k) => ({ text, ...hypTimes[hypOf(k)]! }));
  const u = scoreTimedTranscripts([{ id: 'u', words: refTimed }], [{ id: 'u', words: hypTimed }], options)
    .utterances[0]!;
  return {
    ...u.stats,
    wer: u.wer,
    steps: u.alignment.map((p) => ({
      op: p.op,
      ref: p.refIndex < 0 ? -1 : refOf(p.refIndex),
      hyp: p.hypIndex < 0 ? -1 : hypOf(p.hypIndex),
    })),
    signature,
  };
}

// The GLM rules of the last settings scored with: a project scores many utterances with one file.
let lastGlm: { text: string; glm: Glm } | null = null;

/** The rules of a GLM file's text, parsed once while the text stays the same (checked when saved). */
function glmOf(text: string): Glm {
  if (lastGlm?.text !== text) lastGlm = { text, glm: parseGlm(text).value };
  return lastGlm.glm;
}

/**
 * Scores `output` against `gold` with `settings` (the defaults: sclite costs, case folded, text-aligned
 * entities with tolerance 1 and greedy mapping, flexible Struct-IoU terminals); `deps` carries the
 * pronouncing dictionary for the phonetic entity aligner. `profile` is what the system outputs over the
 * project (see coverage.ts): a part it outputs elsewhere but not here — or every part, when `output` is
 * null — is scored as an empty hypothesis. Without a profile, the output's own parts are scored.
 */
export function scoreUtterance(
  stored: GoldRecords,
  given: SystemOutput | null,
  settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
  deps: ScoringDeps = {},
  profile: SystemProfile = systemProfile(given ? [given] : []),
): UtteranceScores {
  // Gold that an older version let into a project (a tree not over the words or nested too deep,
  // overlapping entities) is left out of the scoring with a note, and the rest is scored.
  const { gold, notes: goldNotes } = usableGold(stored);
  const { output, missing } = completeOutput(given?.id ?? '', given, profile);
  const result: UtteranceScores = {
    ...(goldNotes.length > 0 ? { goldNotes } : {}),
    ...(missing.length > 0 ? { missing } : {}),
    expected: expectedMetrics(gold, profile),
    trees: [],
  };
  const hypWords = output.words ?? null;
  const seqOptions = { ignoreCase: settings.ignoreCase, costs: settings.costs };
  if (hypWords) {
    let ref = gold.words.map((x) => x.text);
    let hyp = hypWords.map((x) => x.text);
    // With a normaliser, steps point back to the written words when each token comes from one word;
    // when a number or contraction spans words there is no such word, and no steps are given.
    let refOf: ((k: number) => number) | null = (k) => k;
    let hypOf: ((k: number) => number) | null = (k) => k;
    const normaliser = settings.normaliser ?? 'none';
    const glm = settings.glm ? glmOf(settings.glm.text) : null;
    if (glm) {
      // As `csrfilt.sh -i trn`, before the normaliser (the order `sieve wer --glm --normalise` uses).
      const r = applyGlmWithSources(glm, ref);
      const h = applyGlmWithSources(glm, hyp);
      ref = r.tokens;
      hyp = h.tokens;
      refOf = r.sources ? (k) => r.sources![k]! : null;
      hypOf = h.sources ? (k) => h.sources![k]! : null;
    }
    if (normaliser !== 'none') {
      const r = normaliseWithSources(normaliser, ref);
      const h = normaliseWithSources(normaliser, hyp);
      ref = r.tokens;
      hyp = h.tokens;
      const refBefore = refOf;
      const hypBefore = hypOf;
      refOf = r.sources && refBefore ? (k) => refBefore(r.sources![k]!) : null;
      hypOf = h.sources && hypBefore ? (k) => hypBefore(h.sources![k]!) : null;
    }
    const filters = {
      ...(settings.glm ? { glm: `${settings.glm.name}#${settings.glm.sha256}` } : {}),
      ...(normaliser !== 'none' ? { normaliser } : {}),
    };
    // With a GLM file the words are read as `sieve wer --glm` reads them, with sclite's syntax, so that
    // a rule's alternation (`{HE IS / HE HAS}`) is one; its network alignment has no written-word steps.
    const syntax = glm !== null;
    const werOptions = {
      ...seqOptions,
      ...(syntax ? { scliteSyntax: true } : {}),
      ...(Object.keys(filters).length > 0 ? { filters } : {}),
    };
    const reading = { syntax, fold: settings.ignoreCase };
    const network = syntax && (needsNetwork(ref, reading) || needsNetwork(hyp, reading));
    const wordAlignment = settings.wordAlignment;
    if (wordAlignment !== 'text') {
      const timedWords = timedWer(
        ref,
        hyp,
        gold.words,
        hypWords,
        refOf && hypOf && !network ? { refOf, hypOf } : null,
        {
          mode:
            wordAlignment === 'collar'
              ? { kind: 'collar', collarSec: settings.collarSec }
              : { kind: 'time-mediated' },
          ignoreCase: settings.ignoreCase,
          costs: settings.costs,
        },
        filters,
      );
      if ('reason' in timedWords) {
        if (result.expected?.includes(METRIC.wer)) (result.unscored ??= []).push(timedWords);
      } else result.words = timedWords;
    }
    if (wordAlignment === 'text') {
      const w = scoreWords(ref, hyp, werOptions);
      result.words = {
        ...w.stats,
        wer: w.wer,
        steps:
          refOf && hypOf && !network
            ? w.alignment.map((p) => ({
                op: p.op,
                ref: p.refIndex < 0 ? -1 : refOf(p.refIndex),
                hyp: p.hypIndex < 0 ? -1 : hypOf(p.hypIndex),
              }))
            : [],
        signature: werSignature(werOptions),
      };
    }
    const cerOptions = { ...werOptions, characters: {} };
    try {
      const c = scoreWords(ref, hyp, cerOptions);
      result.chars = { ...c.stats, cer: c.wer, signature: werSignature(cerOptions) };
    } catch (err) {
      // Characters too many to align (an hour of speech as one utterance) leave CER undefined, and the
      // utterance's other figures stand.
      if (!(err instanceof MetricInputError)) throw err;
      if (result.expected?.includes(METRIC.cer))
        (result.unscored ??= []).push({
          metric: METRIC.cer,
          signature: werSignature(cerOptions),
          reason: `CER: ${err.message}`,
        });
    }
  }
  if (output.concepts) {
    const c = scoreConcepts(gold.concepts, output.concepts, seqOptions);
    result.concepts = { ...c.stats, accuracy: c.accuracy, signature: caSignature(seqOptions) };
  }
  const iouOptions = { flexible: settings.flexibleTerminals };
  const goldTimes = timed(gold.words);
  const hypTimes = hypWords ? timed(hypWords) : null;
  // One case rule for every comparison of words: the trees' leaves are folded as word accuracy folds words.
  const ignoreCase = settings.ignoreCase;
  const fold = (t: TreeNode): TreeNode => (ignoreCase ? foldLeafCase(t) : t);
  for (const { name, typed: profileTyped } of profile.trees) {
    const gt = gold.trees.find((t) => t.name === name);
    if (!gt) continue;
    const pt = (output.trees ?? []).find((t) => t.name === name) ?? null;
    const entry: UtteranceScores['trees'][number] = { name, notes: [] };
    const gTree = fold(parseTreeOrThrow(gt.bracket, { typed: gt.typed }, `gold tree "${gt.name}"`));
    if (!pt) {
      entry.notes.push('the system has no tree here: every gold node counts as deleted');
      missingTreeScores(entry, gTree, gt.typed && profileTyped, goldTimes, iouOptions, ignoreCase);
      pushTree(result, entry, iouOptions, ignoreCase);
      continue;
    }
    const pTree = fold(parseTreeOrThrow(pt.bracket, { typed: pt.typed }, `system tree "${pt.name}"`));
    const typed = gt.typed && pt.typed;
    const tnaOptions = { costs: { typed }, ignoreCase };
    // The leaves are folded already; tnaOptions names the rule in the signature.
    const t = scoreTreePair(pt.name, gTree, pTree, { costs: { typed } });
    entry.tna = {
      ...t.counts,
      accuracy: t.accuracy,
      distance: t.distance,
      mapping: t.mapping.map((o) => ({ i: o.i, j: o.j, op: o.op })),
      signature: tnaSignature(tnaOptions),
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
        signature: parsevalSignature(undefined, ignoreCase),
      };
    } else entry.notes.push(`ParsEval: ${pe.reason ?? 'not scored'}`);
    // Struct-IoU compares constituents over time, so both trees need timed words (Shi et al. §3).
    // Struct-IoU looks at the constituents' times only, never at labels or types, so a typed tree is scored
    // like any other (its matched pairs are what the studio colours alike in both trees).
    if (goldTimes && hypTimes) {
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
    } else entry.notes.push('Struct-IoU needs word times on both sides');
    pushTree(result, entry, iouOptions, ignoreCase);
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
      punctuation: settings.nePunctuation,
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
    const pre = { caseFold: settings.ignoreCase, punctuation: settings.nePunctuation };
    const keptRef = keptEntityIndices({ words: refDoc.words, entities: refDoc.entities }, pre);
    const keptHyp = keptEntityIndices({ words: hypDoc.words, entities: hypDoc.entities }, pre);
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
