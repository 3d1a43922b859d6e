import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { f1Statistic } from '../stats/statistic';
import { structIouText } from '../structIou/structIou';
import { parseBrackets, parseTreeOrThrow } from '../tree/bracket';
import { type TreeNode, node } from '../tree/tree';
import sample from './fixtures/evalbSample.json';
import { COLLINS_PRM, type EvalbParams, parseEvalbParams } from './evalbParams';
import {
  combineParseval,
  evalbLabel,
  evalbLineTree,
  parseval,
  parsevalItemValues,
  parsevalSentence,
  parsevalSignature,
  prf,
} from './parseval';

const lineTrees = (text: string): (TreeNode | null)[] =>
  text
    .split('\n')
    .slice(0, -1)
    .map((line) => evalbLineTree(parseBrackets(line).value));
const pct = (x: number | null | undefined): number => Number((100 * (x ?? 0)).toFixed(2));

describe("EVALB's distributed sample (sample.gld, sample.tst, sample.prm → sample.rsl)", () => {
  const params = { ...sample.params, labeled: true } as unknown as EvalbParams;
  const golds = lineTrees(sample.gold) as TreeNode[];
  const r = parseval(golds, lineTrees(sample.test), params);

  it('reproduces every sentence row', () => {
    const rows = r.sentences.map((s, i) => {
      const st = s.stats;
      const recall = st.goldBrackets === 0 ? 0 : st.labeledMatch / st.goldBrackets;
      const prec = st.testBrackets === 0 ? 0 : st.labeledMatch / st.testBrackets;
      const status = { ok: 0, error: 1, skip: 2 }[s.status];
      return [
        i + 1,
        st.length,
        status,
        pct(recall),
        pct(prec),
        st.labeledMatch,
        st.goldBrackets,
        st.testBrackets,
        st.crossing,
        st.words,
        st.correctTags,
        pct(st.words === 0 || s.status !== 'ok' ? 0 : st.correctTags / st.words),
      ];
    });
    expect(rows).toEqual(sample.rows);
  });

  it('reproduces both summary blocks', () => {
    for (const block of ['all', 'cutoff'] as const) {
      const t = r[block];
      const want = sample.summary[block];
      expect([t.sentences, t.errors, t.skipped, t.valid]).toEqual([
        want.sentences,
        want.errors,
        want.skipped,
        want.valid,
      ]);
      expect(pct(t.labeled!.recall)).toBe(want.recall);
      expect(pct(t.labeled!.precision)).toBe(want.precision);
      expect(pct(t.completeMatch)).toBe(want.completeMatch);
      expect(Number(t.averageCrossing!.toFixed(2))).toBe(want.averageCrossing);
      expect(pct(t.noCrossing)).toBe(want.noCrossing);
      expect(pct(t.twoOrLessCrossing)).toBe(want.twoOrLessCrossing);
      expect(pct(t.taggingAccuracy)).toBe(want.taggingAccuracy);
    }
  });

  it('says why unscored sentences are undefined', () => {
    expect(r.sentences[10]).toMatchObject({
      status: 'skip',
      labeled: null,
      reason: 'the test tree has no words',
    });
    expect(r.sentences[11]!.reason).toBe(
      "ParsEval is undefined: the words differ at position 2 ('is' gold, 'was' test)",
    );
    expect(r.sentences[12]!.reason).toBe(
      'ParsEval is undefined: the word sequences differ in length (4 gold, 5 test words)',
    );
  });
});

