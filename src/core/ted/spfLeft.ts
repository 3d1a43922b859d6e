// The single-path function for a left path of F (Pawlik & Augsten, TODS 2015 §3.3–3.5, ΔL): the
// Zhang–Shasha computation of Thomae et al. Fig. 6 with F's root as the only keyroot of F and every
// left keyroot of G (Eq. (22)). Handed the mirrored (R) views it is the right-path function ΔR.
// Cost: |F_v| · krSumL(G_w) cells.
import type { TreeView } from './treeIndex';
import type { TedWorkspace } from './workspace';

/**
 * Fills delta for every pair (x on F_v's left path, y ∈ G_w) and returns D_t(F_v, G_w). `fv`, `gw`
 * are view-preorder ids. `swapped`: F belongs to the second tree (the path was chosen in G), so
 * deleting from F is inserting into the original pair and delta is indexed [g][f].
 */
export function spfLeft(
  ws: TedWorkspace,
  F: TreeView,
  fv: number,
  G: TreeView,
  gw: number,
  swapped: boolean,
): number {
  const { delta, rows: fd, costs } = ws;
  const n2 = ws.t2.n;
  const strideF = swapped ? 1 : n2;
  const strideG = swapped ? n2 : 1;
  const delF = swapped ? costs.ins : costs.del;
  const insG = swapped ? costs.del : costs.ins;
  const sub = costs.sub;
  const nF = F.size[fv]!;
  const mG = G.size[gw]!;
  const fEnd = F.preToPost[fv]!;
  const f0 = fEnd - nF + 1; // postorder id of F_v's leftmost leaf: F_v is the postorder range [f0, fEnd]
  const gEnd = G.preToPost[gw]!;
  const g0 = gEnd - mG + 1;
  // Copy G's per-node data, in postorder, next to each other for the inner loop.
  const gLld = ws.cSize;
  const gKey = ws.cKey;
  const gType = ws.cType;
  const gOff = ws.cOff;
  for (let jj = 0; jj < mG; jj++) {
    const y = G.postToPre[g0 + jj]!;
    gLld[jj] = G.postLld[g0 + jj]! - g0;
    gKey[jj] = G.key[y]!;
    gType[jj] = G.type[y]!;
    gOff[jj] = G.toOrig[y]! * strideG;
  }
  // The same for F's rows, which every keyroot's table walks again.
  const fLld = ws.rLld;
  const fKey = ws.rKey;
  const fType = ws.rType;
  const fOff = ws.rOff;
  for (let i = 0; i < nF; i++) {
    const x = F.postToPre[f0 + i]!;
    fLld[i] = F.postLld[f0 + i]! - f0;
    fKey[i] = F.key[x]!;
    fType[i] = F.type[x]!;
    fOff[i] = F.toOrig[x]! * strideF;
  }
  let result = 0;
  // Thomae et al. Fig. 6 lines 05–07, with LRKR(F_v) = {v}: left keyroots of G_w in increasing
  // postorder, so that the subtree distances a keyroot's table reads were stored by an earlier one.
  for (let jr = 0; jr < mG; jr++) {
    const kr = G.postToPre[g0 + jr]!;
    if (kr !== gw && G.parent[kr] === kr - 1) continue; // a first child is no keyroot (Eq. (22))
    const k0 = gLld[jr]!; // the keyroot's table covers G's postorder range [k0, jr]
    const m = jr - k0 + 1;
    const W = m + 1;
    // Fig. 6 line 12: the first row and column are deletions and insertions from the empty forest.
    for (let j = 0; j <= m; j++) fd[j] = j * insG;
    for (let i = 1; i <= nF; i++) {
      const lx = fLld[i - 1]!; // forest left of x: rows [0, lx)
      const kx = fKey[i - 1]!;
      const tx = fType[i - 1]!;
      const dRow = fOff[i - 1]!;
      const row = i * W;
      // Cell (i, j) for G's postorder node jj = k0 + j − 1 is at rowJ + jj, the cell above at upJ + jj.
      const rowJ = row + 1 - k0;
      const upJ = rowJ - W;
      // The cells to the left and up-left are carried in variables (no store-to-load round trip).
      let left = i * delF;
      let diag = fd[row - W]!;
      fd[row] = left;
      if (lx === 0) {
        // x is on F_v's left path.
        for (let jj = k0; jj <= jr; jj++) {
          const above = fd[upJ + jj]!;
          let d = above + delF; // Eq. (19), first term: delete x
          const b = left + insG; // second term: insert y
          if (b < d) d = b;
          const ren = kx === gKey[jj] ? 0 : tx === gType[jj] ? sub : Infinity; // Thomae et al. §5: typed ∞
          const ly = gLld[jj]!;
          if (ly === k0) {
            // Eq. (20), Case 1: both forests are trees; store the distance of their children forests.
            delta[dRow + gOff[jj]!] = diag;
            const c = diag + ren;
            if (c < d) d = c;
          } else {
            // Eq. (21), Case 2: the forests left of x and y plus the subtree pair (x, y).
            const c = fd[ly - k0]! + delta[dRow + gOff[jj]!]! + ren;
            if (c < d) d = c;
          }
          fd[rowJ + jj] = d;
          left = d;
          diag = above;
        }
      } else {
        // Eq. (21) throughout: x's subtree does not reach F_v's leftmost leaf.
        const lxJ = lx * W - k0 + 1;
        for (let jj = k0; jj <= jr; jj++) {
          let d = fd[upJ + jj]! + delF;
          const b = left + insG;
          if (b < d) d = b;
          const ren = kx === gKey[jj] ? 0 : tx === gType[jj] ? sub : Infinity;
          const c = fd[lxJ + gLld[jj]! - 1]! + delta[dRow + gOff[jj]!]! + ren;
          if (c < d) d = c;
          fd[rowJ + jj] = d;
          left = d;
        }
      }
    }
    ws.cells += nF * m;
    result = fd[nF * W + m]!;
  }
  return result;
}
