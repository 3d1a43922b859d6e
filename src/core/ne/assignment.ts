// Maximum-weight bipartite matching for the optimal mapping mode (Burger et al. §2.3: "a more
// sophisticated algorithm, such as that used in the MUC scorer … that attempts to optimize the pairings,
// in order to give the best possible final score"). The candidate graph falls apart into small connected
// components; with non-overlapping entities on each side every component is a tree (two entities of one
// side cannot both overlap two of the other), solved exactly by dynamic programming in linear time. Other
// components (nested entities) go to the Hungarian method.

/**
 * A maximum-weight matching of left nodes 0…nLeft−1 to right nodes 0…nRight−1 over the listed edges
 * (`edges` flat `[left, right, …]`, `weights` one per edge, all ≥ 0). Returns each left node's partner or
 * −1. Edges of weight 0 may be left out of the matching.
 */
export function maxWeightMatching(
  nLeft: number,
  nRight: number,
  edges: Int32Array,
  weights: ArrayLike<number>,
): Int32Array {
  const match = new Int32Array(nLeft).fill(-1);
  const nEdges = edges.length / 2;
  const nodes = nLeft + nRight;
  // Union-find over left nodes (0…) and right nodes (nLeft…).
  const parent = Int32Array.from({ length: nodes }, (_, k) => k);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  for (let e = 0; e < nEdges; e++) parent[find(edges[2 * e]!)] = find(nLeft + edges[2 * e + 1]!);
  const groups = new Map<number, number[]>();
  for (let e = 0; e < nEdges; e++) {
    const root = find(edges[2 * e]!);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = []));
    g.push(e);
  }
  for (const edgeIds of groups.values()) {
    const left = new Set<number>();
    const right = new Set<number>();
    for (const e of edgeIds) {
      left.add(edges[2 * e]!);
      right.add(edges[2 * e + 1]!);
    }
    if (edgeIds.length === left.size + right.size - 1) treeMatching(edgeIds, edges, weights, nLeft, match);
    else hungarianMatching([...left], [...right], edgeIds, edges, weights, match);
  }
  return match;
}

// Tree DP: free[v] is the best in v's subtree with v unmatched, best[v] the best with v possibly matched
// to a child; best[v] = max(free[v], max_c free[v] − best[c] + free[c] + w(v, c)).
function treeMatching(
  edgeIds: number[],
  edges: Int32Array,
  weights: ArrayLike<number>,
  nLeft: number,
  match: Int32Array,
): void {
  const adj = new Map<number, [number, number][]>();
  const add = (a: number, b: number, w: number): void => {
    let l = adj.get(a);
    if (!l) adj.set(a, (l = []));
    l.push([b, w]);
  };
  for (const e of edgeIds) {
    const a = edges[2 * e]!;
    const b = nLeft + edges[2 * e + 1]!;
    add(a, b, weights[e]!);
    add(b, a, weights[e]!);
  }
  const root = edges[2 * edgeIds[0]!]!;
  const order: number[] = [];
  const up = new Map<number, [number, number]>([[root, [-1, 0]]]);
  const stack = [root];
  while (stack.length > 0) {
    const v = stack.pop()!;
    order.push(v);
    for (const [c, w] of adj.get(v)!) {
      if (up.has(c)) continue;
      up.set(c, [v, w]);
      stack.push(c);
    }
  }
  const free = new Map<number, number>();
  const best = new Map<number, number>();
  const chosen = new Map<number, number>();
  for (let k = order.length - 1; k >= 0; k--) {
    const v = order[k]!;
    let f = 0;
    for (const [c] of adj.get(v)!) if (up.get(c)![0] === v) f += best.get(c)!;
    let b = f;
    let pick = -1;
    for (const [c, w] of adj.get(v)!) {
      if (up.get(c)![0] !== v) continue;
      const alt = f - best.get(c)! + free.get(c)! + w;
      if (alt > b) {
        b = alt;
        pick = c;
      }
    }
    free.set(v, f);
    best.set(v, b);
    chosen.set(v, pick);
  }
  // Top-down: a node whose parent took it is matched; otherwise it may take its chosen child.
  const taken = new Set<number>();
  for (const v of order) {
    if (taken.has(v)) continue;
    const c = chosen.get(v)!;
    if (c < 0) continue;
    taken.add(c);
    if (v < nLeft) match[v] = c - nLeft;
    else match[c] = v - nLeft;
  }
}

// The Hungarian method (Kuhn–Munkres with potentials, O(n²m)) on rows = the smaller side, costs = −weight,
// non-edges 0: a perfect assignment of the rows at minimum cost is a maximum-weight matching.
function hungarianMatching(
  left: number[],
  right: number[],
  edgeIds: number[],
  edges: Int32Array,
  weights: ArrayLike<number>,
  match: Int32Array,
): void {
  const flip = left.length > right.length;
  const rows = flip ? right : left;
  const cols = flip ? left : right;
  const n = rows.length;
  const m = cols.length;
  const rowIndex = new Map(rows.map((v, k) => [v, k]));
  const colIndex = new Map(cols.map((v, k) => [v, k]));
  const cost = new Float64Array(n * m);
  for (const e of edgeIds) {
    const l = edges[2 * e]!;
    const r = edges[2 * e + 1]!;
    const i = rowIndex.get(flip ? r : l)!;
    const j = colIndex.get(flip ? l : r)!;
    cost[i * m + j] = Math.min(cost[i * m + j]!, -weights[e]!);
  }
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const p = new Int32Array(m + 1); // p[j]: row (1-based) assigned to column j; 0 = none
  const way = new Int32Array(m + 1);
  const minv = new Float64Array(m + 1);
  const used = new Uint8Array(m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = cost[(i0 - 1) * m + (j - 1)]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  for (let j = 1; j <= m; j++) {
    const i = p[j]!;
    if (i === 0 || cost[(i - 1) * m + (j - 1)]! >= 0) continue; // a non-edge or a weight-0 edge
    const row = rows[i - 1]!;
    const col = cols[j - 1]!;
    if (flip) match[col] = row;
    else match[row] = col;
  }
}
