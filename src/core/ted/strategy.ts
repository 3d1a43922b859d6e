// The optimal path strategy (Pawlik & Augsten, RTED §5 and APTED [Information Systems 56, 2016]
// §5, Algorithm 1): for every pair of subtrees (F_v, G_w) choose the root-leaf path — left, right or
// any inner path, in F or in G — whose single-path function plus the recursive cost of the subtrees
// hanging off the path is smallest. The cost of a single-path function is the number of subproblems
// it fills: |F_v|·krSumL(G_w) for a left path (Zhang–Shasha's keyroots), |F_v|·krSumR(G_w) for a
// right path, |F_v|·|A(G_w)| for an inner path (the full decomposition), and symmetrically for G.
// O(|F|·|G|) time; rows for F's open parents only, so besides the strategy itself memory stays
// O(|G|·depth(F)), and O(|G|) on a chain.
import type { TreeIndex } from './treeIndex';

/**
 * A strategy: 16-bit entries when both trees have fewer than 2^15 nodes (half the memory of the |F|·|G|
 * table), 32-bit ones otherwise.
 */
export type Strategy = Int16Array | Int32Array;

/**
 * strategy[v·|G| + w] names the path for the pair (v, w) in preL ids: leaf + 1 for a path in F ending
 * at that leaf, −(leaf + 1) for a path in G, and 0 when one subtree is a single node (no path needed).
 */
