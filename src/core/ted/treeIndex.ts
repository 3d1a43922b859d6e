// Flat, typed-array form of an ordered labelled tree for the edit-distance algorithms.
//
// Nodes are numbered in left-to-right preorder ("preL"): a subtree is then the interval
// [v, v + size[v]). Every tree also gets two *views*: the tree as it is (L) and its mirror image (R,
// children reversed). A single-path function written for left paths runs on right paths by being
// handed the R views (Pawlik & Augsten, RTED §4: ΔR is ΔL on mirrored trees), so the hot loops
// exist once.
import { BugError } from '../errors';
import type { TreeNode } from '../tree/tree';

/** One orientation of a tree: all arrays are indexed by the view's own preorder unless named `post…`. */
export interface TreeView {
  /** Number of nodes. */
  n: number;
  /** Subtree size by view-preorder id. */
  size: Int32Array;
  /** Parent by view-preorder id (−1 for the root). */
  parent: Int32Array;
  /**
   * Highest node reached from a node by climbing while the current node is a first child: the
   * nodes top..parent are consecutive in preorder, so a chain walk can jump over them at once.
   */
  top: Int32Array;
  /** View-preorder id → view-postorder id. */
  preToPost: Int32Array;
  /** View-postorder id → view-preorder id. */
  postToPre: Int32Array;
  /** By view-postorder id: the view-postorder id of the leftmost leaf descendant, l(i) in Thomae et al. §4.1. */
  postLld: Int32Array;
  /** View-preorder id → original preL id (the index into the distance matrix). */
  toOrig: Int32Array;
  /** Original preL id → view-preorder id. */
  fromOrig: Int32Array;
  /** View-preorder id → preorder id in the other view (L ↔ R). */
  other: Int32Array;
  /** Label key by view-preorder id (typed trees: type and label together). */
  key: Int32Array;
  /** Type id by view-preorder id (0 for every node of an untyped tree). */
  type: Int32Array;
}

/** A tree flattened for the algorithms: the original (preL) arrays plus the L and R views. */
export interface TreeIndex {
  /** Number of nodes. */
  n: number;
  /** Subtree size by preL id. */
  size: Int32Array;
  /** Parent by preL id (−1 for the root). */
  parent: Int32Array;
  /** Children of v are childList[childStart[v] .. childStart[v + 1]). */
  childStart: Int32Array;
  /** Children, left to right, grouped by parent. */
  childList: Int32Array;
  /** PreL id of the leftmost leaf of each subtree. */
  lld: Int32Array;
  /** PreL id of the rightmost leaf of each subtree. */
  rld: Int32Array;
  /** Σ subtree sizes over the left keyroots of each subtree (cost of ΔL, RTED §5). */
  krSumL: Float64Array;
  /** The same for right keyroots (cost of ΔR). */
  krSumR: Float64Array;
  /** Size of the full decomposition A(F_v), the number of subforests reachable by removing leftmost or rightmost roots (cost of ΔA). */
  fullDecomposition: Float64Array;
  /** Left-to-right view. */
  L: TreeView;
  /** Mirrored (right-to-left) view. */
  R: TreeView;
}

/** Shared interning of labels and types, so both trees of a pair use the same integer keys. */
export class LabelKeys {
  private readonly keys = new Map<string, number>();
  private readonly types = new Map<string, number>([['', 0]]);

  /** Key of a node: its label, or in typed mode its type and label together. */
  key(node: TreeNode, typed: boolean): number {
    const k = typed ? `${node.type ?? ''}\u0000${node.label}` : node.label;
    let id = this.keys.get(k);
    if (id === undefined) this.keys.set(k, (id = this.keys.size));
    return id;
  }

  /** Type id of a node (0 in untyped mode and for nodes without a type). */
  type(node: TreeNode, typed: boolean): number {
    if (!typed) return 0;
    const t = node.type ?? '';
    let id = this.types.get(t);
    if (id === undefined) this.types.set(t, (id = this.types.size));
    return id;
  }
}

