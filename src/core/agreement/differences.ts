// What an adjudicator must look at where two annotators' layers of one utterance disagree: word
// boundaries further apart than a tolerance, words whose text differs or that only one layer has, tree
// constituents without a Struct-IoU partner (or whose partner covers other words), entities without a
// partner of the same type and extent, and concepts, interpretations, labels and status that differ.
//
// Everything is computed in one canonical order of the two layers and mirrored when they were given the
// other way round, so the differences of (b, a) are exactly those of (a, b) with the sides swapped: the
// word alignment and Struct-IoU's alignment choose among equally good alignments by position, which
// would otherwise make the answer depend on which annotator is named first.
import { SCLITE_COSTS } from '../align/costs';
import {
  type GoldEntity,
  type GoldLabels,
  type GoldRecords,
  type GoldWord,
  GoldLabels as GoldLabelsSchema,
} from '../gold/records';
import { loadTree } from '../edit/goldTrees';
import { indexTree } from '../edit/treePaths';
import type { AnnotationStatus } from '../model/schemas';
import { structIou } from '../structIou/structIou';
import { canonicalJson } from '../text/canonicalJson';
import type { TreeNode } from '../tree/tree';

/** One side of a comparison. */
export type Side = 'a' | 'b';

/** An annotator's layer as the comparison sees it: its gold records and, where known, its status. */
export interface LayerView {
  gold: GoldRecords;
  status?: AnnotationStatus;
}

/** How far apart two boundaries of matched words may be and still agree. */
export interface DifferenceOptions {
  /** Seconds; boundaries further apart than this differ (default 0.02). */
  toleranceSec?: number;
}

/** The default boundary tolerance, in seconds. */
export const DEFAULT_BOUNDARY_TOLERANCE_SEC = 0.02;

/** A tree constituent of one layer: its path from the root, label, type and the words it covers. */
export interface NodeRef {
  path: number[];
  label: string;
  type?: string;
  firstWord: number;
  lastWord: number;
  startSec: number;
  endSec: number;
}

/** One difference between layers a and b; indices are word or entity indices of the layer named. */
export type Difference =
  | { kind: 'boundary'; a: number; b: number; edge: 'start' | 'end'; aSec: number; bSec: number }
  | { kind: 'word-text'; a: number; b: number; aText: string; bText: string }
  | { kind: 'word-only'; side: Side; index: number; text: string }
  | { kind: 'tree-only'; side: Side; tree: string }
  | { kind: 'tree-unreadable'; side: Side; tree: string; reason: string }
  | { kind: 'node-unmatched'; side: Side; tree: string; node: NodeRef }
  | { kind: 'node-span'; tree: string; a: NodeRef; b: NodeRef; iou: number }
  | { kind: 'node-type'; tree: string; a: NodeRef; b: NodeRef }
  | { kind: 'entity-only'; side: Side; index: number; entity: GoldEntity }
  | { kind: 'entity-type'; a: number; b: number; aEntity: GoldEntity; bEntity: GoldEntity }
  | { kind: 'entity-extent'; a: number; b: number; aEntity: GoldEntity; bEntity: GoldEntity }
  | { kind: 'concept'; attribute: string; aValues: string[]; bValues: string[] }
  | { kind: 'interpretation-only'; side: Side; text: string }
  | { kind: 'label'; key: keyof GoldLabels; aValue: string | undefined; bValue: string | undefined }
  | { kind: 'status'; aStatus: AnnotationStatus; bStatus: AnnotationStatus };

/** The kinds of difference. */
export type DifferenceKind = Difference['kind'];

/** Word `i` of a is matched to word `toB[i]` of b (−1: only in a), and back (`toA`). */
export interface WordMatch {
  toB: Int32Array;
  toA: Int32Array;
  /** The alignment's steps in order, as [index in a or −1, index in b or −1]. */
  steps: [number, number][];
  /** Its cost: the edits at sclite's costs plus the time tie-breaker (see `matchWords`). */
  cost: number;
}

/** Seconds of time difference are worth this much edit cost: far less than one edit, so texts come first. */
const TIME_WEIGHT = 0.01;

/** Past this many table cells two word tiers are not matched (one byte of traceback per cell). */
const MAX_MATCH_CELLS = 2 ** 28;

