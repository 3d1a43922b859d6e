// Adjudication: taking one part of an annotator's layer into the adjudicated layer. Each take is computed
// as a `GoldDiff` on the adjudicated records (one history entry when saved) and is held to `goldIssues`
// like every other write; a take that cannot be made as asked is refused with the reason in words.
//
// Places are named in the adjudicated layer (the words the adjudicator selected): the annotator's words
// are matched to them with the word alignment the differences use (`matchWords`), so a take works where
// the two layers' word tiers differ, as long as the part taken lies over words both have.
import { type WordMatch, matchWords, sameWords } from '../agreement/differences';
import { formatTree, leafToken } from '../edit/bracketFormat';
import { EditRefused } from '../edit/editRefused';
import { sortEntities } from '../edit/entities';
import { loadTree, withTree } from '../edit/goldTrees';
import { type NodePath, copyAlong, indexTree } from '../edit/treePaths';
import { rangeForWords, relabelNode, wrapRange } from '../edit/treeEdit';
import { MIN_WORD_SEC } from '../edit/wordTier';
import { parseTree, writeBracket } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import { type GoldDiff, diffGold } from './diff';
import { type GoldEntity, type GoldRecords, type GoldWord, goldIssues } from './records';

/** What to take from the annotator's layer; word indices are those of the adjudicated layer. */
export type Take =
  /** One edge of word `word`. */
  | { what: 'boundary'; word: number; edge: 'start' | 'end' }
  /** Both edges of words `first..last`. */
  | { what: 'boundaries'; first: number; last: number }
  /** The annotator's (highest) node over exactly words `first..last` of tree `tree`: its label and type. */
  | { what: 'node'; tree: string; first: number; last: number }
  /** The annotator's whole structure over exactly words `first..last` of tree `tree`. */
  | { what: 'subtree'; tree: string; first: number; last: number }
  /** The annotator's whole tree `tree` (none, when they have no tree of that name). */
  | { what: 'tree'; tree: string }
  /** The annotator's entities over words `first..last` (none, when they have none there). */
  | { what: 'entity'; first: number; last: number }
  /** The annotator's concepts of one attribute, or all their concepts. */
  | { what: 'concepts'; attribute?: string }
  /** The annotator's labels and gold interpretations. */
  | { what: 'labels' }
  /** Everything: words, trees, entities, concepts, interpretations and labels. */
  | { what: 'utterance' };

/** A take as a diff of the adjudicated layer with its history label, or why it cannot be made. */
export type TakeResult = { ok: true; diff: GoldDiff; label: string } | { ok: false; reason: string };

const span = (first: number, last: number): string =>
  first === last ? `word ${first + 1}` : `words ${first + 1}–${last + 1}`;

function describeTake(take: Take): string {
  switch (take.what) {
    case 'boundary':
      return `the ${take.edge} of word ${take.word + 1}`;
    case 'boundaries':
      return `the boundaries of ${span(take.first, take.last)}`;
    case 'node':
      return `the node over ${span(take.first, take.last)} of tree "${take.tree}"`;
    case 'subtree':
      return `the subtree over ${span(take.first, take.last)} of tree "${take.tree}"`;
    case 'tree':
      return `tree "${take.tree}"`;
    case 'entity':
      return `the entities over ${span(take.first, take.last)}`;
    case 'concepts':
      return take.attribute === undefined ? 'the concepts' : `the concepts ${take.attribute}`;
    case 'labels':
      return 'the labels and interpretations';
    case 'utterance':
      return 'the whole utterance';
  }
}

function refuse(message: string): never {
  throw new EditRefused(message);
}

function checkSpan(g: GoldRecords, first: number, last: number): void {
  if (!(
    Number.isInteger(first) &&
    Number.isInteger(last) &&
    first >= 0 &&
    first <= last &&
    last < g.words.length
  ))
    refuse('Select one or more words of the adjudicated layer first.');
}

/** The source's word times (and where they come from) on a copy of a target word. */
function retimed(w: GoldWord, s: GoldWord, edges: { start: boolean; end: boolean }): GoldWord {
  const out: GoldWord = {
    text: w.text,
    startSec: edges.start ? s.startSec : w.startSec,
    endSec: edges.end ? s.endSec : w.endSec,
  };
  const from = s.source !== undefined ? s : w;
  if (from.source !== undefined) out.source = from.source;
  if (from.confidence !== undefined) out.confidence = from.confidence;
  return out;
}