/**
 * Hands out typed arrays carved from one allocation. A typed array with a buffer of its own costs about a
 * microsecond (V8 keeps buffers over 64 bytes off the heap and tracks each for the collector), a view into
 * a shared buffer a few nanoseconds; an index has some forty arrays, and scoring a corpus builds two
 * indices per tree pair. Fresh views are zeroed, as `new Int32Array(n)` would be.
 */
class Arena<T extends Int32Array | Float64Array> {
  private at = 0;
  constructor(private readonly buffer: T) {}
  take(n: number): T {
    if (this.at + n > this.buffer.length) throw new BugError('tree index arena too small');
    const a = this.buffer.subarray(this.at, this.at + n) as T;
    this.at += n;
    return a;
  }
}

/** Int32 elements a view takes from the arena (11 kept arrays, 3 scratch), for `n` nodes. */
const VIEW_INTS = 14;

function buildView(
  n: number,
  childStart: Int32Array,
  childList: Int32Array,
  key: Int32Array,
  type: Int32Array,
  mirror: boolean,
  ints: Arena<Int32Array>,
): TreeView {
  const toOrig = ints.take(n);
  const fromOrig = ints.take(n);
  // Preorder of the view by an explicit stack (children pushed in reverse visiting order).
  const stack = ints.take(n);
  let sp = 0;
  let next = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const v = stack[--sp]!;
    toOrig[next] = v;
    fromOrig[v] = next++;
    const a = childStart[v]!;
    const b = childStart[v + 1]!;
    if (mirror) for (let k = a; k < b; k++) stack[sp++] = childList[k]!;
    else for (let k = b - 1; k >= a; k--) stack[sp++] = childList[k]!;
  }
  const size = ints.take(n).fill(1);
  const parent = ints.take(n).fill(-1);
  for (let v = 0; v < n; v++) {
    const pv = fromOrig[v]!;
    for (let k = childStart[v]!; k < childStart[v + 1]!; k++) parent[fromOrig[childList[k]!]!] = pv;
  }
  for (let x = n - 1; x > 0; x--) size[parent[x]!]! += size[x]!;
  const preToPost = ints.take(n);
  const postToPre = ints.take(n);
  const postLld = ints.take(n);
  const lldPre = ints.take(n);
  for (let x = n - 1; x >= 0; x--) lldPre[x] = size[x] === 1 ? x : lldPre[x + 1]!;
  // post(x) = (number of nodes that end before x's subtree starts) + size − 1. Nodes ending before x's
  // subtree: those with pre < x that are not ancestors of x.
  const depth = ints.take(n);
  for (let x = 1; x < n; x++) depth[x] = depth[parent[x]!]! + 1;
  for (let x = 0; x < n; x++) {
    const post = x - depth[x]! + size[x]! - 1;
    preToPost[x] = post;
    postToPre[post] = x;
  }
  for (let x = 0; x < n; x++) postLld[preToPost[x]!] = preToPost[lldPre[x]!]!;
  const top = ints.take(n);
  for (let x = 0; x < n; x++) top[x] = x > 0 && parent[x] === x - 1 ? top[x - 1]! : x;
  const vKey = ints.take(n);
  const vType = ints.take(n);
  for (let x = 0; x < n; x++) {
    vKey[x] = key[toOrig[x]!]!;
    vType[x] = type[toOrig[x]!]!;
  }
  return {
    n,
    size,
    parent,
    top,
    preToPost,
    postToPre,
    postLld,
    toOrig,
    fromOrig,
    other: ints.take(n),
    key: vKey,
    type: vType,
  };
}

/**
 * Where an index's arrays come from: two zeroed buffers of at least `ints` and `floats` elements. By
 * default fresh ones; a caller that drops the index before indexing again may hand out the same ones.
 */
export type IndexMemory = (ints: number, floats: number) => [Int32Array, Float64Array];

const freshMemory: IndexMemory = (ints, floats) => [new Int32Array(ints), new Float64Array(floats)];

