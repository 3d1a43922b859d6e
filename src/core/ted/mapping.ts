// Recovering one optimal mapping (Thomae et al. §4.2: "back-tracking the least-cost transitions"),
// reusing the subtree distances the fast algorithm left in delta, as APTED's mapping does: for a
// mapped subtree pair, one Zhang–Shasha forest table over the two subtrees is filled from delta and
// walked back; a mapped pair that is not on the table's left paths is queued as a new subtree pair.
// Memory stays O(|T1|·|T2|) (the table reuses the workspace rows).
//
// Tie rule (documented, deterministic): in a table, walking back from the last postorder cell, the
// first optimal move in the order map (correct or substitution), delete, insert is taken. A pair's
// table is read left to right, or on the mirrored trees when both subtrees lean right (their right
// keyroot sum is smaller), which only changes the work, never the rule within a table.
import { BugError } from '../errors';
import type { TreeView } from './treeIndex';
import type { TedWorkspace } from './workspace';

/** Node partners in preL ids: partner1[x] is the node of T2 mapped to x, or −1 if x is deleted. */
export interface Partners {
  /** For each node of the first tree. */
  partner1: Int32Array;
  /** For each node of the second tree. */
  partner2: Int32Array;
}

function fillTable(ws: TedWorkspace, F: TreeView, x: number, G: TreeView, y: number): void {
  const { rows: fd, delta, costs } = ws;
  const n2 = ws.t2.n;
  const nx = F.size[x]!;
  const ny = G.size[y]!;
  const f0 = F.preToPost[x]! - nx + 1;
  const g0 = G.preToPost[y]! - ny + 1;
  const W = ny + 1;
  // G's per-node data in postorder, next to each other for the inner loop.
  const gLld = ws.cSize;
  const gKey = ws.cKey;
  const gType = ws.cType;
  const gOff = ws.cOff;
  for (let j = 0; j < ny; j++) {
    const yj = G.postToPre[g0 + j]!;
    gLld[j] = G.postLld[g0 + j]! - g0;
    gKey[j] = G.key[yj]!;
    gType[j] = G.type[yj]!;
    gOff[j] = G.toOrig[yj]!;
  }
  const { ins, del, sub } = costs;
  for (let j = 0; j <= ny; j++) fd[j] = j * ins;
  for (let i = 1; i <= nx; i++) {
    const xi = F.postToPre[f0 + i - 1]!;
    const lx = F.postLld[f0 + i - 1]! - f0;
    const kx = F.key[xi]!;
    const tx = F.type[xi]!;
    const dRow = F.toOrig[xi]! * n2;
    const row = i * W;
    const up = row - W;
    // The cells to the left and up-left are carried in variables (no store-to-load round trip).
    let left = i * del;
    let diag = fd[up]!;
    fd[row] = left;
    if (lx === 0) {
      // x's subtree reaches F_x's leftmost leaf: a pair of trees wherever y's does too.
      for (let j = 1; j <= ny; j++) {
        const ly = gLld[j - 1]!;
        const above = fd[up + j]!;
        let d = above + del;
        const b = left + ins;
        if (b < d) d = b;
        const ren = kx === gKey[j - 1] ? 0 : tx === gType[j - 1] ? sub : Infinity;
        const m = ly === 0 ? diag + ren : fd[ly]! + delta[dRow + gOff[j - 1]!]! + ren;
        left = m < d ? m : d;
        fd[row + j] = left;
        diag = above;
      }
    } else {
      const lxRow = lx * W;
      for (let j = 1; j <= ny; j++) {
        let d = fd[up + j]! + del;
        const b = left + ins;
        if (b < d) d = b;
        const ren = kx === gKey[j - 1] ? 0 : tx === gType[j - 1] ? sub : Infinity;
        const m = fd[lxRow + gLld[j - 1]!]! + delta[dRow + gOff[j - 1]!]! + ren;
        left = m < d ? m : d;
        fd[row + j] = left;
      }
    }
  }
}

/** Walks the table of (x, y) back from cell (i, j), recording moves and queueing subtree pairs. */
function walkBack(
  ws: TedWorkspace,
  F: TreeView,
  x: number,
  G: TreeView,
  y: number,
  i: number,
  j: number,
  out: Partners,
  queue: number[],
): void {
  const { rows: fd, delta, costs } = ws;
  const n2 = ws.t2.n;
  const nx = F.size[x]!;
  const ny = G.size[y]!;
  const f0 = F.preToPost[x]! - nx + 1;
  const g0 = G.preToPost[y]! - ny + 1;
  const W = ny + 1;
  while (i > 0 || j > 0) {
    if (i === 0 || j === 0) {
      // Only insertions (or only deletions) remain; partners stay −1.
      if (i === 0) j--;
      else i--;
      continue;
    }
    const xi = F.postToPre[f0 + i - 1]!;
    const yj = G.postToPre[g0 + j - 1]!;
    const lx = F.postLld[f0 + i - 1]! - f0;
    const ly = G.postLld[g0 + j - 1]! - g0;
    const d = fd[i * W + j]!;
    const ren = F.key[xi] === G.key[yj] ? 0 : F.type[xi] === G.type[yj] ? costs.sub : Infinity;
    const tree = lx === 0 && ly === 0;
    const ox = F.toOrig[xi]!;
    const oy = G.toOrig[yj]!;
    const m = tree ? fd[(i - 1) * W + j - 1]! + ren : fd[lx * W + ly]! + delta[ox * n2 + oy]! + ren;
    if (m === d) {
      out.partner1[ox] = oy;
      out.partner2[oy] = ox;
      if (tree) {
        i--;
        j--;
      } else {
        queue.push(ox, oy);
        i = lx;
        j = ly;
      }
    } else if (fd[(i - 1) * W + j]! + costs.del === d) i--;
    else if (fd[i * W + j - 1]! + costs.ins === d) j--;
    else throw new BugError(`mapping back-trace found no optimal move at (${i}, ${j})`);
  }
}

/** Recovers one optimal mapping after `runTed` filled `ws.delta`. */
export function recoverMapping(ws: TedWorkspace): Partners {
  const { t1, t2 } = ws;
  const out: Partners = {
    partner1: new Int32Array(t1.n).fill(-1),
    partner2: new Int32Array(t2.n).fill(-1),
  };
  const queue: number[] = [];
  let root = true;
  let x = 0;
  let y = 0;
  for (;;) {
    const mirror = t1.krSumR[x]! + t2.krSumR[y]! < t1.krSumL[x]! + t2.krSumL[y]!;
    const F = mirror ? t1.R : t1.L;
    const G = mirror ? t2.R : t2.L;
    const xv = F.fromOrig[x]!;
    const yv = G.fromOrig[y]!;
    fillTable(ws, F, xv, G, yv);
    // The root pair starts at its tree cell (the roots may be deleted or inserted); a queued pair is
    // already mapped, so its walk starts at the pair of children forests.
    const i = F.size[xv]! - (root ? 0 : 1);
    const j = G.size[yv]! - (root ? 0 : 1);
    walkBack(ws, F, xv, G, yv, i, j, out, queue);
    root = false;
    if (queue.length === 0) break;
    y = queue.pop()!;
    x = queue.pop()!;
  }
  return out;
}
