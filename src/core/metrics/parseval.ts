// ParsEval (Black et al. 1991) as EVALB computes it (Sekine and Collins 1997), with its parameter files:
// labelled and unlabelled bracket precision, recall and F1 over word spans, crossing brackets and tagging
// accuracy, per sentence and for a corpus, beside Struct-IoU (Shi et al. §5.1.2, §5.2).
//
// EVALB's conventions, followed here: a preterminal (a node over exactly one word) is the word's tag, not a
// bracket; a word whose tag is a delete label (COLLINS.prm: punctuation and -NONE-) is removed with its
// tag; a bracket whose label, cut at its first '-' or '=' (NP-SBJ-1 → NP), is a delete label (TOP) is
// ignored but its children are kept; brackets left without words are ignored; equivalent labels
// (ADVP = PRT) match; brackets match as multisets (two identical brackets need two partners). A test tree
// without words is skipped; when the word counts differ, a quote-like word deleted on one side and kept
// under another QUOTE_LABEL tag on the other (a possessive ' tagged '') is put back first, as EVALB-2006
// does; if the word sequences still differ the sentence is an error: ParsEval is undefined there (speech
// trees over recognised words), and the result says so instead of guessing.
// Two choices of SIEVE: an empty-label root (the Penn Treebank wrapper `( (S …) )`, or the forest of a
// line holding several trees) is ignored like TOP — EVALB would count it as a bracket labelled "" — and a
// word directly under a phrase, with no tag of its own, is kept with the empty tag instead of stopping.
import { MetricInputError } from '../errors';
import { makeSignature } from '../stats/signature';
import type { TreeNode } from '../tree/tree';
import { COLLINS_PRM, type EvalbParams } from './evalbParams';

/** Precision, recall and F1 in [0, 1]. */
export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

/** Sufficient statistics of one sentence (for a skipped or error sentence only `length` and `words` are set). */
export interface ParsevalStats {
  /** EVALB's sentence length: gold words not tagged with a length-delete label (punctuation counts). */
  length: number;
  /** Gold words after deletion (for a scored sentence, with any quote put back by QUOTE_LABEL). */
  words: number;
  goldBrackets: number;
  testBrackets: number;
  labeledMatch: number;
  unlabeledMatch: number;
  /** Test brackets that cross a gold bracket. */
  crossing: number;
  correctTags: number;
}

/** One sentence: `ok`, `skip` (the test tree has no words) or `error` (the word sequences differ). */
export interface ParsevalSentence {
  status: 'ok' | 'skip' | 'error';
  /** Why a sentence was not scored. */
  reason?: string;
  stats: ParsevalStats;
  /** Null when not scored: ParsEval is undefined for the sentence. */
  labeled: Prf | null;
  unlabeled: Prf | null;
}

/** A bracket as read: its word span and its label as written. */
interface Bracket {
  start: number;
  end: number;
  label: string;
}
/**
 * A quote-like word (`'`, `"`, `/`) under a QUOTE_LABEL tag, kept or deleted: its word position, how many
 * brackets had opened before it and which brackets enclose it (EVALB's quote terminals).
 */
interface QuoteWord {
  word: string;
  tag: string;
  index: number;
  bracket: number;
  enclosing: number[];
}
interface Reading {
  words: string[];
  tags: string[];
  length: number;
  /** Every bracket in the order they open (the empty-label root is none). */
  brackets: Bracket[];
  quotes: QuoteWord[];
}

function equivalent(pairs: EvalbParams['equivalentLabels'], a: string, b: string): boolean {
  return a === b || pairs.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** EVALB's modify_label: a label is cut at its first '-' or '=' (NP-SBJ-1 → NP, PP=2 → PP). */
export function evalbLabel(label: string): string {
  const cut = label.search(/[-=]/);
  return cut < 0 ? label : label.slice(0, cut);
}

function read(tree: TreeNode | null, params: EvalbParams): Reading {
  const r: Reading = { words: [], tags: [], length: 0, brackets: [], quotes: [] };
  if (!tree) return r;
  const quoteLabels = params.quoteLabels ?? [];
  const word = (w: string, tag: string): void => {
    if (!params.deleteLabelsForLength.includes(tag)) r.length++;
    if (quoteLabels.includes(tag) && (w === "'" || w === '"' || w === '/')) {
      const enclosing = stack.flatMap((e) => (e.b === null ? [] : [e.b]));
      r.quotes.push({ word: w, tag, index: r.words.length, bracket: r.brackets.length, enclosing });
    }
    if (params.deleteLabels.includes(tag)) return;
    r.words.push(w);
    r.tags.push(tag);
  };
  const isTagged = (t: TreeNode): boolean => t.children.length === 1 && t.children[0]!.children.length === 0;
  // Iterative preorder with an explicit stack, so deep trees are fine; brackets are numbered as they open.
  const stack: { t: TreeNode; i: number; b: number | null }[] = [];
  const enter = (t: TreeNode, isRoot: boolean): void => {
    if (t.children.length === 0) word(t.label, '');
    else if (isTagged(t)) word(t.children[0]!.label, t.label);
    else {
      let b: number | null = null;
      if (!(isRoot && t.label === '')) {
        b = r.brackets.length;
        r.brackets.push({ start: r.words.length, end: 0, label: t.label });
      }
      stack.push({ t, i: 0, b });
    }
  };
  enter(tree, true);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.i < top.t.children.length) enter(top.t.children[top.i++]!, false);
    else {
      stack.pop();
      if (top.b !== null) r.brackets[top.b]!.end = r.words.length;
    }
  }
  return r;
}

