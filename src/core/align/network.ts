// Alignment of word networks, as NIST sclite aligns transcripts with alternations (SCTK `net_dp.c`):
// a transcript is a graph of words, the alignment takes the cheapest path through both graphs, and among
// equally cheap choices it takes sclite's. Plain word sequences are the special case of a chain.
import type { TranscriptItem } from '../formats/trn';
import type { AlignedPair, EditCounts } from './align';
import { type CharacterOptions, characterTokens } from './characters';
import { type EditCosts, SCLITE_COSTS } from './costs';
import { MetricInputError } from '../errors';

/** One word of a network with the marks sclite gives it. */
export interface NetWord {
  /** The word as written (an optionally deletable word keeps its parentheses). */
  text: string;
  /** What is compared: the text, without the parentheses of an optionally deletable word. */
  value: string;
  /** `@`, sclite's null word: inserting or deleting it costs almost nothing and is not counted. */
  isNull: boolean;
  /** `(word)` under sclite's `-D`: deleting it is correct. */
  optDel: boolean;
  /** A fragment (`th-`, `-ing`) under sclite's `-F`: it matches the words it begins or ends. */
  frag: boolean;
  /** The word's time in seconds, when the transcript has times (CTM); for time-mediated alignment. */
  startSec?: number;
  endSec?: number;
}

/**
 * A transcript as a graph whose arcs are words (SCTK `net_adt.c`). Arc 0 is the empty head arc sclite
 * puts before every network; `preds[k]` lists the arcs that may precede arc k, in sclite's order (the
 * order of the alternatives), and `finals` the arcs that may end the transcript.
 */
export interface WordNetwork {
  words: NetWord[];
  preds: number[][];
  finals: number[];
}

/** Which of sclite's word marks are interpreted: `-D` (optionally deletable) and `-F` (fragments). */
export interface NetworkOptions {
  optionalDeletable?: boolean;
  fragments?: boolean;
  /** Split every word into characters, as sclite's `-c` (see `characterTokens`). */
  characters?: CharacterOptions;
}

const HEAD: NetWord = Object.freeze({ text: '', value: '', isNull: false, optDel: false, frag: false });

/** sclite's marks of one word (SCTK `align.c`, `decode_opt_del` and `decode_fragment`). */
export function netWord(text: string, options: NetworkOptions = {}): NetWord {
  const optDel =
    options.optionalDeletable === true && text.length >= 2 && text.startsWith('(') && text.endsWith(')');
  const value = optDel ? text.slice(1, -1) : text;
  const n = text.length;
  const frag =
    options.fragments === true &&
    (text.endsWith('-') || text.startsWith('-') || (optDel && n >= 2 && text.charCodeAt(n - 2) === 45));
  return { text, value, isNull: text === '@', optDel, frag };
}

// The graph as sclite holds it while building: nodes with ordered in- and out-arcs, arcs between nodes.
interface Graph {
  texts: string[];
  from: number[];
  to: number[];
  inArcs: number[][];
  outArcs: number[][];
}

function addNode(g: Graph): number {
  g.inArcs.push([]);
  g.outArcs.push([]);
  return g.inArcs.length - 1;
}

function addArc(g: Graph, text: string, from: number, to: number): number {
  const k = g.texts.length;
  g.texts.push(text);
  g.from.push(from);
  g.to.push(to);
  g.outArcs[from]!.push(k);
  g.inArcs[to]!.push(k);
  return k;
}

/** Lays `seq` between nodes `from` and `to`: words in a chain, an alternation's alternatives side by side. */
function lay(g: Graph, seq: readonly TranscriptItem[], from: number, to: number): void {
  let cur = from;
  seq.forEach((item, k) => {
    const target = k === seq.length - 1 ? to : addNode(g);
    if (typeof item === 'string') addArc(g, item, cur, target);
    else for (const alt of item.alternatives) lay(g, alt, cur, target);
    cur = target;
  });
}

/**
 * sclite's `-c` on a built network (SCTK `align.c`, `expand_words_to_chars`, run by `Network_traverse`):
 * nodes are visited depth first from the start, each pushing its unvisited successors to the front of
 * the fringe, then every word leaving the node that splits into other characters is replaced by a chain
 * of its characters — the chain's last arc joins the end node's in-arcs at the end of the list, which is
 * where sclite's `Network_merge_network` puts it (so it changes the order of ties after alternations).
 */
