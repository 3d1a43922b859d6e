// The single-path function for an inner path of F (Pawlik & Augsten, TODS 2015 §7–8, ΔA; the path
// decomposition of Klein and Demaine et al.), in O(|F|·|G| + |G|²) memory.
//
// Walking up the path γ from its leaf, the relevant forests of F at path node p with path child c
// are: F_c, then F_c with the subtrees left of c added node by node in reverse preorder (each new
// node becomes the leftmost root), then those right of c added in reverse right-to-left preorder
// (each new node the rightmost root), and finally F_p. A forest grown at its left is paired with
// every forest of G that has a given rightmost root r, ordered by leftmost root in decreasing
// preorder (a "chain"); the table for one r is the Zhang–Shasha recursion (Thomae et al. Eq. (19))
// with leftmost roots in place of rightmost ones. Forests grown at the right are the same on the
// mirrored views. Between the two sides and between path nodes, the distances from the last
// complete F forest to every forest of A(G) — identified by (leftmost root, rightmost root) — are
// kept in `t`. Cost: |F_v| · |A(G_w)| cells.
import { BugError } from '../errors';
import type { TreeIndex, TreeView } from './treeIndex';
import type { Distances, TedWorkspace } from './workspace';

/** The chains of one view over G_w, flattened: chain of the j-th right root (postorder) is [start[j], start[j + 1]). */
export interface ChainStore {
  /** Offsets by postorder position within G_w (length m + 1). */
  start: Int32Array;
  /** Leftmost root (view preorder) of each forest. */
  node: Int32Array;
  /** Subtree size of that root. */
  size: Int32Array;
  /** Its label key. */
  key: Int32Array;
  /** Its type id. */
  type: Int32Array;
  /** Its offset in delta (original preL id times the stride of G). */
  off: Int32Array;
  /** Index of the same forest in the other view's store. */
  other: Int32Array;
}

/** An empty store; grown on demand. */
export function emptyChainStore(): ChainStore {
  const z = new Int32Array(0);
  return { start: z, node: z, size: z, key: z, type: z, off: z, other: z };
}

function ensure(store: ChainStore, m: number, total: number): void {
  if (store.start.length < m + 1) store.start = new Int32Array(m + 1);
  if (store.node.length < total) {
    store.node = new Int32Array(total);
    store.size = new Int32Array(total);
    store.key = new Int32Array(total);
    store.type = new Int32Array(total);
    store.off = new Int32Array(total);
    store.other = new Int32Array(total);
  }
}

/**
 * Lists, for every right root r of G_w (in postorder), the forests of A(G_w) whose rightmost root is
 * r, by leftmost root in decreasing preorder: r itself (the tree G_r), then every node left of r.
 */
function buildChains(G: TreeView, gw: number, strideG: number, store: ChainStore, total: number): void {
  const m = G.size[gw]!;
  ensure(store, m, total);
  const { start, node, size, key, type, off } = store;
  const gParent = G.parent;
  const gSize = G.size;
  const gTop = G.top;
  const g0 = G.preToPost[gw]! - m + 1;
  let at = 0;
  for (let j = 0; j < m; j++) {
    const r = G.postToPre[g0 + j]!;
    start[j] = at;
    let x = r;
    for (;;) {
      if (at >= total) throw new BugError('more forests than |A(G)| while listing chains');
      node[at] = x;
      size[at] = gSize[x]!;
      key[at] = G.key[x]!;
      type[at] = G.type[x]!;
      off[at++] = G.toOrig[x]! * strideG;
      let y = x - 1;
      if (y <= gw) break;
      if (y === gParent[x] && y + gSize[y]! > r) {
        y = gTop[x]! - 1; // y and the run of first children above it are ancestors of r: skip them
        if (y <= gw) break;
      }
      x = y;
    }
  }
  start[m] = at;
}