function takeBoundaries(
  target: GoldRecords,
  source: GoldRecords,
  m: WordMatch,
  first: number,
  last: number,
  edges: { start: boolean; end: boolean },
  from: string,
): GoldRecords {
  checkSpan(target, first, last);
  const words = target.words.map((w) => ({ ...w }));
  for (let i = first; i <= last; i++) {
    const j = m.toB[i]!;
    if (j < 0) refuse(`Word ${i + 1} ("${target.words[i]!.text}") has no partner among ${from}'s words.`);
    words[i] = retimed(target.words[i]!, source.words[j]!, edges);
  }
  // A boundary shared with a neighbour outside the range moves for both, as a drag moves it.
  const prev = words[first - 1];
  const old = target.words[first]!;
  if (edges.start && prev && Math.abs(prev.endSec - old.startSec) <= 0.0005) {
    prev.endSec = words[first]!.startSec;
    if (prev.endSec < prev.startSec + MIN_WORD_SEC - 1e-9)
      refuse(
        `Word ${first} ("${prev.text}") would become shorter than ${MIN_WORD_SEC * 1000} ms: take its boundaries too.`,
      );
  }
  const next = words[last + 1];
  const oldLast = target.words[last]!;
  if (edges.end && next && Math.abs(next.startSec - oldLast.endSec) <= 0.0005) {
    next.startSec = words[last]!.endSec;
    if (next.endSec < next.startSec + MIN_WORD_SEC - 1e-9)
      refuse(
        `Word ${last + 2} ("${next.text}") would become shorter than ${MIN_WORD_SEC * 1000} ms: take its boundaries too.`,
      );
  }
  return { ...target, words };
}

/** The highest constituent whose words are exactly `first..last`, or null. */
function nodeOver(tree: TreeNode, first: number, last: number): { path: number[]; node: TreeNode } | null {
  let best: { path: number[]; node: TreeNode } | null = null;
  for (const n of indexTree(tree))
    if (
      n.node.children.length > 0 &&
      n.first === first &&
      n.last === last &&
      (!best || n.path.length < best.path.length)
    )
      best = { path: n.path, node: n.node };
  return best;
}

function loaded(g: GoldRecords, name: string, whose: string): { tree: TreeNode; typed: boolean } | null {
  const t = g.trees.find((x) => x.name === name);
  if (!t) return null;
  const l = loadTree(g, t);
  if (!l.tree)
    refuse(`${whose} tree "${name}" cannot be read: ${l.problems[0] ?? 'it does not match the words'}.`);
  return { tree: l.tree, typed: t.typed };
}

/** The source's words for target words `first..last`, refused unless they are the same words. */
function sourceSpan(
  m: WordMatch,
  first: number,
  last: number,
  from: string,
): { first: number; last: number } {
  const sf = m.toB[first]!;
  const sl = m.toB[last]!;
  if (sf < 0 || sl < 0 || !sameWords(m, first, last, sf, sl))
    refuse(`${from}'s words differ from the adjudicated layer's over ${span(first, last)}.`);
  return { first: sf, last: sl };
}

function takeNode(
  target: GoldRecords,
  source: GoldRecords,
  m: WordMatch,
  name: string,
  first: number,
  last: number,
  from: string,
): GoldRecords {
  checkSpan(target, first, last);
  const s = loaded(source, name, `${from}'s`);
  if (!s) refuse(`${from} has no tree "${name}".`);
  const t = loaded(target, name, "The adjudicated layer's");
  if (!t)
    refuse(`The adjudicated layer has no tree "${name}": take the whole tree (its root's subtree) first.`);
  if (s.typed !== t.typed) refuse(`Tree "${name}" is typed in one layer and not in the other.`);
  const ss = sourceSpan(m, first, last, from);
  const sn = nodeOver(s.tree, ss.first, ss.last);
  if (!sn) refuse(`${from}'s tree "${name}" has no node over exactly ${span(first, last)}.`);
  const options = t.typed ? { typed: true, type: sn.node.type } : {};
  const tn = nodeOver(t.tree, first, last);
  let tree: TreeNode;
  if (tn) tree = relabelNode(t.tree, tn.path, sn.node.label, options);
  else {
    const range = rangeForWords(t.tree, first, last);
    if (!range) refuse(`In the adjudicated tree "${name}", ${span(first, last)} cross a bracket.`);
    tree = wrapRange(t.tree, range, sn.node.label, options).tree;
  }
  return withTree(target, name, tree);
}