/**
 * Matches the words of two layers by a minimum-edit-distance alignment of their texts (sclite's costs),
 * with the words' times as the tie-breaker: among equally cheap text alignments, the one whose paired
 * words lie closest in time (the distance of their starts plus that of their ends, as sclite's
 * time-mediated alignment charges; an unpaired word costs its duration), so that a word whose text one
 * annotator corrected is paired with the word at the same time rather than a neighbour. Among alignments
 * equal in both, a pair is preferred to a word of a alone, and that to a word of b alone.
 */
export function matchWords(a: readonly GoldWord[], b: readonly GoldWord[]): WordMatch {
  const n = a.length;
  const m = b.length;
  if ((n + 1) * (m + 1) > MAX_MATCH_CELLS)
    throw new RangeError(`word tiers of ${n} and ${m} words are too long to match`);
  const { correct, substitution, insertion, deletion } = SCLITE_COSTS;
  const dur = (w: GoldWord): number => Math.max(0, w.endSec - w.startSec);
  const W = m + 1;
  // Costs two rows at a time; the choice of every cell (0 pair, 1 a alone, 2 b alone) for the traceback.
  let prev = new Float64Array(W);
  let row = new Float64Array(W);
  const back = new Uint8Array((n + 1) * W);
  for (let j = 1; j <= m; j++) {
    prev[j] = prev[j - 1]! + insertion + TIME_WEIGHT * dur(b[j - 1]!);
    back[j] = 2;
  }
  for (let i = 1; i <= n; i++) {
    const x = a[i - 1]!;
    row[0] = prev[0]! + deletion + TIME_WEIGHT * dur(x);
    back[i * W] = 1;
    for (let j = 1; j <= m; j++) {
      const y = b[j - 1]!;
      const pair =
        prev[j - 1]! +
        (x.text === y.text ? correct : substitution) +
        TIME_WEIGHT * (Math.abs(x.startSec - y.startSec) + Math.abs(x.endSec - y.endSec));
      const aAlone = prev[j]! + deletion + TIME_WEIGHT * dur(x);
      const bAlone = row[j - 1]! + insertion + TIME_WEIGHT * dur(y);
      let best = pair;
      let choice = 0;
      if (aAlone < best) {
        best = aAlone;
        choice = 1;
      }
      if (bAlone < best) {
        best = bAlone;
        choice = 2;
      }
      row[j] = best;
      back[i * W + j] = choice;
    }
    [prev, row] = [row, prev];
  }
  const toB = new Int32Array(n).fill(-1);
  const toA = new Int32Array(m).fill(-1);
  const steps: [number, number][] = [];
  for (let i = n, j = m; i > 0 || j > 0;) {
    const choice = back[i * W + j]!;
    if (choice === 0) {
      i--;
      j--;
      toB[i] = j;
      toA[j] = i;
      steps.push([i, j]);
    } else if (choice === 1) steps.push([--i, -1]);
    else steps.push([-1, --j]);
  }
  steps.reverse();
  return { toB, toA, steps, cost: prev[m]! };
}

/**
 * Whether words `aFirst..aLast` of a and `bFirst..bLast` of b are the same words under `m`: every word of
 * either span is matched, and matched into the other span.
 */
export function sameWords(
  m: WordMatch,
  aFirst: number,
  aLast: number,
  bFirst: number,
  bLast: number,
): boolean {
  for (let i = aFirst; i <= aLast; i++) {
    const j = m.toB[i]!;
    if (j < bFirst || j > bLast) return false;
  }
  for (let j = bFirst; j <= bLast; j++) {
    const i = m.toA[j]!;
    if (i < aFirst || i > aLast) return false;
  }
  return true;
}

/** Whether some word of a's span is matched to a word of b's span. */
function overlaps(m: WordMatch, aFirst: number, aLast: number, bFirst: number, bLast: number): boolean {
  for (let i = aFirst; i <= aLast; i++) {
    const j = m.toB[i]!;
    if (j >= bFirst && j <= bLast) return true;
  }
  return false;
}