/** Links every forest of the L store to its entry in the R store and back. */
function linkChains(ws: TedWorkspace, GL: TreeView, GR: TreeView, gwL: number, gwR: number): void {
  const m = GL.size[gwL]!;
  if (ws.pairPos.length < m * m) ws.pairPos = new Int32Array(m * m);
  const pos = ws.pairPos;
  const L = ws.chainL;
  const R = ws.chainR;
  const g0L = GL.preToPost[gwL]! - m + 1;
  for (let j = 0; j < m; j++) {
    const r = GL.postToPre[g0L + j]! - gwL;
    for (let i = L.start[j]!; i < L.start[j + 1]!; i++) pos[(L.node[i]! - gwL) * m + r] = i;
  }
  const g0R = GR.preToPost[gwR]! - m + 1;
  for (let j = 0; j < m; j++) {
    const l = GR.other[GR.postToPre[g0R + j]!]! - gwL; // the right root of the mirror is the leftmost root
    for (let i = R.start[j]!; i < R.start[j + 1]!; i++) {
      const li = pos[l * m + GR.other[R.node[i]!]! - gwL]!;
      R.other[i] = li;
      L.other[li] = i;
    }
  }
}

interface Side {
  ws: TedWorkspace;
  F: TreeView;
  G: TreeView;
  /** G_w's root in G's view. */
  gw: number;
  /** This view's chains, and t for them (own) and for the other view (other). */
  chains: ChainStore;
  tOwn: Distances;
  tOther: Distances;
  swapped: boolean;
}

/**
 * One side of one path step. Rows are the F forests grown at the view's left from the forest Ψ
 * (|Ψ| nodes, rooted at c and to its right; empty when `psiEmpty`), adding view-preorder ids
 * c − 1 down to p + 1, then p itself when `withP`. Returns D(F_p, G_w) when `withP`.
 */
function growLeft(
  side: Side,
  p: number,
  c: number,
  withP: boolean,
  psiSize: number,
  psiEmpty: boolean,
): number {
  const { ws, F, G, gw, chains, tOwn, tOther, swapped } = side;
  const { delta, rows: s, q, costs } = ws;
  const { start, size: cSize, key: cKey, type: cType, off: cOff, other: cOther } = chains;
  const n2 = ws.t2.n;
  const strideF = swapped ? 1 : n2;
  const strideG = swapped ? n2 : 1;
  const delF = swapped ? costs.ins : costs.del;
  const insG = swapped ? costs.del : costs.ins;
  const sub = costs.sub;
  const mG = G.size[gw]!;
  const W = mG + 1;
  const aLast = withP ? p : p + 1;
  const rPsi = c - p; // row of Ψ; row r holds the forest whose leftmost added node is p + r
  const rE = rPsi + 1; // the empty F forest (only read for F_p − F_p when withP)
  const psiBase = rPsi * W;
  const eBase = rE * W;
  // Column 0 (the empty G forest) never changes: deleting the whole F forest.
  for (let a = aLast; a < c; a++) s[(a - p) * W] = delF * (psiSize + c - a);
  s[psiBase] = psiEmpty ? 0 : delF * psiSize;
  s[eBase] = 0;
  const gParent = G.parent;
  const gSize = G.size;
  const g0 = G.preToPost[gw]! - mG + 1;
  const lastBase = (aLast - p) * W;
  let result = 0;
  // Right roots in postorder: a node after its children, every node after those to its left.
  for (let j = 0; j < mG; j++) {
    const rG = G.postToPre[g0 + j]!;
    const first = start[j]!;
    const len = start[j + 1]! - first;
    // Ψ's row from t (or inserting the whole G forest when Ψ is empty); |Γ_k| = |G_rG| + k.
    const sr = gSize[rG]!;
    if (psiEmpty) for (let k = 0; k < len; k++) s[psiBase + k + 1] = insG * (sr + k);
    else for (let k = 0; k < len; k++) s[psiBase + k + 1] = tOwn[first + k]!;
    if (withP) for (let k = 0; k < len; k++) s[eBase + k + 1] = insG * (sr + k);
    const rGleaf = sr === 1;
    const k0Key = cKey[first]!;
    const k0Type = cType[first]!;
    const k0Off = cOff[first]!;
    for (let a = c - 1; a >= aLast; a--) {
      const r = a - p;
      const base = r * W;
      const prev = base + W; // forest minus its leftmost root a
      const after = (withP && a === p ? rE : a + F.size[a]! - p) * W - first + 1; // minus the subtree F_a
      const ka = F.key[a]!;
      const ta = F.type[a]!;
      const dRow = F.toOrig[a]! * strideF;
      // k = 0: the tree G_rG. Removing its root leaves its children (q, saved one step earlier).
      let d = s[prev + 1]! + delF;
      let b = (rGleaf ? s[base]! : q[r]!) + insG;
      if (b < d) d = b;
      let ren = ka === k0Key ? 0 : ta === k0Type ? sub : Infinity; // Thomae et al. §5
      let m = s[after + first - 1]! + delta[dRow + k0Off]! + ren;
      if (m < d) d = m;
      s[base + 1] = d;
      const pb = prev + 1 - first;
      const bb = base - first;
      // The cell to the left is carried in d from one step to the next (no store-to-load round trip).
      for (let i = first + 1; i < first + len; i++) {
        b = d + insG; // insert the leftmost root of Γ_k (Γ_k minus it is Γ_{k−1})
        d = s[pb + i]! + delF; // Eq. (19) mirrored: delete the leftmost root a
        if (b < d) d = b;
        ren = ka === cKey[i] ? 0 : ta === cType[i] ? sub : Infinity;
        m = s[after + i - cSize[i]!]! + delta[dRow + cOff[i]!]! + ren; // map the leftmost roots
        if (m < d) d = m;
        s[bb + i + 1] = d;
      }
    }
    ws.cells += (c - aLast) * len;
    if (rG !== gw) {
      const par = gParent[rG]!;
      if (rG + sr === par + gSize[par]!) {
        // rG is its parent's last child: the forest (par + 1, rG) is G_par − par.
        const col = rG - par;
        for (let a = aLast; a < c; a++) q[a - p] = s[(a - p) * W + col]!;
        if (withP) delta[F.toOrig[p]! * strideF + G.toOrig[par]! * strideG] = s[W + col]!;
      }
    }
    for (let k = 0; k < len; k++) {
      const d = s[lastBase + k + 1]!;
      tOwn[first + k] = d;
      tOther[cOther[first + k]!] = d;
    }
    result = s[lastBase + 1]!;
  }
  return result;
}