function splitCharacters(g: Graph, start: number, chars: CharacterOptions, optDel: boolean): void {
  const visited = new Set<number>([start]);
  const fringe = [start];
  while (fringe.length > 0) {
    const node = fringe.shift()!;
    for (const a of g.outArcs[node]!) {
      const next = g.to[a]!;
      if (!visited.has(next)) {
        visited.add(next);
        fringe.unshift(next);
      }
    }
    for (const a of [...g.outArcs[node]!]) {
      const text = g.texts[a]!;
      const isOptDel = optDel && text.length >= 2 && text.startsWith('(') && text.endsWith(')');
      const inner = isOptDel ? text.slice(1, -1) : text;
      if (!isOptDel && Array.from(text).length <= 1) continue;
      let parts = characterTokens(inner, chars);
      if (!isOptDel && parts.length === 1 && parts[0] === text) continue;
      if (parts.length === 0) parts = ['@']; // all hyphens under DH (sclite itself crashes there)
      if (isOptDel) parts = parts.map((c) => `(${c})`);
      const end = g.to[a]!;
      g.outArcs[node] = g.outArcs[node]!.filter((x) => x !== a);
      g.inArcs[end] = g.inArcs[end]!.filter((x) => x !== a);
      let cur = node;
      parts.forEach((c, k) => {
        const target = k === parts.length - 1 ? end : addNode(g);
        addArc(g, c, cur, target);
        cur = target;
      });
    }
  }
}

/**
 * Builds the network of a transcript as sclite does (`Network_create_from_TEXT`, `expand_alternates`):
 * a word is an arc after the current node; an alternation's alternatives all leave the current node and
 * end in one node, whose in-arcs are their last arcs in the order of the alternatives (sclite's merge
 * appends them). With `characters`, words are then split as `-c` does. Arcs come out in a topological
 * order, with the empty head arc first.
 */
export function buildNetwork(items: readonly TranscriptItem[], options: NetworkOptions = {}): WordNetwork {
  const g: Graph = { texts: [], from: [], to: [], inArcs: [], outArcs: [] };
  const head = addNode(g);
  const start = addNode(g);
  addArc(g, '', head, start);
  const stop = items.length === 0 ? start : addNode(g);
  lay(g, items, start, stop);
  if (options.characters) splitCharacters(g, start, options.characters, options.optionalDeletable === true);
  // Number the live arcs in a topological order (Kahn's), head first; ties keep sclite's in-arc lists.
  const live = new Set<number>([0]);
  for (const list of g.inArcs) for (const a of list) live.add(a);
  const index = new Map<number, number>();
  const order: number[] = [];
  const pending = new Map<number, number>();
  const ready: number[] = [0];
  for (const a of live) if (a !== 0) pending.set(a, g.inArcs[g.from[a]!]!.length);
  while (ready.length > 0) {
    const a = ready.shift()!;
    index.set(a, order.length);
    order.push(a);
    for (const b of g.outArcs[g.to[a]!]!) {
      const left = pending.get(b)! - 1;
      pending.set(b, left);
      if (left === 0) ready.push(b);
    }
  }
  const words = order.map((a, k) => (k === 0 ? HEAD : netWord(g.texts[a]!, options)));
  const preds = order.map((a, k) => (k === 0 ? [] : g.inArcs[g.from[a]!]!.map((p) => index.get(p)!)));
  const finals = stop === start ? [0] : g.inArcs[stop]!.map((p) => index.get(p)!);
  return { words, preds, finals };
}

/** The network of a plain word sequence (a chain). */
export function chainNetwork(words: readonly string[], options: NetworkOptions = {}): WordNetwork {
  return buildNetwork(words, options);
}

/**
 * sclite's word comparison (SCTK `word.c`, `equal_WORD2`): equal values, or, when either word is a
 * fragment, the fragment's letters at the start (`th-`) or end (`-ing`) of the other word. The test is
 * sclite's, in its order, so it is not symmetric for two fragments.
 */
export function wordsEqual(a: NetWord, b: NetWord): boolean {
  const x = a.value;
  const y = b.value;
  if (a.frag || b.frag) {
    const l1 = x.length;
    const l2 = y.length;
    if (l1 > 1 && x.startsWith('-')) return l2 >= l1 - 1 && y.endsWith(x.slice(1));
    if (l1 > 1 && x.endsWith('-')) return y.startsWith(x.slice(0, l1 - 1));
    if (l2 > 1 && y.startsWith('-')) return l1 >= l2 - 1 && x.endsWith(y.slice(1));
    if (l2 > 1 && y.endsWith('-')) return x.startsWith(y.slice(0, l2 - 1));
  }
  return x === y;
}

/** Cost of inserting or deleting sclite's null word `@` (SCTK `wwd_WORD`). */
export const NULL_WORD_COST = 0.001;