function wordDifferences(a: GoldRecords, b: GoldRecords, m: WordMatch, tol: number): Difference[] {
  const out: Difference[] = [];
  for (const [i, j] of m.steps) {
    if (i < 0) out.push({ kind: 'word-only', side: 'b', index: j, text: b.words[j]!.text });
    else if (j < 0) out.push({ kind: 'word-only', side: 'a', index: i, text: a.words[i]!.text });
    else {
      const wa = a.words[i]!;
      const wb = b.words[j]!;
      if (wa.text !== wb.text) out.push({ kind: 'word-text', a: i, b: j, aText: wa.text, bText: wb.text });
      if (Math.abs(wa.startSec - wb.startSec) > tol + 1e-9)
        out.push({ kind: 'boundary', a: i, b: j, edge: 'start', aSec: wa.startSec, bSec: wb.startSec });
      if (Math.abs(wa.endSec - wb.endSec) > tol + 1e-9)
        out.push({ kind: 'boundary', a: i, b: j, edge: 'end', aSec: wa.endSec, bSec: wb.endSec });
    }
  }
  return out;
}

/** The constituents (nodes with children) of a tree with their word spans and times, by path. */
function constituents(tree: TreeNode, g: GoldRecords): Map<string, NodeRef> {
  const out = new Map<string, NodeRef>();
  for (const n of indexTree(tree)) {
    if (n.node.children.length === 0) continue;
    out.set(n.path.join('.'), {
      path: n.path,
      label: n.node.label,
      ...(n.node.type !== undefined ? { type: n.node.type } : {}),
      firstWord: n.first,
      lastWord: n.last,
      startSec: g.words[n.first]?.startSec ?? 0,
      endSec: g.words[n.last]?.endSec ?? 0,
    });
  }
  return out;
}

function treeDifferences(a: GoldRecords, b: GoldRecords, m: WordMatch): Difference[] {
  const out: Difference[] = [];
  const names = [...new Set([...a.trees.map((t) => t.name), ...b.trees.map((t) => t.name)])];
  for (const name of names) {
    const ta = a.trees.find((t) => t.name === name);
    const tb = b.trees.find((t) => t.name === name);
    if (!ta || !tb) {
      out.push({ kind: 'tree-only', side: ta ? 'a' : 'b', tree: name });
      continue;
    }
    const la = loadTree(a, ta);
    const lb = loadTree(b, tb);
    if (!la.tree || !lb.tree) {
      for (const [side, l] of [
        ['a', la],
        ['b', lb],
      ] as const)
        if (!l.tree)
          out.push({ kind: 'tree-unreadable', side, tree: name, reason: l.problems[0] ?? 'unreadable' });
      continue;
    }
    let result;
    try {
      // Labels must agree for a match (flexible: false): a part-of-speech tag that differs is a difference
      // here, although Struct-IoU's published default would pair such preterminals anyway.
      result = structIou(
        { tree: la.tree, words: a.words },
        { tree: lb.tree, words: b.words },
        { flexible: false },
      );
    } catch (err) {
      out.push({ kind: 'tree-unreadable', side: 'a', tree: name, reason: (err as Error).message });
      continue;
    }
    const na = constituents(la.tree, a);
    const nb = constituents(lb.tree, b);
    const matchedA = new Set<string>();
    const matchedB = new Set<string>();
    for (const p of result.pairs) {
      const ka = result.goldNodes[p.gold]!.path.join('.');
      const kb = result.predNodes[p.pred]!.path.join('.');
      matchedA.add(ka);
      matchedB.add(kb);
      const x = na.get(ka)!;
      const y = nb.get(kb)!;
      if (!sameWords(m, x.firstWord, x.lastWord, y.firstWord, y.lastWord))
        out.push({ kind: 'node-span', tree: name, a: x, b: y, iou: p.iou });
      else if (x.type !== y.type) out.push({ kind: 'node-type', tree: name, a: x, b: y });
    }
    for (const [k, node] of na)
      if (!matchedA.has(k)) out.push({ kind: 'node-unmatched', side: 'a', tree: name, node });
    for (const [k, node] of nb)
      if (!matchedB.has(k)) out.push({ kind: 'node-unmatched', side: 'b', tree: name, node });
  }
  return out;
}