/**
 * Runs ΔA for the path of F_v ending at `leaf` (preL ids of the path tree `f`) against G_w, filling
 * delta for every pair (x on the path, y ∈ G_w); returns D_t(F_v, G_w).
 */
export function spfInner(
  ws: TedWorkspace,
  f: TreeIndex,
  v: number,
  leaf: number,
  g: TreeIndex,
  w: number,
  swapped: boolean,
): number {
  const strideG = swapped ? ws.t2.n : 1;
  const gwL = g.L.fromOrig[w]!;
  const gwR = g.R.fromOrig[w]!;
  const total = g.fullDecomposition[w]!;
  buildChains(g.L, gwL, strideG, ws.chainL, total);
  buildChains(g.R, gwR, strideG, ws.chainR, total);
  linkChains(ws, g.L, g.R, gwL, gwR);
  if (ws.tL.length < total) {
    // Of the same kind as delta, so that the hot loops see one kind of array.
    const make = (): Distances =>
      ws.delta instanceof Float32Array ? new Float32Array(total) : new Float64Array(total);
    ws.tL = make();
    ws.tR = make();
  }
  const left: Side = { ws, F: f.L, G: g.L, gw: gwL, chains: ws.chainL, tOwn: ws.tL, tOther: ws.tR, swapped };
  const right: Side = { ws, F: f.R, G: g.R, gw: gwR, chains: ws.chainR, tOwn: ws.tR, tOther: ws.tL, swapped };
  // The bottom of the path: a single leaf against every forest of G.
  let result = growLeft(left, leaf, leaf + 1, true, 0, true);
  let c = leaf;
  while (c !== v) {
    const p = f.parent[c]!;
    const nLeft = c - p - 1; // preL ids p+1 … c−1 lie left of c
    const nRight = p + f.size[p]! - (c + f.size[c]!);
    const pR = f.R.fromOrig[p]!;
    const cR = f.R.fromOrig[c]!;
    if (nLeft > 0 && nRight > 0) {
      growLeft(left, p, c, false, f.size[c]!, false);
      result = growLeft(right, pR, cR, true, f.size[c]! + nLeft, false);
    } else if (nRight > 0) {
      result = growLeft(right, pR, cR, true, f.size[c]!, false);
    } else {
      result = growLeft(left, p, c, true, f.size[c]!, false);
    }
    c = p;
  }
  return result;
}