/**
 * sclite's distance between two words or a word and nothing (SCTK `word.c`, `wwd_WORD`): `@` in or out
 * 0.001, an optionally deletable word in or out 2 (between correct and an error), `@` for `@` 1, else
 * the edit costs. With costs other than sclite's, the optionally deletable cost is ⅔ of the cheaper of
 * insertion and deletion, as sclite's 2 is of its 3.
 */
export function wordDistance(ref: NetWord | null, hyp: NetWord | null, costs: EditCosts): number {
  if (hyp === null) {
    if (ref!.isNull) return NULL_WORD_COST;
    if (ref!.optDel) return optDelCost(costs);
    return costs.deletion;
  }
  if (ref === null) {
    if (hyp.isNull) return NULL_WORD_COST;
    if (hyp.optDel) return optDelCost(costs);
    return costs.insertion;
  }
  if (ref.isNull && hyp.isNull) return 1;
  return wordsEqual(ref, hyp) ? costs.correct : costs.substitution;
}

/**
 * sclite's time-mediated distance (`-T`; SCTK `word.c`, `wwd_time_WORD`): inserting or deleting a word
 * costs its duration (`@` 0.001), pairing two words costs the distance of their starts plus that of their
 * ends, and 0.001 more when they differ. Words need times.
 */
export function timeDistance(ref: NetWord | null, hyp: NetWord | null): number {
  const dur = (w: NetWord): number => (w.endSec ?? 0) - (w.startSec ?? 0);
  if (hyp === null) return ref!.isNull ? NULL_WORD_COST : Math.fround(dur(ref!));
  if (ref === null) return hyp.isNull ? NULL_WORD_COST : Math.fround(dur(hyp));
  const d =
    Math.abs((ref.startSec ?? 0) - (hyp.startSec ?? 0)) +
    Math.abs((ref.endSec ?? 0) - (hyp.endSec ?? 0)) +
    (wordsEqual(ref, hyp) ? 0 : 0.001);
  return Math.fround(d);
}

/**
 * A time-constrained distance: `base`, except that two words may be paired (correct or substituted)
 * only when the hypothesis word's time overlaps the reference word's widened by `collarSec` on each side;
 * otherwise they can only be a deletion and an insertion.
 */
export function collarDistance(
  collarSec: number,
  base: (ref: NetWord | null, hyp: NetWord | null, costs: EditCosts) => number = wordDistance,
): (ref: NetWord | null, hyp: NetWord | null, costs: EditCosts) => number {
  return (ref, hyp, costs) => {
    if (ref !== null && hyp !== null && !ref.isNull && !hyp.isNull) {
      // Times within a nanosecond count as touching (sums of decimal seconds are not exact).
      const rs = (ref.startSec ?? 0) - collarSec - 1e-9;
      const re = (ref.endSec ?? 0) + collarSec + 1e-9;
      if ((hyp.endSec ?? 0) < rs || (hyp.startSec ?? 0) > re) return Infinity;
    }
    return base(ref, hyp, costs);
  };
}

function optDelCost(costs: EditCosts): number {
  return (2 * Math.min(costs.insertion, costs.deletion)) / 3;
}

/** A network alignment: its cost, the pairs as sclite reports them, and the counts. */
export interface NetworkAlignment {
  cost: number;
  /** Pairs in order; `refIndex`/`hypIndex` index the networks' words without the head (arc k → k − 1). */
  pairs: AlignedPair<string>[];
  counts: EditCounts;
}

/** Past this many cells a network pair is refused (each cell keeps a cost and two back-pointers). */
const MAX_NETWORK_CELLS = 2 ** 27;

/**
 * Aligns two word networks at minimum cost, as sclite's `Network_dpalign` does: costs are summed in
 * single precision (sclite's `float`), each cell looks back to the cells of its arcs' predecessors and
 * keeps the first strictly cheapest (deletion over the reference's predecessors, insertion over the
 * hypothesis', substitution over both, reference outer), then takes the diagonal when no dearer than
 * both others, else the deletion when strictly cheaper than the insertion, else the insertion; the
 * end is the first cheapest pair of final arcs. As in sclite's `extract_NET_ALIGN_result`, inserted or
 * deleted `@`s are left out of the result, and an optionally deletable word inserted or deleted is a
 * correct word paired with the empty word `''`.
 */