function entityDifferences(a: GoldRecords, b: GoldRecords, m: WordMatch): Difference[] {
  const out: Difference[] = [];
  const hasPartnerA = new Set<number>();
  const hasPartnerB = new Set<number>();
  a.entities.forEach((ea, i) => {
    b.entities.forEach((eb, j) => {
      if (!overlaps(m, ea.firstWord, ea.lastWord, eb.firstWord, eb.lastWord)) return;
      hasPartnerA.add(i);
      hasPartnerB.add(j);
      const same = sameWords(m, ea.firstWord, ea.lastWord, eb.firstWord, eb.lastWord);
      if (same && ea.type === eb.type) return;
      out.push({ kind: same ? 'entity-type' : 'entity-extent', a: i, b: j, aEntity: ea, bEntity: eb });
    });
  });
  a.entities.forEach((entity, index) => {
    if (!hasPartnerA.has(index)) out.push({ kind: 'entity-only', side: 'a', index, entity });
  });
  b.entities.forEach((entity, index) => {
    if (!hasPartnerB.has(index)) out.push({ kind: 'entity-only', side: 'b', index, entity });
  });
  return out;
}

function conceptDifferences(a: GoldRecords, b: GoldRecords): Difference[] {
  const values = (g: GoldRecords, attr: string): string[] =>
    g.concepts
      .filter((c) => c.attribute === attr)
      .map((c) => c.value)
      .sort();
  const attrs = [...new Set([...a.concepts, ...b.concepts].map((c) => c.attribute))].sort();
  const out: Difference[] = [];
  for (const attribute of attrs) {
    const aValues = values(a, attribute);
    const bValues = values(b, attribute);
    if (canonicalJson(aValues) !== canonicalJson(bValues))
      out.push({ kind: 'concept', attribute, aValues, bValues });
  }
  return out;
}

/** Items of `xs` left after taking out one occurrence of each item of `ys`. */
function multisetMinus(xs: readonly string[], ys: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const y of ys) left.set(y, (left.get(y) ?? 0) + 1);
  return xs.filter((x) => {
    const k = left.get(x) ?? 0;
    if (k === 0) return true;
    left.set(x, k - 1);
    return false;
  });
}

function labelDifferences(a: LayerView, b: LayerView): Difference[] {
  const out: Difference[] = [];
  for (const text of multisetMinus(a.gold.interpretations, b.gold.interpretations))
    out.push({ kind: 'interpretation-only', side: 'a', text });
  for (const text of multisetMinus(b.gold.interpretations, a.gold.interpretations))
    out.push({ kind: 'interpretation-only', side: 'b', text });
  for (const key of GoldLabelsSchema.keyof().options) {
    const x = a.gold.labels[key];
    const y = b.gold.labels[key];
    if (x !== y)
      out.push({
        kind: 'label',
        key,
        aValue: x === undefined ? undefined : String(x),
        bValue: y === undefined ? undefined : String(y),
      });
  }
  if (a.status !== undefined && b.status !== undefined && a.status !== b.status)
    out.push({ kind: 'status', aStatus: a.status, bStatus: b.status });
  return out;
}

/** The difference as seen from the other side: a's part becomes b's and b's a's. */
export function mirrorDifference(d: Difference): Difference {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) {
    let key = k;
    if (k === 'a') key = 'b';
    else if (k === 'b') key = 'a';
    else if (/^a[A-Z]/.test(k)) key = `b${k.slice(1)}`;
    else if (/^b[A-Z]/.test(k)) key = `a${k.slice(1)}`;
    out[key] = k === 'side' ? (v === 'a' ? 'b' : 'a') : v;
  }
  return out as Difference;
}

function computeDifferences(a: LayerView, b: LayerView, tol: number): Difference[] {
  const m = matchWords(a.gold.words, b.gold.words);
  return [
    ...wordDifferences(a.gold, b.gold, m, tol),
    ...treeDifferences(a.gold, b.gold, m),
    ...entityDifferences(a.gold, b.gold, m),
    ...conceptDifferences(a.gold, b.gold),
    ...labelDifferences(a, b),
  ];
}

/**
 * The differences between two layers of one utterance that an adjudicator must see, in the order words,
 * trees, entities, concepts, interpretations, labels, status. Words are matched by a minimum-edit-distance
 * alignment of their texts (sclite's costs); a matched pair's boundaries differ when they are more than
 * `toleranceSec` apart. Trees of one name are compared by Struct-IoU over each layer's own word times
 * with labels required to agree; a constituent without a partner, and a partner over other words, are
 * differences. An entity agrees with one of the other layer over the same words and of the same type.
 */