/**
 * EVALB's fix_quote, run when the word counts differ: a quote-like word that one tree deleted (its tag is
 * a delete label, `''`) and the other kept under another tag (POS, for a possessive `'`) at the same
 * position is put back where it was deleted, with its tag, and the brackets around and after it widened.
 * Test words are taken in order, each against every gold word at its position, as EVALB does.
 */
function restoreQuotes(gold: Reading, test: Reading, params: EvalbParams): void {
  const deleted = (tag: string): boolean => params.deleteLabels.includes(tag);
  const reinsert = (q: QuoteWord, r: Reading): void => {
    r.words.splice(q.index, 0, q.word);
    r.tags.splice(q.index, 0, q.tag);
    r.brackets.forEach((b, k) => {
      if (k >= q.bracket) {
        b.start++;
        b.end++;
      }
    });
    for (const k of q.enclosing) r.brackets[k]!.end++;
  };
  const shift = (quotes: QuoteWord[], from: number): void => {
    for (let k = from; k < quotes.length; k++) quotes[k]!.index++;
  };
  test.quotes.forEach((tq, i) => {
    const at = tq.index;
    gold.quotes.forEach((gq, j) => {
      if (gq.index !== at || gq.tag === tq.tag) return;
      if (deleted(gq.tag) && !deleted(tq.tag)) {
        reinsert(gq, gold);
        shift(gold.quotes, j);
      } else if (deleted(tq.tag) && !deleted(gq.tag)) {
        reinsert(tq, test);
        shift(test.quotes, i);
      }
    });
  });
}

/**
 * EVALB's massage_data: the brackets that count. One over no words is ignored; the others have their
 * label cut (evalbLabel) and are ignored when it is a delete label (or equivalent to one).
 */
function countedBrackets(r: Reading, params: EvalbParams): Bracket[] {
  return r.brackets
    .filter((b) => b.start !== b.end)
    .map((b) => ({ ...b, label: evalbLabel(b.label) }))
    .filter((b) => !params.deleteLabels.some((d) => equivalent(params.equivalentLabels, b.label, d)));
}

/** P, R, F1 from counts. Rule: 0/0 is 1 when nothing was to be found and nothing proposed, else 0. */
export function prf(match: number, gold: number, test: number): Prf {
  return {
    precision: test > 0 ? match / test : gold === 0 ? 1 : 0,
    recall: gold > 0 ? match / gold : test === 0 ? 1 : 0,
    f1: gold + test > 0 ? (2 * match) / (gold + test) : 1,
  };
}

