// A project's ASR analysis, per system and per pair of systems: sclite's error analysis (confusion pairs,
// insertions, deletions, substitutions with the utterances of each), its summary by speaker, NCE and the
// reliability diagram of the word confidences, and sc_stats's significance tests. It reads the word
// alignments the scoring made (the steps of each utterance's scores), it does not align again.
import { z } from 'zod';
import type { EditOp } from '../align/align';
import { type UtteranceAlignment, mapssweTest } from '../stats/mapsswe';
import {
  type SignificanceResult,
  type UtteranceCounts,
  mcnemarTest,
  signTest,
  speakerPercentages,
  wilcoxonTest,
} from '../stats/sctkTests';
import { makeSignature } from '../stats/signature';
import { type ConfidenceWord, NCE_SIGNATURE, normalisedCrossEntropy, reliabilityDiagram } from './confidence';
import { type AnalysedUtterance, errorAnalysis } from './errorAnalysis';
import { speakerSummary, speakerSummaryFractions } from './speakerSummary';

/** How many entries of each list (confusion pairs, insertions …) the report keeps: the most frequent. */
export const ASR_LIST_LIMIT = 200;

const Counted = z.strictObject({ key: z.string(), count: z.number(), utterances: z.array(z.string()) });
const CountedList = z.strictObject({
  /** Distinct entries in all (the list itself holds at most ASR_LIST_LIMIT). */
  distinct: z.number(),
  items: z.array(Counted),
});
const num = z.number().nullable();
const SpeakerRowSchema = z.strictObject({
  speaker: z.string(),
  sentences: z.number(),
  sentenceErrors: z.number(),
  C: z.number(),
  S: z.number(),
  D: z.number(),
  I: z.number(),
  words: z.number(),
  corr: num,
  sub: num,
  del: num,
  ins: num,
  err: num,
  sErr: num,
  nce: num.optional(),
});
const StatRow = z.strictObject({
  sentences: z.number(),
  words: z.number(),
  corr: num,
  sub: num,
  del: num,
  ins: num,
  err: num,
  sErr: num,
  nce: num.optional(),
});

/** One system's analysis. */
export const AsrSystemReport = z.strictObject({
  systemId: z.number(),
  name: z.string(),
  /** Utterances analysed: those the scoring aligned words for. */
  utterances: z.number(),
  sentences: z.strictObject({
    total: z.number(),
    withErrors: z.number(),
    withSubstitutions: z.number(),
    withDeletions: z.number(),
    withInsertions: z.number(),
  }),
  words: z.strictObject({
    C: z.number(),
    S: z.number(),
    D: z.number(),
    I: z.number(),
    ref: z.number(),
    hyp: z.number(),
    aligned: z.number(),
  }),
  confusions: CountedList,
  insertions: CountedList,
  deletions: CountedList,
  substitutions: CountedList,
  falselyRecognized: CountedList,
  /** sclite's summary by speaker; its rates are fractions (0–1). */
  speakers: z.strictObject({
    rows: z.array(SpeakerRowSchema),
    total: SpeakerRowSchema,
    mean: StatRow,
    sd: StatRow,
    median: StatRow,
    speakersWithoutWords: z.number(),
  }),
  /** NCE of the word confidences; null with the reason when it cannot be computed. */
  nce: z.strictObject({ value: num, n: z.number(), reason: z.string().nullable(), signature: z.string() }),
  /** Reliability diagram bins (null when the words lack confidences) and the expected calibration error. */
  reliability: z
    .strictObject({
      bins: z.array(
        z.strictObject({ lo: z.number(), hi: z.number(), n: z.number(), meanConfidence: num, accuracy: num }),
      ),
      ece: num,
      n: z.number(),
    })
    .nullable(),
  /** The word scoring's signature (how the alignments were made). */
  wordSignature: z.string(),
  /** The analysis's own settings: where speakers come from, how long the lists are. */
  signature: z.string(),
});
export type AsrSystemReport = z.infer<typeof AsrSystemReport>;