export function computeStrategy(f: TreeIndex, g: TreeIndex, scratch?: Float32Array | Float64Array): Strategy {
  const n1 = f.n;
  const n2 = g.n;
  const strategy = Math.max(n1, n2) < 2 ** 15 ? new Int16Array(n1 * n2) : new Int32Array(n1 * n2);
  // Per open parent of F (accumulated from its processed children, for every w):
  //   S = Σ cost(child, w); L/R = cost hanging off the left/right path; Imin = min(hangI(child) − cost(child));
  //   P = leaf of the path achieving Imin.
  // A parent is open from the moment its first child is processed (F in postorder) until it is processed
  // itself; it then holds a slot: S, L, R, I at rows[(4·slot + 0…3)·|G| + w], P at rowP[slot·|G| + w].
  // A slot freed by a processed node is reused by the next parent to open, so the rows take memory for
  // the most parents open at once (two on a chain, about the height on a complete tree), not for every
  // depth; a fresh slot is reset when its parent's first child comes.
  const slotOf = scratchInts(0, n1);
  const free = scratchInts(3, n1 + 1);
  const fParent = f.parent;
  const fSize = f.size;
  const fPost = f.L.postToPre;
  let slots = 0;
  {
    // The most slots held at once, by running the allocation below without the rows.
    let nFree = 0;
    for (let iv = 0; iv < n1; iv++) {
      const v = fPost[iv]!;
      const pv = fParent[v]!;
      if (pv >= 0 && v === pv + 1) slotOf[pv] = nFree > 0 ? free[--nFree]! : slots++;
      if (fSize[v]! > 1) free[nFree++] = slotOf[v]!;
    }
  }
  // In the caller's zeroed scratch when it is large enough (handed back zeroed), else in arrays of our own.
  const need = 4 * slots * n2;
  const rows = scratch !== undefined && scratch.length >= need ? scratch : scratchFloats(0, need);
  const rowP = scratchInts(1, slots * n2);
  // The same four rows for the open parents of G, which all lie in one row of the strategy.
  const gRows = scratchFloats(1, 4 * n2);
  const gP = scratchInts(2, n2);
  const gSo = 0;
  const gLo = n2;
  const gRo = 2 * n2;
  const gIo = 3 * n2;
  const gSize = g.size;
  const gParent = g.parent;
  const gKrL = g.krSumL;
  const gKrR = g.krSumR;
  const gA = g.fullDecomposition;
  const gLld = g.lld;
  const gRld = g.rld;
  const gPost = g.L.postToPre; // L view preorder = preL
  let nFree = 0;
  let nextSlot = 0;

  for (let iv = 0; iv < n1; iv++) {
    const v = fPost[iv]!;
    const sv = fSize[v]!;
    const leafV = sv === 1;
    const pv = fParent[v]!;
    const hasParent = pv >= 0;
    const vFirst = hasParent && v === pv + 1;
    const vLast = hasParent && v + sv === pv + fSize[pv]!;
    if (vFirst) slotOf[pv] = nFree > 0 ? free[--nFree]! : nextSlot++;
    // v's own rows (filled by its children; a leaf has none) and its parent's.
    const So = leafV ? 0 : 4 * slotOf[v]! * n2;
    const Lo = So + n2;
    const Ro = Lo + n2;
    const Io = Ro + n2;
    const Po = leafV ? 0 : slotOf[v]! * n2;
    const pSo = hasParent ? 4 * slotOf[pv]! * n2 : 0;
    const pLo = pSo + n2;
    const pRo = pLo + n2;
    const pIo = pRo + n2;
    const pPo = hasParent ? slotOf[pv]! * n2 : 0;
    if (vFirst) {
      rows.fill(0, pSo, pIo);
      rows.fill(Infinity, pIo, pIo + n2);
    }
    if (leafV) {
      // A leaf costs nothing against any w and hangs nothing off its paths, so it only offers its parent
      // an inner path ending at itself (hangI − cost = 0); G's rows of this round would be discarded.
      if (hasParent) {
        for (let w = 0; w < n2; w++) {
          if (0 < rows[pIo + w]!) {
            rows[pIo + w] = 0;
            rowP[pPo + w] = v;
          }
        }
      }
      continue;
    }
    const krL1 = f.krSumL[v]!;
    const krR1 = f.krSumR[v]!;
    const A1 = f.fullDecomposition[v]!;
    const lld1 = f.lld[v]! + 1;
    const rld1 = f.rld[v]! + 1;
    gRows.fill(0, 0, gIo);
    gRows.fill(Infinity, gIo, gIo + n2);
    const rowBase = v * n2;

    for (let iw = 0; iw < n2; iw++) {
      const w = gPost[iw]!;
      const sw = gSize[w]!;
      const leafW = sw === 1;
      const hangLv = rows[Lo + w]!;
      const hangRv = rows[Ro + w]!;
      const hangIv = rows[So + w]! + rows[Io + w]!;
      const pathIv = rowP[Po + w]!;
      const hangLw = leafW ? 0 : gRows[gLo + w]!;
      const hangRw = leafW ? 0 : gRows[gRo + w]!;
      const hangIw = leafW ? 0 : gRows[gSo + w]! + gRows[gIo + w]!;
      const pathIw = leafW ? w : gP[w]!;
      let cost = 0;
      if (!leafW) {
        // Ties keep the first option in this order: left, right, inner in F, then the same in G.
        cost = sv * gKrL[w]! + hangLv;
        let path = lld1;
        let c = sv * gKrR[w]! + hangRv;
        if (c < cost) {
          cost = c;
          path = rld1;
        }
        c = sv * gA[w]! + hangIv;
        if (c < cost) {
          cost = c;
          path = pathIv + 1;
        }
        c = sw * krL1 + hangLw;
        if (c < cost) {
          cost = c;
          path = -(gLld[w]! + 1);
        }
        c = sw * krR1 + hangRw;
        if (c < cost) {
          cost = c;
          path = -(gRld[w]! + 1);
        }
        c = sw * A1 + hangIw;
        if (c < cost) {
          cost = c;
          path = -(pathIw + 1);
        }
        strategy[rowBase + w] = path;
      }
      if (hasParent) {
        rows[pSo + w]! += cost;
        rows[pLo + w]! += vFirst ? hangLv : cost;
        rows[pRo + w]! += vLast ? hangRv : cost;
        const t = hangIv - cost;
        if (t < rows[pIo + w]!) {
          rows[pIo + w] = t;
          rowP[pPo + w] = pathIv;
        }
      }
      const pw = gParent[w]!;
      if (pw >= 0) {
        gRows[gSo + pw]! += cost;
        gRows[gLo + pw]! += w === pw + 1 ? hangLw : cost;
        gRows[gRo + pw]! += w + sw === pw + gSize[pw]! ? hangRw : cost;
        const t = hangIw - cost;
        if (t < gRows[gIo + pw]!) {
          gRows[gIo + pw] = t;
          gP[pw] = pathIw;
        }
      }
    }
    free[nFree++] = slotOf[v]!; // v's rows are consumed
  }
  if (rows === scratch) scratch.fill(0, 0, need);
  return strategy;
}

