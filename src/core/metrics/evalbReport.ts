// EVALB's printed report (evalb.c of EVALB-2006), character for character: the per-sentence table, the
// totals line and the two summary blocks. Every figure is the double EVALB computes, in its order of
// operations (100.0 * match / gold, F = 2PR / (P + R) of the percentages), printed as C's printf("%6.2f")
// prints it (cFixed: exact ties go to the even digit, 90.625 → 90.62).
import { cFixedWidth } from '../text/cFixed';
import type { EvalbParams } from './evalbParams';
import type { ParsevalSentence, ParsevalTotals } from './parseval';

const f62 = (x: number): string => cFixedWidth(x, 6, 2);
const d = (n: number, width: number): string => String(n).padStart(width);
/** C's `a > 0 ? 100.0 * k / a : 0.0`. */
const percent = (k: number, a: number): number => (a > 0 ? (100 * k) / a : 0);

/** The summary's F-measure line: 2PR/(P+R), which is 0/0 when P = R = 0 — C prints that NaN as `-nan`. */
function fMeasure(p: number, r: number): string {
  const f = (2 * p * r) / (p + r);
  // 0.0 / 0.0 on x86-64 is the NaN with the sign bit set, which glibc prints as `-nan`.
  return Number.isNaN(f) ? '  -nan' : f62(f);
}

/**
 * The report `evalb -p PRM GOLD TEST` prints for these sentences (numbered from 1) and their two blocks
 * (from combineParseval): labelled figures, or unlabelled ones with LABELED 0. Unscored sentences show
 * zeros after their length and status, as EVALB's do.
 */
export function evalbReport(
  sentences: readonly ParsevalSentence[],
  all: ParsevalTotals,
  cutoff: ParsevalTotals,
  params: EvalbParams,
): string {
  const matchOf = (s: { labeledMatch: number; unlabeledMatch: number }): number =>
    params.labeled ? s.labeledMatch : s.unlabeledMatch;
  const out = [
    '  Sent.                        Matched  Bracket   Cross        Correct Tag',
    ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy',
    '============================================================================',
  ];
  sentences.forEach((s, i) => {
    const ok = s.status === 'ok';
    const st = s.stats;
    const status = ok ? 0 : s.status === 'error' ? 1 : 2;
    const [m, gold, test, cross, words, tags] = ok
      ? [matchOf(st), st.goldBrackets, st.testBrackets, st.crossing, st.words, st.correctTags]
      : [0, 0, 0, 0, 0, 0];
    out.push(
      `${d(i + 1, 4)}  ${d(st.length, 3)}    ${status}  ` +
        `${f62(gold === 0 ? 0 : (100 * m) / gold)} ${f62(test === 0 ? 0 : (100 * m) / test)}   ` +
        `${d(m, 3)}    ${d(gold, 3)}  ${d(test, 3)}    ${d(cross, 3)}` +
        `   ${d(words, 4)}  ${d(tags, 4)}   ${f62(words === 0 ? 0 : (100 * tags) / words)}`,
    );
  });
  out.push('============================================================================');
  const s = all.stats;
  // EVALB prints the bracket totals only when both sides had brackets somewhere.
  const totals =
    s.goldBrackets > 0 && s.testBrackets > 0
      ? `                ${f62(percent(matchOf(s), s.goldBrackets))} ${f62(percent(matchOf(s), s.testBrackets))} ` +
        `${d(matchOf(s), 6)} ${d(s.goldBrackets, 5)} ${d(s.testBrackets, 5)}  ${d(s.crossing, 5)}`
      : '';
  out.push(`${totals}  ${d(s.words, 5)} ${d(s.correctTags, 5)}   ${f62(percent(s.correctTags, s.words))}`);
  out.push('=== Summary ===');
  const block = (title: string, t: ParsevalTotals): void => {
    const line = (name: string, v: string): void => void out.push(`${name.padEnd(26)}= ${v}`);
    const n = t.valid;
    const r = percent(matchOf(t.stats), t.stats.goldBrackets);
    const p = percent(matchOf(t.stats), t.stats.testBrackets);
    const complete = params.labeled ? t.counts.completeMatch : t.counts.completeMatchUnlabeled;
    out.push('', title);
    line('Number of sentence', d(t.sentences, 6));
    line('Number of Error sentence', d(t.errors, 6));
    line('Number of Skip  sentence', d(t.skipped, 6));
    line('Number of Valid sentence', d(n, 6));
    line('Bracketing Recall', f62(r));
    line('Bracketing Precision', f62(p));
    line('Bracketing FMeasure', fMeasure(p, r));
    line('Complete match', f62(percent(complete, n)));
    line('Average crossing', f62(n > 0 ? t.stats.crossing / n : 0));
    line('No crossing', f62(percent(t.counts.noCrossing, n)));
    line('2 or less crossing', f62(percent(t.counts.twoOrLessCrossing, n)));
    line('Tagging accuracy', f62(percent(t.stats.correctTags, t.stats.words)));
  };
  block('-- All --', all);
  block(`-- len<=${params.cutoffLength} --`, cutoff);
  return `${out.join('\n')}\n`;
}
