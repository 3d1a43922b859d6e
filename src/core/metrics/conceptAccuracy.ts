// Concept accuracy (Boros et al. §2.2, eq. (5); Thomae et al. §6, eq. (23)): word accuracy computed
// over attribute–value pairs ("semantic units") instead of words.
import { type AlignedPair, alignCodes, pairsFromOps } from '../align/align';
import { type CostsSpec, type EditCosts, costsSignature, resolveCosts } from '../align/costs';
import type { Concept } from '../model/annotation';
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../text/diagnostics';
import type { TreeNode } from '../tree/tree';
import { makeSignature } from '../stats/signature';
import { type WordErrorStats, accuracyFromStats, combineStats } from './wordAccuracy';

/** How concepts are compared and what edits cost. */
export interface ConceptOptions {
  /** `sclite` (3/3/4, Thomae et al. §3, the default), `equal` (Levenshtein, Boros et al.) or explicit costs. */
  costs?: CostsSpec;
  /** Compare attributes and values case-insensitively. */
  ignoreCase?: boolean;
}

/** One scored item (utterance): statistics, CA, alignment cost and the aligned concepts. */
export interface ConceptItemScore {
  id: string;
  stats: WordErrorStats;
  /** CA = 1 − (S + I + D)/N as a fraction; null when N = 0 and I > 0 (the rule of `errorRate`). */
  accuracy: number | null;
  cost: number;
  alignment: AlignedPair<Concept>[];
}

/** A scored corpus: summed statistics and the corpus CA (a ratio of sums), items, settings signature. */
export interface CorpusConceptAccuracy {
  stats: WordErrorStats;
  accuracy: number | null;
  items: ConceptItemScore[];
  signature: string;
}

/** Settings signature of a CA result, e.g. `ca|costs:sclite|case:exact|v:0.1.0`. */
export function caSignature(options: ConceptOptions = {}): string {
  return makeSignature('ca', [
    ['costs', costsSignature(options.costs ?? 'sclite')],
    ['case', options.ignoreCase ? 'fold' : 'exact'],
  ]);
}