/** Flattens `tree` (iteratively, so deep trees are fine) with keys from the shared `keys`. */
export function indexTree(
  tree: TreeNode,
  keys: LabelKeys,
  typed: boolean,
  memory: IndexMemory = freshMemory,
): TreeIndex {
  const nodes: TreeNode[] = [];
  const parentList: number[] = [];
  // Two parallel stacks (no tuple per node).
  const stack: TreeNode[] = [tree];
  const stackParent: number[] = [-1];
  while (stack.length > 0) {
    const t = stack.pop()!;
    nodes.push(t);
    parentList.push(stackParent.pop()!);
    const me = nodes.length - 1;
    for (let k = t.children.length - 1; k >= 0; k--) {
      stack.push(t.children[k]!);
      stackParent.push(me);
    }
  }
  const n = nodes.length;
  const [intBuffer, floatBuffer] = memory(8 * n + 1 + Math.max(0, n - 1) + 2 * VIEW_INTS * n, 4 * n);
  const ints = new Arena(intBuffer);
  const floats = new Arena(floatBuffer);
  const parent = ints.take(n);
  for (let x = 0; x < n; x++) parent[x] = parentList[x]!;
  const size = ints.take(n).fill(1);
  for (let x = n - 1; x > 0; x--) size[parent[x]!]! += size[x]!;
  const childStart = ints.take(n + 1);
  for (let x = 1; x < n; x++) childStart[parent[x]! + 1]!++;
  for (let v = 0; v < n; v++) childStart[v + 1]! += childStart[v]!;
  const fill = ints.take(n);
  fill.set(childStart.subarray(0, n));
  const childList = ints.take(Math.max(0, n - 1));
  for (let x = 1; x < n; x++) childList[fill[parent[x]!]!++] = x; // preorder keeps siblings left to right
  const key = ints.take(n);
  const type = ints.take(n);
  for (let x = 0; x < n; x++) {
    key[x] = keys.key(nodes[x]!, typed);
    type[x] = keys.type(nodes[x]!, typed);
  }
  const lld = ints.take(n);
  const rld = ints.take(n);
  for (let x = n - 1; x >= 0; x--) {
    lld[x] = size[x] === 1 ? x : lld[x + 1]!;
    rld[x] = x + size[x]! - 1;
  }
  // Keyroot sums (RTED §5, Zhang & Shasha's LR_keyroots): F_v's left keyroots are v and the keyroots of
  // its children's subtrees, except that the first child's root shares v's leftmost leaf.
  const krSumL = floats.take(n);
  const krSumR = floats.take(n);
  const descSum = floats.take(n); // Σ_{x ∈ F_v} |F_x|
  for (let v = n - 1; v >= 0; v--) {
    const a = childStart[v]!;
    const b = childStart[v + 1]!;
    let l = size[v]!;
    let r = size[v]!;
    let d = size[v]!;
    for (let k = a; k < b; k++) {
      const c = childList[k]!;
      l += krSumL[c]!;
      r += krSumR[c]!;
      d += descSum[c]!;
    }
    if (b > a) {
      l -= size[childList[a]!]!;
      r -= size[childList[b - 1]!]!;
    }
    krSumL[v] = l;
    krSumR[v] = r;
    descSum[v] = d;
  }
  // |A(F)| = |F|(|F| + 3)/2 − Σ_{x ∈ F} |F_x| (Pawlik & Augsten, RTED Lemma 4).
  const fullDecomposition = floats.take(n);
  for (let v = 0; v < n; v++) fullDecomposition[v] = (size[v]! * (size[v]! + 3)) / 2 - descSum[v]!;
  const L = buildView(n, childStart, childList, key, type, false, ints);
  const R = buildView(n, childStart, childList, key, type, true, ints);
  for (let x = 0; x < n; x++) {
    L.other[x] = R.fromOrig[L.toOrig[x]!]!;
    R.other[x] = L.fromOrig[R.toOrig[x]!]!;
  }
  return { n, size, parent, childStart, childList, lld, rld, krSumL, krSumR, fullDecomposition, L, R };
}