describe('ParsEval with COLLINS.prm', () => {
  const score = (g: string, t: string) => parsevalSentence(parseTreeOrThrow(g), parseTreeOrThrow(t));

  it('counts no preterminals, ignores TOP and the PTB wrapper, cuts function tags', () => {
    // Hand calculation: gold brackets S(0,3) NP(0,1) VP(1,3); the test's TOP and the wrapper are ignored.
    const gold = '( (S (NP-SBJ-1 (PRP I)) (VP (VBP am) (NP=2 (NN here)))) )';
    const s = score(gold, '(TOP (S (NP (PRP I)) (VP (VBP am) (NP (NN here)))))');
    expect(s.stats).toMatchObject({
      goldBrackets: 4,
      testBrackets: 4,
      labeledMatch: 4,
      words: 3,
      correctTags: 3,
    });
    expect(s.labeled).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(evalbLabel('NP-SBJ-1')).toBe('NP');
    expect(evalbLabel('PP=2')).toBe('PP');
  });

  it('deletes punctuation with its tag, so spans are over the remaining words', () => {
    // Gold NP spans "the cat" (0,2) once the comma is gone; the test attaches the comma elsewhere.
    const s = score(
      '(S (NP (DT the) (NN cat) (, ,)) (VP (VBD sat)) (. .))',
      '(S (NP (DT the) (NN cat)) (, ,) (VP (VBD sat) (. .)))',
    );
    expect(s.status).toBe('ok');
    expect(s.stats).toMatchObject({ length: 5, words: 3, goldBrackets: 3, labeledMatch: 3 });
  });

  it('treats ADVP and PRT as one label, and matches brackets as multisets', () => {
    const s = score('(S (VP (VB give) (PRT (RP up))))', '(S (VP (VB give) (ADVP (RB up))))');
    expect(s.stats.labeledMatch).toBe(3);
    expect(s.stats.correctTags).toBe(1);
    // A unary chain gives two identical brackets; one test bracket matches only one of them.
    const u = score('(S (NP (NP (NN x))) (VP (VB y)))', '(S (NP (NN x)) (VP (VB y)))');
    expect(u.stats).toMatchObject({ goldBrackets: 4, testBrackets: 3, labeledMatch: 3 });
    expect(u.labeled!.recall).toBe(0.75);
  });

  it('gives labelled and unlabelled figures from one reading', () => {
    // Hand calculation: gold S(0,3) NP(0,2); test S(0,3) VP(0,2): labelled 1 of 2, unlabelled 2 of 2.
    const s = score('(S (NP (DT a) (NN b)) (VB c))', '(S (VP (DT a) (NN b)) (VB c))');
    expect(s.labeled).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(s.unlabeled).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('has explicit rules for 0/0', () => {
    expect(prf(0, 0, 0)).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(prf(0, 3, 0)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(prf(0, 0, 2)).toEqual({ precision: 0, recall: 0, f1: 0 });
    const none = combineParseval([]);
    expect(none.all).toMatchObject({ sentences: 0, valid: 0, labeled: null, sentenceLabeledF1: null });
  });

  it('rejects corpora of different sizes, naming the counts', () => {
    expect(() => parseval([node('S')], [])).toThrow('1 gold and 0 test trees');
  });

  it('reads EVALB parameter files and names other settings by a hash in the signature', () => {
    const text =
      '# comment\nDEBUG 0\nCUTOFF_LEN 20\nLABELED 0\nDELETE_LABEL TOP\nEQ_LABEL ADVP PRT\nEQ_WORD a b\n';
    const r = parseEvalbParams(text, 'my.prm');
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual({
      name: 'my.prm',
      deleteLabels: ['TOP'],
      deleteLabelsForLength: [],
      equivalentLabels: [['ADVP', 'PRT']],
      equivalentWords: [['a', 'b']],
      cutoffLength: 20,
      labeled: false,
    });
    expect(parsevalSignature()).toBe('parseval|prm:collins|case:exact|v:0.1.0');
    expect(parsevalSignature(undefined, true)).toBe('parseval|prm:collins|case:fold|v:0.1.0');
    expect(parsevalSignature(r.value)).toMatch(/^parseval\|prm:my\.prm#[0-9a-f]{8}\|case:exact\|v:0\.1\.0$/);
    expect(parsevalSignature({ ...r.value, cutoffLength: 40 })).not.toBe(parsevalSignature(r.value));
    const bad = parseEvalbParams('EQ_LABEL A\nFOO 1\nCUTOFF_LEN x', 'bad.prm').diagnostics;
    expect(bad.map((d) => [d.line, d.message])).toEqual([
      [1, 'EQ_LABEL needs two values'],
      [2, "unknown keyword 'FOO'"],
      [3, 'CUTOFF_LEN needs a whole number'],
    ]);
  });

  it('skips an empty test line and calls an empty gold line against words an error', () => {
    expect(parsevalSentence(null, null).status).toBe('skip');
    expect(parsevalSentence(null, parseTreeOrThrow('(S (NN x))')).reason).toBe(
      'ParsEval is undefined: the word sequences differ in length (0 gold, 1 test words)',
    );
  });

  it('feeds the F1 statistic with per-sentence counts', () => {
    const r = parseval(
      [parseTreeOrThrow('(S (NP (DT a) (NN b)) (VB c))'), parseTreeOrThrow('(S (NN x))')],
      [parseTreeOrThrow('(S (VP (DT a) (NN b)) (VB c))'), parseTreeOrThrow('(S (NN x))')],
    );
    const items = parsevalItemValues(r.sentences);
    expect(Array.from(items)).toEqual([1, 1, 1, 1, 0, 0]);
    expect(f1Statistic(1).combine(items)).toBeCloseTo(r.all.labeled!.f1, 15);
  });

  it('shows Struct-IoU beside ParsEval on the two plausible parses of Figure 9', () => {
    // Shi et al. §5.2, Figure 9: N (P N){2}. Hand calculation: 5 of 7 brackets agree (F1 5/7); the 10
    // identical constituents (5 brackets, 5 preterminals) align with IoU 1 in text mode: 2·10/24. The
    // published implementation gives the same 0.833333.
    const a = parseTreeOrThrow('(NP (NP (N n1)) (PP (P p1) (NP (NP (N n2)) (PP (P p2) (NP (N n3))))))');
    const b = parseTreeOrThrow('(NP (NP (NP (N n1)) (PP (P p1) (NP (N n2)))) (PP (P p2) (NP (N n3))))');
    expect(parsevalSentence(a, b).labeled!.f1).toBeCloseTo(5 / 7, 12);
    expect(structIouText(a, b).score).toBeCloseTo(10 / 12, 12);
  });
});

// ---- property: the greedy matching equals a multiset intersection ----

const LABELS = ['NP', 'VP', 'ADVP', 'PRT', 'S'];
/** A random bracketing of words lo … hi−1 with tags (every third word a comma) and some unary chains. */
function randomTree(rnd: () => number, lo: number, hi: number): TreeNode {
  const pick = () => LABELS[Math.floor(rnd() * LABELS.length)]!;
  if (hi - lo === 1) {
    const pre = node(lo % 3 === 2 ? ',' : 'T', [node(`w${lo}`)]);
    return rnd() < 0.3 ? node(pick(), [pre]) : pre;
  }
  const cut = lo + 1 + Math.floor(rnd() * (hi - lo - 1));
  const t = node(pick(), [randomTree(rnd, lo, cut), randomTree(rnd, cut, hi)]);
  return rnd() < 0.2 ? node(pick(), [t]) : t;
}

function bracketKeys(t: TreeNode, labeled: boolean): string[] {
  // Reads spans the obvious recursive way, with punctuation removed and ADVP folded into PRT.
  const out: string[] = [];
  let w = 0;
  const visit = (x: TreeNode): void => {
    if (x.children.length === 1 && x.children[0]!.children.length === 0) {
      if (x.label !== ',') w++;
      return;
    }
    const start = w;
    x.children.forEach(visit);
    if (w > start) out.push(`${start}-${w}${labeled ? (x.label === 'ADVP' ? 'PRT' : x.label) : ''}`);
  };
  visit(t);
  return out;
}

function intersection(a: string[], b: string[]): number {
  const count = new Map<string, number>();
  for (const k of a) count.set(k, (count.get(k) ?? 0) + 1);
  let n = 0;
  for (const k of b) {
    const c = count.get(k) ?? 0;
    if (c > 0) {
      n++;
      count.set(k, c - 1);
    }
  }
  return n;
}

describe('ParsEval properties', () => {
  it('counts matches as the multiset intersection of (span, label) brackets', () => {
    const seeded = (seed: number) => {
      let a = seed >>> 0;
      return () => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer(), fc.integer(), (n, s1, s2) => {
        const gold = randomTree(seeded(s1), 0, n);
        const test = randomTree(seeded(s2), 0, n);
        const s = parsevalSentence(gold, test, { ...COLLINS_PRM, deleteLabels: [','] });
        expect(s.status).toBe('ok');
        expect(s.stats.labeledMatch).toBe(intersection(bracketKeys(gold, true), bracketKeys(test, true)));
        expect(s.stats.unlabeledMatch).toBe(intersection(bracketKeys(gold, false), bracketKeys(test, false)));
        expect(s.unlabeled!.f1).toBeGreaterThanOrEqual(s.labeled!.f1);
        const self = parsevalSentence(gold, gold, { ...COLLINS_PRM, deleteLabels: [','] });
        expect(self.labeled).toEqual({ precision: 1, recall: 1, f1: 1 });
      }),
      { numRuns: 300 },
    );
  });
});