/** EVALB's greedy matching of gold against test brackets (a multiset intersection). */
function matches(gold: Bracket[], test: Bracket[], sameLabel: (a: string, b: string) => boolean): number {
  const used = new Uint8Array(test.length);
  let n = 0;
  for (const g of gold) {
    for (let j = 0; j < test.length; j++) {
      const t = test[j]!;
      if (!used[j] && t.start === g.start && t.end === g.end && sameLabel(g.label, t.label)) {
        used[j] = 1;
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * The tree of one line of an EVALB input file: none for an empty line (a skipped sentence), the tree for
 * one, and for several (`(P this) (Q is)`) a forest under an empty-label root, which is not a bracket.
 */
export function evalbLineTree(trees: readonly TreeNode[]): TreeNode | null {
  if (trees.length === 0) return null;
  return trees.length === 1 ? trees[0]! : { label: '', children: [...trees] };
}

/** Scores one test tree against its gold tree; null is an empty line (an empty test line is skipped). */
export function parsevalSentence(
  gold: TreeNode | null,
  test: TreeNode | null,
  params: EvalbParams = COLLINS_PRM,
): ParsevalSentence {
  const g = read(gold, params);
  const t = test ? read(test, params) : null;
  const stats: ParsevalStats = {
    length: g.length,
    words: g.words.length,
    goldBrackets: 0,
    testBrackets: 0,
    labeledMatch: 0,
    unlabeledMatch: 0,
    crossing: 0,
    correctTags: 0,
  };
  const unscored = (status: 'skip' | 'error', reason: string): ParsevalSentence => ({
    status,
    reason,
    stats,
    labeled: null,
    unlabeled: null,
  });
  if (!t || t.words.length === 0) return unscored('skip', 'the test tree has no words');
  if (t.words.length !== g.words.length) restoreQuotes(g, t, params);
  if (t.words.length !== g.words.length) {
    return unscored(
      'error',
      `ParsEval is undefined: the word sequences differ in length (${g.words.length} gold, ${t.words.length} test words)`,
    );
  }
  for (let k = 0; k < g.words.length; k++) {
    if (!equivalent(params.equivalentWords, g.words[k]!, t.words[k]!)) {
      return unscored(
        'error',
        `ParsEval is undefined: the words differ at position ${k + 1} ('${g.words[k]}' gold, '${t.words[k]}' test)`,
      );
    }
  }
  stats.words = g.words.length; // with any quote put back
  const gb = countedBrackets(g, params);
  const tb = countedBrackets(t, params);
  stats.goldBrackets = gb.length;
  stats.testBrackets = tb.length;
  stats.labeledMatch = matches(gb, tb, (a, b) => equivalent(params.equivalentLabels, a, b));
  stats.unlabeledMatch = matches(gb, tb, () => true);
  // Crossing is counted over test brackets, as in EVALB: one that crosses any gold bracket counts once.
  stats.crossing = tb.filter((x) =>
    gb.some(
      (y) =>
        (y.start < x.start && y.end > x.start && y.end < x.end) ||
        (y.start > x.start && y.start < x.end && y.end > x.end),
    ),
  ).length;
  for (let k = 0; k < g.tags.length; k++) {
    if (equivalent(params.equivalentLabels, g.tags[k]!, t.tags[k]!)) stats.correctTags++;
  }
  return {
    status: 'ok',
    stats,
    labeled: prf(stats.labeledMatch, stats.goldBrackets, stats.testBrackets),
    unlabeled: prf(stats.unlabeledMatch, stats.goldBrackets, stats.testBrackets),
  };
}

/** Corpus figures over the scored sentences, EVALB's summary block plus SIEVE's sentence-level means. */
export interface ParsevalTotals {
  sentences: number;
  errors: number;
  skipped: number;
  valid: number;
  stats: Omit<ParsevalStats, 'length'>;
  /** From summed counts; null when no sentence was scored. */
  labeled: Prf | null;
  unlabeled: Prf | null;
  /** Mean over scored sentences of the sentence F1; null when none. */
  sentenceLabeledF1: number | null;
  sentenceUnlabeledF1: number | null;
  /** Shares of scored sentences, in [0, 1]; null when none. Complete: every labelled bracket matches. */
  completeMatch: number | null;
  /** Every bracket matches by span alone (EVALB's complete match under LABELED 0). */
  completeMatchUnlabeled: number | null;
  noCrossing: number | null;
  twoOrLessCrossing: number | null;
  averageCrossing: number | null;
  taggingAccuracy: number | null;
  /** The numbers of scored sentences behind the shares (EVALB prints 100·count/valid). */
  counts: {
    completeMatch: number;
    completeMatchUnlabeled: number;
    noCrossing: number;
    twoOrLessCrossing: number;
  };
}

/** Combines sentences into EVALB's two blocks: all sentences, and those within the cut-off length. */
export function combineParseval(
  sentences: readonly ParsevalSentence[],
  params: EvalbParams = COLLINS_PRM,
): { all: ParsevalTotals; cutoff: ParsevalTotals } {
  const total = (list: readonly ParsevalSentence[]): ParsevalTotals => {
    const ok = list.filter((s) => s.status === 'ok');
    const sum = (f: (s: ParsevalStats) => number): number => ok.reduce((a, s) => a + f(s.stats), 0);
    const stats = {
      words: sum((s) => s.words),
      goldBrackets: sum((s) => s.goldBrackets),
      testBrackets: sum((s) => s.testBrackets),
      labeledMatch: sum((s) => s.labeledMatch),
      unlabeledMatch: sum((s) => s.unlabeledMatch),
      crossing: sum((s) => s.crossing),
      correctTags: sum((s) => s.correctTags),
    };
    const share = (k: number): number | null => (ok.length === 0 ? null : k / ok.length);
    const some = ok.length > 0;
    const complete = (match: (s: ParsevalStats) => number): number =>
      ok.filter(
        (s) => s.stats.goldBrackets === s.stats.testBrackets && match(s.stats) === s.stats.goldBrackets,
      ).length;
    const counts = {
      completeMatch: complete((s) => s.labeledMatch),
      completeMatchUnlabeled: complete((s) => s.unlabeledMatch),
      noCrossing: ok.filter((s) => s.stats.crossing === 0).length,
      twoOrLessCrossing: ok.filter((s) => s.stats.crossing <= 2).length,
    };
    return {
      sentences: list.length,
      errors: list.filter((s) => s.status === 'error').length,
      skipped: list.filter((s) => s.status === 'skip').length,
      valid: ok.length,
      stats,
      labeled: some ? prf(stats.labeledMatch, stats.goldBrackets, stats.testBrackets) : null,
      unlabeled: some ? prf(stats.unlabeledMatch, stats.goldBrackets, stats.testBrackets) : null,
      sentenceLabeledF1: share(ok.reduce((a, s) => a + s.labeled!.f1, 0)),
      sentenceUnlabeledF1: share(ok.reduce((a, s) => a + s.unlabeled!.f1, 0)),
      completeMatch: share(counts.completeMatch),
      completeMatchUnlabeled: share(counts.completeMatchUnlabeled),
      noCrossing: share(counts.noCrossing),
      twoOrLessCrossing: share(counts.twoOrLessCrossing),
      averageCrossing: share(stats.crossing),
      taggingAccuracy: stats.words > 0 ? stats.correctTags / stats.words : null,
      counts,
    };
  };
  return {
    all: total(sentences),
    cutoff: total(sentences.filter((s) => s.stats.length <= params.cutoffLength)),
  };
}

/**
 * Settings signature, e.g. `parseval|prm:collins|case:exact|v:0.1.0`; other parameter sets are named with a hash of
 * their settings (`prm:sample.prm#1a2b3c4d`), so equal signatures mean equal settings.
 */
export function parsevalSignature(params: EvalbParams = COLLINS_PRM, ignoreCase = false): string {
  // The word check compares the words as given unless the caller folded their case (`case:fold`).
  const caseField = ['case', ignoreCase ? 'fold' : 'exact'] as const;
  if (params === COLLINS_PRM) return makeSignature('parseval', [['prm', 'collins'], caseField]);
  const { name: _name, ...settings } = params;
  let h = 0x811c9dc5; // FNV-1a over the settings as JSON
  for (const ch of JSON.stringify(settings)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return makeSignature('parseval', [['prm', `${params.name}#${h.toString(16).padStart(8, '0')}`], caseField]);
}

/** Scores a corpus; null is an empty line. Different counts raise `MetricInputError`. */
export function parseval(
  golds: readonly (TreeNode | null)[],
  tests: readonly (TreeNode | null)[],
  params: EvalbParams = COLLINS_PRM,
): { sentences: ParsevalSentence[]; all: ParsevalTotals; cutoff: ParsevalTotals; signature: string } {
  if (golds.length !== tests.length) {
    throw new MetricInputError(
      `ParsEval needs one test tree per gold tree: ${golds.length} gold and ${tests.length} test trees`,
    );
  }
  const sentences = golds.map((g, i) => parsevalSentence(g, tests[i] ?? null, params));
  return { sentences, ...combineParseval(sentences, params), signature: parsevalSignature(params) };
}

/**
 * Per-sentence items `[matched, test − matched, gold − matched]` (true positives, false positives, false
 * negatives) of the scored sentences, for `f1Statistic(1)` (1: nothing to find and nothing proposed).
 */
export function parsevalItemValues(sentences: readonly ParsevalSentence[], labeled = true): Float64Array {
  const ok = sentences.filter((s) => s.status === 'ok');
  const out = new Float64Array(3 * ok.length);
  ok.forEach((s, k) => {
    const m = labeled ? s.stats.labeledMatch : s.stats.unlabeledMatch;
    out[3 * k] = m;
    out[3 * k + 1] = s.stats.testBrackets - m;
    out[3 * k + 2] = s.stats.goldBrackets - m;
  });
  return out;
}