/** One test between two systems, as `SignificanceResult`. */
const TestResult = z.strictObject({
  test: z.enum(['mapsswe', 'sign', 'wilcoxon', 'mcnemar']),
  pValue: num,
  exactPValue: z.number().optional(),
  n: z.number(),
  unit: z.enum(['speakers', 'segments', 'utterances']),
  better: z.enum(['A', 'B']).nullable(),
  details: z.record(z.string(), z.number()),
  signature: z.string(),
});

/** The whole ASR part of a report. */
export const AsrReport = z.strictObject({
  systems: z.array(AsrSystemReport),
  pairs: z.array(
    z.strictObject({ systemA: z.string(), systemB: z.string(), n: z.number(), tests: z.array(TestResult) }),
  ),
});
export type AsrReport = z.infer<typeof AsrReport>;

/** An utterance's word alignment as the scoring stored it: operations with indices into both word lists. */
export interface ScoredWords {
  steps: readonly { op: EditOp; ref: number; hyp: number }[];
  signature: string;
}

/** What the analysis reads. */
export interface AsrInput {
  utterances: readonly { id: string; speaker: string; goldWords: readonly string[] }[];
  systems: readonly {
    systemId: number;
    name: string;
    /** The scoring's word alignment per utterance (absent where the utterance was not scored for words). */
    words: ReadonlyMap<string, ScoredWords>;
    /** The system's own words per utterance, with confidences where it gave them. */
    hypWords: ReadonlyMap<string, readonly { text: string; confidence?: number }[]>;
  }[];
  /** Fold case in the lists, as the scoring compared words. */
  caseFold: boolean;
}

/** The speaker shown for an utterance without one. */
export const NO_SPEAKER = '(no speaker)';

function limited(items: readonly { key: string; count: number; utterances: string[] }[]) {
  return {
    distinct: items.length,
    items: items
      .slice(0, ASR_LIST_LIMIT)
      .map((i) => ({ key: i.key, count: i.count, utterances: i.utterances })),
  };
}

interface SystemData {
  analysed: AnalysedUtterance[];
  counts: UtteranceCounts[];
  alignments: UtteranceAlignment[];
  /** Each utterance's hypothesis words with confidence and correctness; null when any word lacks a confidence. */
  confidences: Map<string, ConfidenceWord[]> | null;
  missingConfidence: number;
  signature: string;
}

function systemData(input: AsrInput, s: AsrInput['systems'][number]): SystemData {
  const analysed: AnalysedUtterance[] = [];
  const counts: UtteranceCounts[] = [];
  const alignments: UtteranceAlignment[] = [];
  const confidences = new Map<string, ConfidenceWord[]>();
  let missingConfidence = 0;
  let signature = '';
  for (const u of input.utterances) {
    const w = s.words.get(u.id);
    if (!w) continue;
    signature ||= w.signature;
    const hyp = s.hypWords.get(u.id) ?? [];
    const alignment = w.steps.map((st) => ({
      op: st.op,
      ref: st.ref >= 0 ? (u.goldWords[st.ref] ?? null) : null,
      hyp: st.hyp >= 0 ? (hyp[st.hyp]?.text ?? null) : null,
    }));
    analysed.push({ id: u.id, alignment });
    let C = 0;
    let S = 0;
    let D = 0;
    let I = 0;
    const conf: ConfidenceWord[] = [];
    confidences.set(u.id, conf);
    for (const st of w.steps) {
      if (st.op === 'C') C++;
      else if (st.op === 'S') S++;
      else if (st.op === 'D') D++;
      else I++;
      if (st.op !== 'D') {
        const c = hyp[st.hyp]?.confidence;
        if (c === undefined) missingConfidence++;
        else conf.push({ confidence: c, correct: st.op === 'C' });
      }
    }
    counts.push({ id: u.id, speaker: u.speaker || NO_SPEAKER, C, S, D, I });
    alignments.push({ id: u.id, steps: alignment.map((a) => ({ op: a.op, ref: a.ref })) });
  }
  return {
    analysed,
    counts,
    alignments,
    confidences: missingConfidence > 0 ? null : confidences,
    missingConfidence,
    signature,
  };
}

