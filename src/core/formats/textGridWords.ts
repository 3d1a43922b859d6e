// Between TextGrids and SIEVE's records: the word tier of a forced alignment (the Montreal Forced Aligner
// writes tiers `words` and `phones`, silence as empty intervals) and the tiers SIEVE exports for a gold
// utterance (words, one tier per tree level, entities).
import type { EntitySpan, TimedWord } from '../model/annotation';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import type { TreeNode } from '../tree/tree';
import { FormatWriteError, Reporter } from './common';
import { type TextGrid, type TextGridInterval, type TextGridTier, parseTextGrid } from './textGrid';

/** How a word tier is picked and read. */
export interface TextGridWordOptions {
  /** Tier name to read; by default `words` (any case), or the only interval tier. */
  tier?: string;
  /** Labels that mean silence besides the empty label (MFA 1.x wrote `sp`, `sil`); none by default. */
  silence?: readonly string[];
}

/** Finds the interval tier `name` (exact, else case-insensitive). */
export function findIntervalTier(
  grid: TextGrid,
  name: string,
): Extract<TextGridTier, { kind: 'interval' }> | null {
  const tiers = grid.tiers.filter((t) => t.kind === 'interval');
  return (
    tiers.find((t) => t.name === name) ??
    tiers.find((t) => t.name.toLowerCase() === name.toLowerCase()) ??
    null
  );
}

/** The labelled intervals of a tier as timed words: empty (or silence) intervals are skipped, labels trimmed. */
export function tierWords(
  tier: Extract<TextGridTier, { kind: 'interval' }>,
  silence: readonly string[] = [],
): TimedWord[] {
  const out: TimedWord[] = [];
  for (const i of tier.intervals) {
    const text = i.text.trim();
    if (text === '' || silence.includes(text)) continue;
    out.push({ text, startSec: i.xmin, endSec: i.xmax });
  }
  return out;
}

/** Reads a TextGrid and returns its word tier as timed words (see `TextGridWordOptions`). */
export function parseTextGridWords(
  text: string,
  options: TextGridWordOptions = {},
): ParseResult<TimedWord[]> {
  const parsed = parseTextGrid(text);
  const diagnostics = [...parsed.diagnostics];
  const grid = parsed.value;
  const intervalTiers = grid.tiers.filter((t) => t.kind === 'interval');
  const wanted = options.tier ?? 'words';
  const tier =
    findIntervalTier(grid, wanted) ??
    (options.tier === undefined && intervalTiers.length === 1 ? intervalTiers[0]! : null);
  if (!tier) {
    if (!diagnostics.some((d) => d.severity === 'error')) {
      const names = grid.tiers.map((t) => `'${t.name}'`).join(', ') || 'none';
      const r = new Reporter(text);
      r.error(0, 'textgrid.tier', `expected an interval tier named '${wanted}' (tiers: ${names})`);
      diagnostics.push(...r.diagnostics);
    }
    return { value: [], diagnostics };
  }
  return { value: tierWords(tier, options.silence), diagnostics };
}

/** `parseTextGridWords`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseTextGridWordsOrThrow(
  text: string,
  options: TextGridWordOptions = {},
  file?: string,
): TimedWord[] {
  return valueOrThrow(parseTextGridWords(text, options), file);
}

/** Something with a time span and a label, to be laid on an interval tier. */
export interface TimedLabel {
  startSec: number;
  endSec: number;
  text: string;
}

/**
 * An interval tier covering `xmin..xmax` with `items` (in time order, not overlapping) and empty intervals
 * in the gaps, as Praat requires. Throws `FormatWriteError` on items it cannot lay down.
 */
export function intervalTier(
  name: string,
  items: readonly TimedLabel[],
  xmin: number,
  xmax: number,
): TextGridTier {
  const intervals: TextGridInterval[] = [];
  let at = xmin;
  items.forEach((item, k) => {
    const { startSec: a, endSec: b } = item;
    if (!(a >= at) || !(b > a) || b > xmax) {
      const why =
        b <= a ? 'is empty or reversed' : a < at ? `overlaps what ends at ${at}` : `ends after ${xmax}`;
      throw new FormatWriteError(`tier '${name}': item ${k} '${item.text}' at ${a}–${b} ${why}`, {
        tier: name,
        item: k,
      });
    }
    if (a > at) intervals.push({ xmin: at, xmax: a, text: '' });
    intervals.push({ xmin: a, xmax: b, text: item.text });
    at = b;
  });
  if (at < xmax || intervals.length === 0) intervals.push({ xmin: at, xmax, text: '' });
  return { kind: 'interval', name, xmin, xmax, intervals };
}