export function alignNetworks(
  ref: WordNetwork,
  hyp: WordNetwork,
  costs: EditCosts = SCLITE_COSTS,
  distance: (ref: NetWord | null, hyp: NetWord | null, costs: EditCosts) => number = wordDistance,
): NetworkAlignment {
  const A = ref.words.length;
  const B = hyp.words.length;
  if (A * B > MAX_NETWORK_CELLS) {
    throw new MetricInputError(`networks of ${A - 1} and ${B - 1} words are too large to align`);
  }
  const cell = new Float32Array(A * B);
  const backA = new Int32Array(A * B);
  const backB = new Int32Array(A * B);
  const f = Math.fround;
  const rw = ref.words;
  const hw = hyp.words;
  cell[0] = 0;
  backA[0] = -1;
  backB[0] = -1;
  // Margins (`calculate_margin_cells`): the head of one network against the other's arcs.
  for (let b = 1; b < B; b++) {
    let best = Infinity;
    let at = -1;
    for (const pb of hyp.preds[b]!) {
      if (cell[pb]! < best) {
        best = cell[pb]!;
        at = pb;
      }
    }
    cell[b] = f(best + distance(null, hw[b]!, costs));
    backA[b] = 0;
    backB[b] = at;
  }
  for (let a = 1; a < A; a++) {
    let best = Infinity;
    let at = -1;
    for (const pa of ref.preds[a]!) {
      if (cell[pa * B]! < best) {
        best = cell[pa * B]!;
        at = pa;
      }
    }
    cell[a * B] = f(best + distance(rw[a]!, null, costs));
    backA[a * B] = at;
    backB[a * B] = 0;
  }
  // Inner cells (`calculate_internal_cells`).
  for (let a = 1; a < A; a++) {
    const pas = ref.preds[a]!;
    const delW = distance(rw[a]!, null, costs);
    for (let b = 1; b < B; b++) {
      const pbs = hyp.preds[b]!;
      let ins = Infinity;
      let insB = -1;
      for (const pb of pbs) {
        const v = cell[a * B + pb]!;
        if (v < ins) {
          ins = v;
          insB = pb;
        }
      }
      let del = Infinity;
      let delA = -1;
      for (const pa of pas) {
        const v = cell[pa * B + b]!;
        if (v < del) {
          del = v;
          delA = pa;
        }
      }
      let sub = Infinity;
      let subA = -1;
      let subB = -1;
      for (const pa of pas) {
        for (const pb of pbs) {
          const v = cell[pa * B + pb]!;
          if (v < sub) {
            sub = v;
            subA = pa;
            subB = pb;
          }
        }
      }
      sub = f(sub + distance(rw[a]!, hw[b]!, costs));
      del = f(del + delW);
      ins = f(ins + distance(null, hw[b]!, costs));
      const k = a * B + b;
      if (sub <= del && sub <= ins) {
        cell[k] = sub;
        backA[k] = subA;
        backB[k] = subB;
      } else if (del < ins) {
        cell[k] = del;
        backA[k] = delA;
        backB[k] = b;
      } else {
        cell[k] = ins;
        backA[k] = a;
        backB[k] = insB;
      }
    }
  }
  // The end: the first cheapest pair of final arcs, reference outer.
  let endA = 0;
  let endB = 0;
  let cost = Infinity;
  for (const fa of ref.finals) {
    for (const fb of hyp.finals) {
      if (cell[fa * B + fb]! < cost) {
        cost = cell[fa * B + fb]!;
        endA = fa;
        endB = fb;
      }
    }
  }
  const pairs: AlignedPair<string>[] = [];
  const counts: EditCounts = { C: 0, S: 0, I: 0, D: 0 };
  let a = endA;
  let b = endB;
  while (a > 0 || b > 0) {
    const k = a * B + b;
    const la = backA[k]!;
    const lb = backB[k]!;
    if (la === a) {
      const h = hw[b]!;
      if (!h.isNull) {
        const op = h.optDel ? 'C' : 'I';
        counts[op]++;
        pairs.push({ op, ref: h.optDel ? '' : null, hyp: h.text, refIndex: -1, hypIndex: b - 1 });
      }
    } else if (lb === b) {
      const r = rw[a]!;
      if (!r.isNull) {
        const op = r.optDel ? 'C' : 'D';
        counts[op]++;
        pairs.push({ op, ref: r.text, hyp: r.optDel ? '' : null, refIndex: a - 1, hypIndex: -1 });
      }
    } else {
      const r = rw[a]!;
      const h = hw[b]!;
      if (!(r.isNull && h.isNull)) {
        const op = wordsEqual(r, h) ? 'C' : 'S';
        counts[op]++;
        pairs.push({ op, ref: r.text, hyp: h.text, refIndex: a - 1, hypIndex: b - 1 });
      }
    }
    a = la;
    b = lb;
  }
  pairs.reverse();
  return { cost, pairs, counts };
}
