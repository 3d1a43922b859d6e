// Stage 3 (Burger et al. §2.3): which reference entity corresponds to which hypothesis entity.
import type { EntitySpan } from '../model/annotation';
import type { LexemeAlignment } from './alignment';
import { maxWeightMatching } from './assignment';

/** How candidate pairs are resolved into a mapping. */
export type NeMappingMode = 'greedy' | 'optimal';

/** Entity indices in text order (first word, then last word, then input order). */
export function textOrder(entities: readonly EntitySpan[]): Int32Array {
  return Int32Array.from(entities.keys()).sort(
    (a, b) =>
      entities[a]!.firstWord - entities[b]!.firstWord ||
      entities[a]!.lastWord - entities[b]!.lastWord ||
      a - b,
  );
}

/**
 * Candidate pairs, flat `[ref, hyp, …]`, grouped by reference entity in text order and, within one, by
 * hypothesis entity in text order. §2.3: "if some word(s) in a hypothesis NE have been aligned with some
 * word(s) in a reference NE, the reference and hypothesis NEs may be mapped to one another" — that is,
 * some block of the alignment holds a word of each.
 */
export function candidatePairs(
  ref: readonly EntitySpan[],
  hyp: readonly EntitySpan[],
  a: LexemeAlignment,
): Int32Array {
  const blocks = a.blockCount;
  const both = (b: number): boolean =>
    a.refStart[b + 1]! > a.refStart[b]! && a.hypStart[b + 1]! > a.hypStart[b]!;
  // Hypothesis entities by block (compressed rows), for the blocks holding words of both sides.
  const hypOrder = textOrder(hyp);
  const rank = new Int32Array(hyp.length);
  hypOrder.forEach((h, k) => (rank[h] = k));
  const rowStart = new Int32Array(blocks + 1);
  for (const h of hypOrder) {
    const e = hyp[h]!;
    for (let b = a.hypBlock[e.firstWord]!; b <= a.hypBlock[e.lastWord]!; b++) if (both(b)) rowStart[b + 1]!++;
  }
  for (let b = 0; b < blocks; b++) rowStart[b + 1]! += rowStart[b]!;
  const fill = rowStart.slice(0, blocks);
  const cells = new Int32Array(rowStart[blocks]!);
  for (const h of hypOrder) {
    const e = hyp[h]!;
    for (let b = a.hypBlock[e.firstWord]!; b <= a.hypBlock[e.lastWord]!; b++)
      if (both(b)) cells[fill[b]!++] = h;
  }
  const out: number[] = [];
  const seen = new Int32Array(hyp.length).fill(-1);
  const found: number[] = [];
  for (const r of textOrder(ref)) {
    const e = ref[r]!;
    found.length = 0;
    for (let b = a.refBlock[e.firstWord]!; b <= a.refBlock[e.lastWord]!; b++) {
      for (let k = rowStart[b]!; k < rowStart[b + 1]!; k++) {
        const h = cells[k]!;
        if (seen[h] === r) continue;
        seen[h] = r;
        found.push(h);
      }
    }
    found.sort((x, y) => rank[x]! - rank[y]!);
    for (const h of found) out.push(r, h);
  }
  return Int32Array.from(out);
}

/**
 * §2.3's greedy mapping: "resolved in simple left-to-right fashion: the first potential mapping pair is
 * chosen" — reference entities in text order each take their first still-free candidate. Returns each
 * reference entity's hypothesis entity, or −1.
 */
export function greedyMapping(nRef: number, nHyp: number, candidates: Int32Array): Int32Array {
  const refToHyp = new Int32Array(nRef).fill(-1);
  const used = new Uint8Array(nHyp);
  for (let k = 0; k < candidates.length; k += 2) {
    const r = candidates[k]!;
    const h = candidates[k + 1]!;
    if (refToHyp[r] !== -1 || used[h]) continue;
    refToHyp[r] = h;
    used[h] = 1;
  }
  return refToHyp;
}

/**
 * The optimal mapping: the pairing with the best final score. Recall and precision have fixed
 * denominators (every reference and every hypothesis entity counts, mapped or not, §2.5), so the best
 * score is the most correct components summed over mapped pairs — a maximum-weight bipartite matching
 * with `correctComponents(ref, hyp)` as weights. Among equally good pairings the one with more pairs wins
 * (each extra pair turns a deletion and an insertion into one substitution, lowering the slot error rate).
 */
export function optimalMapping(
  nRef: number,
  nHyp: number,
  candidates: Int32Array,
  correctComponents: (ref: number, hyp: number) => number,
): Int32Array {
  const pairs = candidates.length / 2;
  const scale = Math.min(nRef, nHyp) + 1;
  const weights = new Float64Array(pairs);
  for (let k = 0; k < pairs; k++) {
    weights[k] = correctComponents(candidates[2 * k]!, candidates[2 * k + 1]!) * scale + 1;
  }
  return maxWeightMatching(nRef, nHyp, candidates, weights);
}