/** `attribute:value`, the written form of a concept. */
export function conceptText(c: Concept): string {
  return `${c.attribute}:${c.value}`;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

function isSeparator(c: number): boolean {
  return c === 44 || isSpace(c); // ',' or whitespace
}

/**
 * Reads one attribute–value list, `sourcecity:Bonn goalcity:Berlin` or Boros et al.'s (4) form
 * `[sourcecity:Bonn, goalcity:Berlin]`: items separated by spaces and/or commas, each split at its first
 * colon into a non-empty attribute and value (so values may contain colons but no spaces or commas).
 * Never throws; line and column in the diagnostics are those within `text`.
 */
export function parseConceptList(text: string): ParseResult<Concept[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const concepts: Concept[] = [];
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const open = text.charCodeAt(start) === 91; // '['
  const close = end > start && text.charCodeAt(end - 1) === 93; // ']'
  if (open && close && end - start >= 2) {
    start++;
    end--;
  } else if (open) {
    diagnostics.push(diagnosticAt(index, start, 'concept.unclosed', "'[' is never closed"));
    start++;
  } else if (close) {
    diagnostics.push(diagnosticAt(index, end - 1, 'concept.unopened', "']' without '['"));
    end--;
  }
  let i = start;
  while (i < end) {
    while (i < end && isSeparator(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const from = i;
    while (i < end && !isSeparator(text.charCodeAt(i))) i++;
    const item = text.slice(from, i);
    const colon = item.indexOf(':');
    if (colon < 0) {
      diagnostics.push(
        diagnosticAt(index, from, 'concept.noColon', `expected attribute:value, found '${item}'`),
      );
    } else if (colon === 0) {
      diagnostics.push(
        diagnosticAt(index, from, 'concept.noAttribute', `'${item}' has no attribute before ':'`),
      );
    } else if (colon === item.length - 1) {
      diagnostics.push(
        diagnosticAt(index, from + colon, 'concept.noValue', `'${item}' has no value after ':'`),
      );
    } else {
      concepts.push({ attribute: item.slice(0, colon), value: item.slice(colon + 1) });
    }
  }
  return { value: concepts, diagnostics };
}

/**
 * The concepts of a tree (Thomae et al. §6): every leaf becomes a value whose attribute (slot) is the
 * `.`-joined labels of its ancestors below the root, left to right. The root is the tree's dummy node
 * (§5) and never part of a slot; a leaf directly under the root gets the empty slot, and a root without
 * children yields no concepts. Only labels count: node types of typed trees are ignored.
 */
export function conceptsFromTree(tree: TreeNode): Concept[] {
  const out: Concept[] = [];
  // Iterative depth-first walk (deep trees must not overflow the stack); `path` holds the slot so far.
  const stack: { node: TreeNode; path: string; depth: number }[] = [];
  for (let k = tree.children.length - 1; k >= 0; k--)
    stack.push({ node: tree.children[k]!, path: '', depth: 1 });
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    if (node.children.length === 0) {
      out.push({ attribute: path, value: node.label });
      continue;
    }
    const childPath = depth === 1 ? node.label : `${path}.${node.label}`;
    for (let k = node.children.length - 1; k >= 0; k--) {
      stack.push({ node: node.children[k]!, path: childPath, depth: depth + 1 });
    }
  }
  return out;
}

/** Maps concepts to integer codes (attribute and value) and slots to class codes, shared over a corpus. */
class ConceptCodes {
  private readonly ids = new Map<string, number>();
  private readonly slots = new Map<string, number>();
  constructor(private readonly fold: boolean) {}

  private code(map: Map<string, number>, key: string): number {
    let id = map.get(key);
    if (id === undefined) {
      id = map.size;
      map.set(key, id);
    }
    return id;
  }

  encode(concepts: readonly Concept[]): { codes: Int32Array; slots: Int32Array } {
    const codes = new Int32Array(concepts.length);
    const slots = new Int32Array(concepts.length);
    for (let k = 0; k < concepts.length; k++) {
      const c = concepts[k]!;
      const attribute = this.fold ? c.attribute.toLowerCase() : c.attribute;
      const value = this.fold ? c.value.toLowerCase() : c.value;
      codes[k] = this.code(this.ids, `${attribute}\u0000${value}`);
      slots[k] = this.code(this.slots, attribute);
    }
    return { codes, slots };
  }
}

function scoreWith(
  id: string,
  ref: readonly Concept[],
  hyp: readonly Concept[],
  codes: ConceptCodes,
  costs: EditCosts,
): ConceptItemScore {
  const r = codes.encode(ref);
  const h = codes.encode(hyp);
  // Thomae et al. §6: same slot, other value → substitution; another slot → deletion plus insertion
  // (a substitution is allowed only within one slot class).
  const a = alignCodes(r.codes, h.codes, costs, r.slots, h.slots);
  const { C, S, I, D } = a.counts;
  const stats = { C, S, D, I, N: ref.length };
  return {
    id,
    stats,
    accuracy: accuracyFromStats(stats),
    cost: a.cost,
    alignment: pairsFromOps(a.ops, ref, hyp),
  };
}

/** Scores one reference/hypothesis concept list. */
export function scoreConcepts(
  ref: readonly Concept[],
  hyp: readonly Concept[],
  options: ConceptOptions = {},
): ConceptItemScore {
  const costs = resolveCosts(options.costs ?? 'sclite');
  return scoreWith('', ref, hyp, new ConceptCodes(options.ignoreCase ?? false), costs);
}

/** Concept accuracy of one pair as a fraction (Boros et al. eq. (5) without the factor 100). */
export function conceptAccuracy(
  ref: readonly Concept[],
  hyp: readonly Concept[],
  options: ConceptOptions = {},
): number | null {
  return scoreConcepts(ref, hyp, options).accuracy;
}

/** Scores paired items; corpus figures sum the counts over items, as both papers do. */
export function scoreConceptItems(
  items: readonly { id: string; ref: readonly Concept[]; hyp: readonly Concept[] }[],
  options: ConceptOptions = {},
): CorpusConceptAccuracy {
  const costs = resolveCosts(options.costs ?? 'sclite');
  const codes = new ConceptCodes(options.ignoreCase ?? false);
  const scored = items.map((it) => scoreWith(it.id, it.ref, it.hyp, codes, costs));
  const stats = combineStats(scored.map((s) => s.stats));
  return {
    stats,
    accuracy: accuracyFromStats(stats),
    items: scored,
    signature: caSignature(options),
  };
}