/**
 * The ASR analysis of every system and the significance tests of every pair (on the utterances both
 * scored). NCE, as in sclite, needs a confidence on every hypothesis word of the system: with some missing
 * it is undefined and says how many.
 */
export function buildAsrReport(input: AsrInput): AsrReport {
  const data = input.systems.map((s) => ({ s, d: systemData(input, s) }));
  const systems = data.map(({ s, d }): AsrSystemReport => {
    const a = errorAnalysis(d.analysed, { caseFold: input.caseFold });
    const all = d.confidences === null ? null : [...d.confidences.values()].flat();
    let nceOf: ((speaker: string | null) => number | null) | undefined;
    if (d.confidences !== null && all!.length > 0) {
      const bySpeaker = new Map<string, ConfidenceWord[]>();
      for (const c of d.counts) {
        let list = bySpeaker.get(c.speaker);
        if (!list) bySpeaker.set(c.speaker, (list = []));
        for (const w of d.confidences.get(c.id)!) list.push(w);
      }
      nceOf = (spk) => normalisedCrossEntropy(spk === null ? all! : (bySpeaker.get(spk) ?? [])).nce;
    }
    const nce =
      all === null
        ? {
            value: null,
            n: 0,
            reason: `${d.missingConfidence} hypothesis word${d.missingConfidence === 1 ? ' has' : 's have'} no confidence`,
            signature: NCE_SIGNATURE,
          }
        : (() => {
            const r = normalisedCrossEntropy(all);
            return {
              value: r.nce,
              n: r.n,
              reason:
                r.n === 0
                  ? 'no hypothesis words'
                  : r.nce === null
                    ? 'every hypothesis word is right, or every one wrong'
                    : null,
              signature: r.signature,
            };
          })();
    return {
      systemId: s.systemId,
      name: s.name,
      utterances: d.analysed.length,
      sentences: a.sentences,
      words: a.words,
      confusions: limited(a.confusions),
      insertions: limited(a.insertions),
      deletions: limited(a.deletions),
      substitutions: limited(a.substitutions),
      falselyRecognized: limited(a.falselyRecognized),
      speakers: speakerSummaryFractions(speakerSummary(d.counts, nceOf)),
      nce,
      reliability: all === null || all.length === 0 ? null : reliabilityDiagram(all),
      wordSignature: d.signature,
      signature: makeSignature('asr', [
        ['speakers', 'project'],
        ['lists', ASR_LIST_LIMIT],
      ]),
    };
  });
  const pairs: AsrReport['pairs'] = [];
  for (let i = 0; i < data.length; i++)
    for (let j = i + 1; j < data.length; j++) {
      const A = data[i]!;
      const B = data[j]!;
      const inB = new Set(B.d.counts.map((c) => c.id));
      const common = new Set(A.d.counts.filter((c) => inB.has(c.id)).map((c) => c.id));
      const pick = <T extends { id: string }>(xs: readonly T[]) => xs.filter((x) => common.has(x.id));
      const ca = pick(A.d.counts);
      const cb = pick(B.d.counts);
      const tests: SignificanceResult[] = [];
      if (common.size > 0) {
        const speakers = speakerPercentages(ca, cb, 'E');
        tests.push(
          mapssweTest(pick(A.d.alignments), pick(B.d.alignments)),
          signTest(speakers),
          wilcoxonTest(speakers),
          mcnemarTest(ca, cb),
        );
      }
      pairs.push({
        systemA: A.s.name,
        systemB: B.s.name,
        n: common.size,
        tests: tests.map((t) => ({
          test: t.test,
          pValue: t.pValue,
          ...(t.exactPValue === undefined ? {} : { exactPValue: t.exactPValue }),
          n: t.n,
          unit: t.unit,
          better: t.better,
          details: finiteDetails(t.details),
          signature: t.signature,
        })),
      });
    }
  return { systems, pairs };
}

/** Details for JSON: non-finite values (an undefined mean or z) are left out. */
function finiteDetails(d: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(d).filter(([, v]) => Number.isFinite(v)));
}