// Scratch arrays kept from call to call (the function is not re-entrant), so that scoring a corpus of
// small trees does not allocate a dozen typed arrays per pair; past SCRATCH_KEEP elements a call gets
// arrays of its own, so one huge pair does not pin its memory.
const SCRATCH_KEEP = 1 << 20;
const floatScratch: Float64Array[] = [];
const intScratch: Int32Array[] = [];

function scratchFloats(slot: number, n: number): Float64Array {
  if (n > SCRATCH_KEEP) return new Float64Array(n);
  if ((floatScratch[slot]?.length ?? -1) < n) floatScratch[slot] = new Float64Array(Math.max(n, 1024));
  return floatScratch[slot]!;
}

function scratchInts(slot: number, n: number): Int32Array {
  if (n > SCRATCH_KEEP) return new Int32Array(n);
  if ((intScratch[slot]?.length ?? -1) < n) intScratch[slot] = new Int32Array(Math.max(n, 1024));
  return intScratch[slot]!;
}

// The strategy depends only on the shapes of the two trees (sizes, leftmost and rightmost leaves, keyroot
// sums), never on labels, and computing it is a fifth of the work for the small trees of a corpus. It is
// kept, per pair of shapes, for pairs of at most CACHE_PAIR_MAX subtree pairs, up to CACHE_INTS entries
// in all (4 MB), the least recently used going first.
const CACHE_PAIR_MAX = 1 << 16;
const CACHE_INTS = 1 << 20;
const cache = new Map<string, Strategy>();
let cachedInts = 0;

/** An ordered tree's shape as a string: the number of children of each node in preorder. */
function shapeKey(t: TreeIndex): string {
  const codes = new Uint16Array(t.n);
  for (let v = 0; v < t.n; v++) codes[v] = t.childStart[v + 1]! - t.childStart[v]!;
  let key = '';
  for (let k = 0; k < t.n; k += 4096) key += String.fromCharCode(...codes.subarray(k, k + 4096));
  return key;
}

/**
 * The optimal strategy for `f` and `g` (as `computeStrategy`), from the cache when a pair of trees of the
 * same shapes was seen lately. The array is shared: callers must not write to it.
 */
export function strategyFor(f: TreeIndex, g: TreeIndex, scratch?: Float32Array | Float64Array): Strategy {
  // Child counts fit in 16 bits when |F|·|G| ≤ 2^16.
  if (f.n * g.n > CACHE_PAIR_MAX) return computeStrategy(f, g, scratch);
  const key = `${f.n}:${shapeKey(f)}${shapeKey(g)}`;
  let strategy = cache.get(key);
  if (strategy !== undefined) {
    cache.delete(key); // most recently used last
    cache.set(key, strategy);
    return strategy;
  }
  strategy = computeStrategy(f, g, scratch);
  cache.set(key, strategy);
  cachedInts += strategy.length;
  for (const [k, s] of cache) {
    if (cachedInts <= CACHE_INTS) break;
    cache.delete(k);
    cachedInts -= s.length;
  }
  return strategy;
}
