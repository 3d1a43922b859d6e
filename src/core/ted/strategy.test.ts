// The optimal strategy keeps its rows in slots reused between open parents and from call to call, and
// skips the leaves of F; it must name exactly the paths that the straightforward version (rows per open
// parent, kept below as the reference) names, since the strategy decides which subproblems the distance
// computation fills.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { node, type TreeNode } from '../tree/tree';
import { computeStrategy, strategyFor } from './strategy';
import { arbTree } from '../../../test/helpers/testTrees';
import { indexTree, LabelKeys, type TreeIndex } from './treeIndex';

const pair = (t1: TreeNode, t2: TreeNode): [TreeIndex, TreeIndex] => {
  const keys = new LabelKeys();
  return [indexTree(t1, keys, false), indexTree(t2, keys, false)];
};

describe('computeStrategy', () => {
  it('names the same path for every subtree pair as the reference version', () => {
    fc.assert(
      fc.property(arbTree(14), arbTree(14), (t1, t2) => {
        const [a, b] = pair(t1, t2);
        expect(Array.from(computeStrategy(a, b))).toEqual(Array.from(referenceStrategy(a, b)));
        expect(Array.from(computeStrategy(b, a))).toEqual(Array.from(referenceStrategy(b, a)));
      }),
      { numRuns: 500 },
    );
  });

  it('in a scratch array of the caller (32- or 64-bit): the same paths, and the scratch handed back zeroed', () => {
    fc.assert(
      fc.property(arbTree(14), arbTree(14), fc.boolean(), (t1, t2, single) => {
        const [a, b] = pair(t1, t2);
        const size = 2 * a.n * b.n + 64;
        const scratch = single ? new Float32Array(size) : new Float64Array(size);
        expect(Array.from(computeStrategy(a, b, scratch))).toEqual(Array.from(referenceStrategy(a, b)));
        expect(scratch.every((x) => x === 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('from the cache: the strategy of the same shapes, whatever the labels', () => {
    const relabel = (t: TreeNode, k: number): TreeNode => ({
      label: `${t.label}${k}`,
      children: t.children.map((c) => relabel(c, k)),
    });
    fc.assert(
      fc.property(arbTree(12), arbTree(12), (t1, t2) => {
        const [a, b] = pair(t1, t2);
        const first = strategyFor(a, b);
        expect(Array.from(first)).toEqual(Array.from(computeStrategy(a, b)));
        const [c, d] = pair(relabel(t1, 1), relabel(t2, 2));
        expect(strategyFor(c, d)).toBe(first);
        // The other order is another pair of shapes.
        expect(Array.from(strategyFor(b, a))).toEqual(Array.from(computeStrategy(b, a)));
      }),
      { numRuns: 300 },
    );
  });

  it('from the cache: still right once old entries are evicted', () => {
    const comb = (n: number): TreeNode => {
      let t = node('x');
      for (let k = 0; k < n; k++) t = node('a', [node('b'), t]);
      return t;
    };
    const flat = node(
      'S',
      Array.from({ length: 40 }, () => node('NN', [node('w')])),
    );
    // About 4 million strategy entries in all, four times what the cache keeps.
    const sizes = Array.from({ length: 200 }, (_, k) => 30 + k);
    for (const n of [...sizes, ...sizes.slice(0, 5), ...sizes.slice(-5)]) {
      const [a, b] = pair(comb(n), flat);
      expect(Array.from(strategyFor(a, b))).toEqual(Array.from(computeStrategy(a, b)));
    }
  });

  it('agrees on deep and wide trees, and on one after another of different sizes (reused rows)', () => {
    const comb = (n: number, right: boolean): TreeNode => {
      let t = node('x');
      for (let k = 0; k < n; k++) t = node('a', right ? [node('b'), t] : [t, node('b')]);
      return t;
    };
    const flat = (n: number): TreeNode =>
      node(
        'S',
        Array.from({ length: n }, (_, k) => node('NN', [node(`w${k}`)])),
      );
    const cases: [TreeNode, TreeNode][] = [
      [comb(40, true), flat(25)],
      [flat(3), comb(60, false)],
      [comb(30, false), comb(35, true)],
      [node('a'), flat(4)],
      [flat(50), flat(7)],
    ];
    for (const [t1, t2] of cases) {
      const [a, b] = pair(t1, t2);
      expect(Array.from(computeStrategy(a, b))).toEqual(Array.from(referenceStrategy(a, b)));
      expect(Array.from(strategyFor(a, b))).toEqual(Array.from(referenceStrategy(a, b)));
    }
  });
});

/** The version before the rows were kept by depth: one set of rows per open parent, from a pool. */
function referenceStrategy(f: TreeIndex, g: TreeIndex): Int32Array {
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