/** A copy of the subtree with its leaves as the target's words from `first` on. */
function withLeaves(node: TreeNode, texts: readonly string[], at: { k: number }): TreeNode {
  if (node.children.length === 0) return { ...node, label: leafToken(texts[at.k++]!) };
  return { ...node, children: node.children.map((c) => withLeaves(c, texts, at)) };
}

function replaceAt(tree: TreeNode, parent: NodePath, from: number, to: number, nodes: TreeNode[]): TreeNode {
  const { root, target } = copyAlong(tree, parent);
  target.children.splice(from, to - from + 1, ...nodes);
  return root;
}

function takeSubtree(
  target: GoldRecords,
  source: GoldRecords,
  m: WordMatch,
  name: string,
  first: number,
  last: number,
  from: string,
): GoldRecords {
  checkSpan(target, first, last);
  const s = loaded(source, name, `${from}'s`);
  if (!s) refuse(`${from} has no tree "${name}".`);
  const ss = sourceSpan(m, first, last, from);
  for (let i = first; i <= last; i++)
    if (target.words[i]!.text !== source.words[m.toB[i]!]!.text)
      refuse(
        `Word ${i + 1} is "${target.words[i]!.text}" here but "${source.words[m.toB[i]!]!.text}" for ${from}: a subtree is taken only over the same words.`,
      );
  const texts = target.words.map((w) => w.text);
  let taken: TreeNode[];
  const sn = nodeOver(s.tree, ss.first, ss.last);
  if (sn) taken = [sn.node];
  else {
    const r = rangeForWords(s.tree, ss.first, ss.last);
    if (!r || r.parent === null)
      refuse(`${from}'s tree "${name}" has no run of nodes over exactly ${span(first, last)}.`);
    const parent = indexTree(s.tree).find((n) => n.path.join('.') === r.parent!.join('.'))!.node;
    taken = parent.children.slice(r.from, r.to + 1);
  }
  const at = { k: first };
  taken = taken.map((n) => withLeaves(n, texts, at));
  const t = loaded(target, name, "The adjudicated layer's");
  if (!t) {
    if (first !== 0 || last !== target.words.length - 1 || taken.length !== 1)
      refuse(`The adjudicated layer has no tree "${name}": take the whole tree (select every word) first.`);
    return {
      ...target,
      trees: [...target.trees, { name, typed: s.typed, bracket: formatTree(taken[0]!, { typed: s.typed }) }],
    };
  }
  if (s.typed !== t.typed) refuse(`Tree "${name}" is typed in one layer and not in the other.`);
  const tn = nodeOver(t.tree, first, last);
  let tree: TreeNode;
  if (tn && tn.path.length === 0) {
    if (taken.length !== 1)
      refuse(`${from}'s tree "${name}" has no single node over the whole utterance to be the root.`);
    tree = taken[0]!;
  } else if (tn) tree = replaceAt(t.tree, tn.path.slice(0, -1), tn.path.at(-1)!, tn.path.at(-1)!, taken);
  else {
    const r = rangeForWords(t.tree, first, last);
    if (!r) refuse(`In the adjudicated tree "${name}", ${span(first, last)} cross a bracket.`);
    if (r.parent === null) {
      if (taken.length !== 1) refuse(`${from}'s tree "${name}" has no single node to be the root.`);
      tree = taken[0]!;
    } else tree = replaceAt(t.tree, r.parent, r.from, r.to, taken);
  }
  return withTree(target, name, tree);
}

function takeTree(target: GoldRecords, source: GoldRecords, name: string): GoldRecords {
  const theirs = source.trees.find((t) => t.name === name);
  const at = target.trees.findIndex((t) => t.name === name);
  if (!theirs) return { ...target, trees: target.trees.filter((t) => t.name !== name) };
  const trees = [...target.trees];
  if (at < 0) trees.push({ ...theirs });
  else trees[at] = { ...theirs };
  return { ...target, trees };
}

function takeEntities(
  target: GoldRecords,
  source: GoldRecords,
  m: WordMatch,
  first: number,
  last: number,
  from: string,
): GoldRecords {
  checkSpan(target, first, last);
  const inRegion = (e: GoldEntity, lo: number, hi: number): boolean => e.firstWord <= hi && e.lastWord >= lo;
  const taken: GoldEntity[] = [];
  let lo = first;
  let hi = last;
  for (const e of source.entities) {
    let touches = false;
    for (let j = e.firstWord; j <= e.lastWord; j++) {
      const i = m.toA[j]!;
      if (i >= first && i <= last) touches = true;
    }
    if (!touches) continue;
    const tf = m.toA[e.firstWord]!;
    const tl = m.toA[e.lastWord]!;
    if (tf < 0 || tl < 0 || !sameWords(m, tf, tl, e.firstWord, e.lastWord))
      refuse(`${from}'s ${e.type} entity lies over words the adjudicated layer does not have.`);
    taken.push({ type: e.type, firstWord: tf, lastWord: tl });
    lo = Math.min(lo, tf);
    hi = Math.max(hi, tl);
  }
  const kept = target.entities.filter((e) => !inRegion(e, lo, hi));
  return { ...target, entities: sortEntities([...kept, ...taken]) };
}

