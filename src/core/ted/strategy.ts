// The optimal path strategy (Pawlik & Augsten, RTED §5 and APTED [Information Systems 56, 2016]
// §5, Algorithm 1): for every pair of subtrees (F_v, G_w) choose the root-leaf path — left, right or
// any inner path, in F or in G — whose single-path function plus the recursive cost of the subtrees
// hanging off the path is smallest. The cost of a single-path function is the number of subproblems
// it fills: |F_v|·krSumL(G_w) for a left path (Zhang–Shasha's keyroots), |F_v|·krSumR(G_w) for a
// right path, |F_v|·|A(G_w)| for an inner path (the full decomposition), and symmetrically for G.
// O(|F|·|G|) time; rows for F's open parents only, so memory stays O(|G|·depth(F)).
import type { TreeIndex } from './treeIndex';

/**
 * strategy[v·|G| + w] names the path for the pair (v, w) in preL ids: leaf + 1 for a path in F ending
 * at that leaf, −(leaf + 1) for a path in G, and 0 when one subtree is a single node (no path needed).
 */
export function computeStrategy(f: TreeIndex, g: TreeIndex): Int32Array {
  const n1 = f.n;
  const n2 = g.n;
  const strategy = new Int32Array(n1 * n2);
  // Per open parent of F (accumulated from its processed children, for every w):
  //   S = Σ cost(child, w); L/R = cost hanging off the left/right path; Imin = min(hangI(child) − cost(child));
  //   P = leaf of the path achieving Imin.
  const rowS: (Float64Array | undefined)[] = new Array<Float64Array | undefined>(n1);
  const rowL: (Float64Array | undefined)[] = new Array<Float64Array | undefined>(n1);
  const rowR: (Float64Array | undefined)[] = new Array<Float64Array | undefined>(n1);
  const rowI: (Float64Array | undefined)[] = new Array<Float64Array | undefined>(n1);
  const rowP: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(n1);
  const pool: [Float64Array, Float64Array, Float64Array, Float64Array, Int32Array][] = [];
  const gS = new Float64Array(n2);
  const gL = new Float64Array(n2);
  const gR = new Float64Array(n2);
  const gI = new Float64Array(n2);
  const gP = new Int32Array(n2);
  const fSize = f.size;
  const gSize = g.size;
  const gParent = g.parent;
  const gPost = g.L.postToPre; // L view preorder = preL
  const fPost = f.L.postToPre;

  for (let iv = 0; iv < n1; iv++) {
    const v = fPost[iv]!;
    const sv = fSize[v]!;
    const leafV = sv === 1;
    const pv = f.parent[v]!;
    const S = rowS[v];
    const Lr = rowL[v];
    const Rr = rowR[v];
    const Ir = rowI[v];
    const Pr = rowP[v];
    let pS: Float64Array | undefined;
    let pL: Float64Array | undefined;
    let pR: Float64Array | undefined;
    let pI: Float64Array | undefined;
    let pP: Int32Array | undefined;
    if (pv >= 0) {
      if (rowS[pv] === undefined) {
        const rows = pool.pop() ?? [
          new Float64Array(n2),
          new Float64Array(n2),
          new Float64Array(n2),
          new Float64Array(n2),
          new Int32Array(n2),
        ];
        rows[0].fill(0);
        rows[1].fill(0);
        rows[2].fill(0);
        rows[3].fill(Infinity);
        [rowS[pv], rowL[pv], rowR[pv], rowI[pv], rowP[pv]] = rows;
      }
      pS = rowS[pv]!;
      pL = rowL[pv]!;
      pR = rowR[pv]!;
      pI = rowI[pv]!;
      pP = rowP[pv]!;
    }
    const vFirst = pv >= 0 && v === pv + 1;
    const vLast = pv >= 0 && v + sv === pv + fSize[pv]!;
    const krL1 = f.krSumL[v]!;
    const krR1 = f.krSumR[v]!;
    const A1 = f.fullDecomposition[v]!;
    const lld1 = f.lld[v]! + 1;
    const rld1 = f.rld[v]! + 1;
    gS.fill(0);
    gL.fill(0);
    gR.fill(0);
    gI.fill(Infinity);
    const rowBase = v * n2;

    for (let iw = 0; iw < n2; iw++) {
      const w = gPost[iw]!;
      const sw = gSize[w]!;
      const leafW = sw === 1;
      const hangLv = leafV ? 0 : Lr![w]!;
      const hangRv = leafV ? 0 : Rr![w]!;
      const hangIv = leafV ? 0 : S![w]! + Ir![w]!;
      const pathIv = leafV ? v : Pr![w]!;
      const hangLw = leafW ? 0 : gL[w]!;
      const hangRw = leafW ? 0 : gR[w]!;
      const hangIw = leafW ? 0 : gS[w]! + gI[w]!;
      const pathIw = leafW ? w : gP[w]!;
      let cost = 0;
      if (!leafV && !leafW) {
        // Ties keep the first option in this order: left, right, inner in F, then the same in G.
        cost = sv * g.krSumL[w]! + hangLv;
        let path = lld1;
        let c = sv * g.krSumR[w]! + hangRv;
        if (c < cost) {
          cost = c;
          path = rld1;
        }
        c = sv * g.fullDecomposition[w]! + hangIv;
        if (c < cost) {
          cost = c;
          path = pathIv + 1;
        }
        c = sw * krL1 + hangLw;
        if (c < cost) {
          cost = c;
          path = -(g.lld[w]! + 1);
        }
        c = sw * krR1 + hangRw;
        if (c < cost) {
          cost = c;
          path = -(g.rld[w]! + 1);
        }
        c = sw * A1 + hangIw;
        if (c < cost) {
          cost = c;
          path = -(pathIw + 1);
        }
        strategy[rowBase + w] = path;
      }
      if (pS !== undefined) {
        pS[w]! += cost;
        pL![w]! += vFirst ? hangLv : cost;
        pR![w]! += vLast ? hangRv : cost;
        const t = hangIv - cost;
        if (t < pI![w]!) {
          pI![w] = t;
          pP![w] = pathIv;
        }
      }
      const pw = gParent[w]!;
      if (pw >= 0) {
        gS[pw]! += cost;
        gL[pw]! += w === pw + 1 ? hangLw : cost;
        gR[pw]! += w + sw === pw + gSize[pw]! ? hangRw : cost;
        const t = hangIw - cost;
        if (t < gI[pw]!) {
          gI[pw] = t;
          gP[pw] = pathIw;
        }
      }
    }
    if (!leafV) {
      pool.push([S!, Lr!, Rr!, Ir!, Pr!]);
      rowS[v] = rowL[v] = rowR[v] = rowI[v] = undefined;
      rowP[v] = undefined;
    }
  }
  return strategy;
}