/** The words as timed labels; every word needs times and a non-blank text (blank reads back as silence). */
export function wordLabels(words: readonly TimedWord[]): TimedLabel[] {
  return words.map((w, k) => {
    if (w.startSec === null || w.endSec === null) {
      throw new FormatWriteError(`word ${k} '${w.text}' has no times; a TextGrid needs them`, { word: k });
    }
    if (w.text.trim() === '')
      throw new FormatWriteError(`word ${k} is blank; a TextGrid would read it as silence`);
    return { startSec: w.startSec, endSec: w.endSec, text: w.text };
  });
}

/** The span of words `first..last` (inclusive) in seconds. */
function wordSpan(words: readonly TimedLabel[], first: number, last: number, what: string): [number, number] {
  const a = words[first];
  const b = words[last];
  if (!a || !b || first > last)
    throw new FormatWriteError(`${what} covers words ${first}..${last} of ${words.length}`);
  return [a.startSec, b.endSec];
}

/**
 * Entity tiers: each span becomes an interval labelled with its type, from its first word's start to its
 * last word's end. Overlapping or nested spans go to further tiers (`entities-2` …), first fit.
 */
export function entityTiers(
  entities: readonly EntitySpan[],
  words: readonly TimedWord[],
  xmin: number,
  xmax: number,
  name = 'entities',
): TextGridTier[] {
  const labels = wordLabels(words);
  const sorted = [...entities].sort((p, q) => p.firstWord - q.firstWord || q.lastWord - p.lastWord);
  const layers: TimedLabel[][] = [];
  for (const e of sorted) {
    const [a, b] = wordSpan(labels, e.firstWord, e.lastWord, `entity '${e.type}'`);
    const item = { startSec: a, endSec: b, text: e.type };
    const layer = layers.find((l) => l[l.length - 1]!.endSec <= a);
    if (layer) layer.push(item);
    else layers.push([item]);
  }
  if (layers.length === 0) layers.push([]);
  return layers.map((l, k) => intervalTier(k === 0 ? name : `${name}-${k + 1}`, l, xmin, xmax));
}

/**
 * The spans of `tier` over `words`: each labelled interval must start at a word's start and end at a
 * word's end. Inverse of one `entityTiers` layer; an interval off the word boundaries is an error.
 */
export function tierSpans(
  tier: Extract<TextGridTier, { kind: 'interval' }>,
  words: readonly TimedWord[],
): { spans: EntitySpan[]; problems: string[] } {
  const spans: EntitySpan[] = [];
  const problems: string[] = [];
  for (const i of tier.intervals) {
    if (i.text.trim() === '') continue;
    const first = words.findIndex((w) => w.startSec === i.xmin);
    const last = words.findIndex((w) => w.endSec === i.xmax);
    if (first < 0 || last < first)
      problems.push(`'${i.text}' at ${i.xmin}–${i.xmax} is not on word boundaries`);
    else spans.push({ type: i.text.trim(), firstWord: first, lastWord: last });
  }
  return { spans, problems };
}

/**
 * One tier per tree level below the root (`syntax-1`, `syntax-2` …, excluding the word leaves): a node at
 * that depth becomes an interval over its words, labelled `LABEL` (or `TYPE:LABEL` when typed). For
 * viewing in Praat; reading these tiers back does not rebuild the tree (unary chains are ambiguous).
 */
export function treeLevelTiers(
  tree: TreeNode,
  words: readonly TimedWord[],
  xmin: number,
  xmax: number,
  name = 'tree',
  typed = false,
): TextGridTier[] {
  const labels = wordLabels(words);
  const levels: TimedLabel[][] = [];
  // Iterative walk with each node's first leaf index; a node covers leaves first..first+size-1.
  let leaf = 0;
  const open: { depth: number; first: number; t: TreeNode; exit: boolean }[] = [
    { depth: 0, first: 0, t: tree, exit: false },
  ];
  while (open.length > 0) {
    const top = open.pop()!;
    if (top.exit) {
      if (top.depth === 0 || top.t.children.length === 0) continue;
      const label = typed && top.t.type !== undefined ? `${top.t.type}:${top.t.label}` : top.t.label;
      const [a, b] = wordSpan(labels, top.first, leaf - 1, `tree node '${label}'`);
      (levels[top.depth - 1] ??= []).push({ startSec: a, endSec: b, text: label });
      continue;
    }
    if (top.t.children.length === 0) {
      leaf++;
      continue;
    }
    open.push({ ...top, first: leaf, exit: true });
    for (let k = top.t.children.length - 1; k >= 0; k--) {
      open.push({ depth: top.depth + 1, first: -1, t: top.t.children[k]!, exit: false });
    }
  }
  if (leaf !== words.length) {
    throw new FormatWriteError(
      `tree '${name}' has ${leaf} leaves but the utterance has ${words.length} words`,
    );
  }
  return levels.map((items, d) =>
    intervalTier(
      `${name}-${d + 1}`,
      items.sort((p, q) => p.startSec - q.startSec),
      xmin,
      xmax,
    ),
  );
}