function takeConcepts(target: GoldRecords, source: GoldRecords, attribute: string | undefined): GoldRecords {
  if (attribute === undefined) return { ...target, concepts: source.concepts.map((c) => ({ ...c })) };
  const at = target.concepts.findIndex((c) => c.attribute === attribute);
  const kept = target.concepts.filter((c) => c.attribute !== attribute);
  const taken = source.concepts.filter((c) => c.attribute === attribute).map((c) => ({ ...c }));
  const k =
    at < 0 ? kept.length : target.concepts.slice(0, at).filter((c) => c.attribute !== attribute).length;
  return { ...target, concepts: [...kept.slice(0, k), ...taken, ...kept.slice(k)] };
}

/** A tree's bracket text on one line, or null when it does not read. */
function oneLine(bracket: string, typed: boolean): string | null {
  const r = parseTree(bracket, { typed });
  return r.value && !r.diagnostics.some((d) => d.severity === 'error')
    ? writeBracket(r.value, { typed })
    : null;
}

/**
 * `next` with the bracket text of every tree the take left as it was (the same tree, written another way)
 * put back as the adjudicated layer had it: a take that changes no tree does not rewrite one.
 */
function keepUnchangedTrees(target: GoldRecords, next: GoldRecords): GoldRecords {
  let changed = false;
  const trees = next.trees.map((t) => {
    const old = target.trees.find((x) => x.name === t.name);
    if (!old || old.bracket === t.bracket || old.typed !== t.typed) return t;
    const a = oneLine(old.bracket, old.typed);
    if (a === null || a !== oneLine(t.bracket, t.typed)) return t;
    changed = true;
    return old;
  });
  return changed ? { ...next, trees } : next;
}

/**
 * The diff that takes `take` from `source` (an annotator's layer, named `from` in messages and in the
 * history label) into `target` (the adjudicated layer), or the reason it cannot: the part is not there,
 * lies over words the layers do not share, would cross a bracket of the adjudicated tree, or the result
 * would not be valid gold (`goldIssues`). A take that would change nothing is refused too, so that no
 * empty history entry is made. Status is not part of the gold records: it is set on its own.
 */
export function takeFrom(
  target: GoldRecords,
  source: GoldRecords,
  take: Take,
  from = 'the annotator',
): TakeResult {
  const what = describeTake(take);
  let next: GoldRecords;
  try {
    const m = matchWords(target.words, source.words);
    switch (take.what) {
      case 'boundary':
        next = takeBoundaries(
          target,
          source,
          m,
          take.word,
          take.word,
          { start: take.edge === 'start', end: take.edge === 'end' },
          from,
        );
        break;
      case 'boundaries':
        next = takeBoundaries(target, source, m, take.first, take.last, { start: true, end: true }, from);
        break;
      case 'node':
        next = takeNode(target, source, m, take.tree, take.first, take.last, from);
        break;
      case 'subtree':
        next = takeSubtree(target, source, m, take.tree, take.first, take.last, from);
        break;
      case 'tree':
        next = takeTree(target, source, take.tree);
        break;
      case 'entity':
        next = takeEntities(target, source, m, take.first, take.last, from);
        break;
      case 'concepts':
        next = takeConcepts(target, source, take.attribute);
        break;
      case 'labels':
        next = { ...target, labels: { ...source.labels }, interpretations: [...source.interpretations] };
        break;
      case 'utterance':
        next = source;
        break;
    }
  } catch (err) {
    if (err instanceof EditRefused) return { ok: false, reason: err.message };
    throw err;
  }
  next = keepUnchangedTrees(target, next);
  const issues = goldIssues(next);
  if (issues.length > 0)
    return { ok: false, reason: `Taking ${what} from ${from} would leave ${issues[0]!.message}.` };
  const diff = diffGold(target, next);
  if (diff.length === 0)
    return { ok: false, reason: `The adjudicated layer already has ${what} as ${from} has it.` };
  return { ok: true, diff, label: `take ${what} from ${from}` };
}