export function layerDifferences(a: LayerView, b: LayerView, options: DifferenceOptions = {}): Difference[] {
  const tol = options.toleranceSec ?? DEFAULT_BOUNDARY_TOLERANCE_SEC;
  if (!Number.isFinite(tol) || tol < 0)
    throw new RangeError(`the boundary tolerance must be ≥ 0 s, got ${tol}`);
  const swap = canonicalJson([a.gold, a.status ?? null]) > canonicalJson([b.gold, b.status ?? null]);
  if (!swap) return computeDifferences(a, b, tol);
  return computeDifferences(b, a, tol).map(mirrorDifference);
}

/** The differences of every pair of layers (i < j), for three or more annotators. */
export function differencesAmong(
  layers: readonly LayerView[],
  options: DifferenceOptions = {},
): { a: number; b: number; differences: Difference[] }[] {
  const out: { a: number; b: number; differences: Difference[] }[] = [];
  for (let i = 0; i < layers.length; i++)
    for (let j = i + 1; j < layers.length; j++)
      out.push({ a: i, b: j, differences: layerDifferences(layers[i]!, layers[j]!, options) });
  return out;
}

const ms = (sec: number): string => `${Math.round(sec * 1000)} ms`;

function nodeText(n: NodeRef): string {
  const words =
    n.firstWord === n.lastWord ? `word ${n.firstWord + 1}` : `words ${n.firstWord + 1}–${n.lastWord + 1}`;
  return `${n.type !== undefined ? `${n.type}:` : ''}${n.label} (${words})`;
}

function entityText(e: GoldEntity): string {
  const words =
    e.firstWord === e.lastWord ? `word ${e.firstWord + 1}` : `words ${e.firstWord + 1}–${e.lastWord + 1}`;
  return `${e.type} (${words})`;
}

/** One difference in words, naming the layers `names` (e.g. the annotators), for lists and screen readers. */
export function describeDifference(d: Difference, names: { a: string; b: string }): string {
  const side = (s: Side): string => names[s];
  switch (d.kind) {
    case 'boundary':
      return `word ${d.a + 1}'s ${d.edge} differs by ${ms(Math.abs(d.aSec - d.bSec))} (${names.a} ${d.aSec.toFixed(3)} s, ${names.b} ${d.bSec.toFixed(3)} s)`;
    case 'word-text':
      return `word ${d.a + 1} is "${d.aText}" for ${names.a}, "${d.bText}" for ${names.b}`;
    case 'word-only':
      return `word "${d.text}" only in ${side(d.side)}'s words`;
    case 'tree-only':
      return `tree "${d.tree}" only in ${side(d.side)}'s layer`;
    case 'tree-unreadable':
      return `tree "${d.tree}" of ${side(d.side)} cannot be compared: ${d.reason}`;
    case 'node-unmatched':
      return `node ${nodeText(d.node)} of tree "${d.tree}" only in ${side(d.side)}'s tree`;
    case 'node-span':
      return `node ${d.a.label} of tree "${d.tree}" covers ${nodeText(d.a)} for ${names.a}, ${nodeText(d.b)} for ${names.b}`;
    case 'node-type':
      return `node ${d.a.label} of tree "${d.tree}" has type ${d.a.type ?? '—'} for ${names.a}, ${d.b.type ?? '—'} for ${names.b}`;
    case 'entity-only':
      return `entity ${entityText(d.entity)} only in ${side(d.side)}'s entities`;
    case 'entity-type':
      return `entity over the same words is ${d.aEntity.type} for ${names.a}, ${d.bEntity.type} for ${names.b}`;
    case 'entity-extent':
      return `entity ${entityText(d.aEntity)} for ${names.a}, ${entityText(d.bEntity)} for ${names.b}`;
    case 'concept':
      return `concept ${d.attribute}: ${d.aValues.join(', ') || '—'} for ${names.a}, ${d.bValues.join(', ') || '—'} for ${names.b}`;
    case 'interpretation-only':
      return `interpretation ${d.text.slice(0, 80)} only in ${side(d.side)}'s layer`;
    case 'label':
      return `label ${d.key}: ${d.aValue ?? '—'} for ${names.a}, ${d.bValue ?? '—'} for ${names.b}`;
    case 'status':
      return `status ${d.aStatus} for ${names.a}, ${d.bStatus} for ${names.b}`;
  }
}
