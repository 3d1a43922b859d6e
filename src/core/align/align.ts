// Minimum-edit-distance alignment of two sequences (Thomae et al. §3, eq. (12)), with NIST sclite's
// choice among equally cheap alignments so that counts and alignments equal sclite's.
import { type EditCosts, SCLITE_COSTS, validateCosts } from './costs';
import { MetricInputError } from '../errors';

/** One edit operation: correct, substitution, insertion (hypothesis only), deletion (reference only). */
export type EditOp = 'C' | 'S' | 'I' | 'D';

/** Numeric codes of the operations in a `CodeAlignment`'s `ops`. */
export const OP_CORRECT = 0;
/** Code of a substitution. */
export const OP_SUBSTITUTION = 1;
/** Code of an insertion. */
export const OP_INSERTION = 2;
/** Code of a deletion. */
export const OP_DELETION = 3;

/** Operation letters indexed by code. */
export const OP_LETTERS: readonly EditOp[] = ['C', 'S', 'I', 'D'];

/** How many operations of each kind an alignment has. */
export interface EditCounts {
  C: number;
  S: number;
  I: number;
  D: number;
}

/** An alignment of integer-coded sequences: the cost, the operations in order, and their counts. */
export interface CodeAlignment {
  cost: number;
  /** Operation codes (OP_*) from the first tokens to the last. */
  ops: Uint8Array;
  counts: EditCounts;
}

/** One step of an alignment with both sides; the absent side of an insertion or deletion is null. */
export interface AlignedPair<T> {
  op: EditOp;
  ref: T | null;
  hyp: T | null;
  /** Index into the reference, −1 for an insertion. */
  refIndex: number;
  /** Index into the hypothesis, −1 for a deletion. */
  hypIndex: number;
}

/** A minimum-cost alignment: its cost, the ordered operations with both sides, and the counts. */
export interface Alignment<T> {
  cost: number;
  pairs: AlignedPair<T>[];
  counts: EditCounts;
}

// Scratch buffers reused across calls (the DP runs synchronously), grown on demand: scoring a corpus of
// short utterances allocates nothing per utterance but the returned operations.
let rowA = new Float64Array(64);
let rowB = new Float64Array(64);
let trace = new Uint8Array(4096);
let opBuf = new Uint8Array(128);

/** The traceback keeps one byte per DP cell; past this many cells the pair is refused, not attempted. */
export const MAX_ALIGNMENT_CELLS = 2 ** 31;

// Tracebacks up to this size stay cached between calls; a larger one is allocated for its call only, so
// one very long pair does not pin its table in memory.
const CACHED_TRACE_CELLS = 2 ** 24;

/** Makes the scratch rows and op buffer big enough and returns a traceback table of at least `cells`. */
function scratchFor(n: number, m: number): Uint8Array {
  const cells = (n + 1) * (m + 1);
  if (cells > MAX_ALIGNMENT_CELLS) {
    throw new MetricInputError(
      `sequences of ${n} and ${m} tokens are too long to align (more than ${MAX_ALIGNMENT_CELLS} table cells)`,
    );
  }
  if (rowA.length < m + 1) {
    rowA = new Float64Array(2 * (m + 1));
    rowB = new Float64Array(2 * (m + 1));
  }
  if (opBuf.length < n + m) opBuf = new Uint8Array(2 * (n + m));
  if (cells > CACHED_TRACE_CELLS) return new Uint8Array(cells);
  if (trace.length < cells)
    trace = new Uint8Array(Math.min(CACHED_TRACE_CELLS, Math.max(cells, 2 * trace.length)));
  return trace;
}

/**
 * Aligns integer-coded sequences: equal codes are a match. When `refClass`/`hypClass` are given, a
 * substitution is allowed only between positions of equal class (otherwise it is a deletion plus an
 * insertion, as for concepts with different slots); costs are taken as valid (see `validateCosts`).
 *
 * The table is filled row by row over the reference (Thomae et al. eq. (12); Fig. 2 with the reference
 * along i) and each cell keeps one back-pointer. Among equally cheap moves into a cell the choice is
 * sclite's (SCTK `net_dp.c`, `calculate_internal_cells`): the diagonal (correct or substitution) when
 * it is no dearer than both others, else the deletion when strictly cheaper than the insertion, else the
 * insertion. Tracing back from the last cell therefore pairs tokens as late as possible, pushes unpaired
 * tokens towards the start of the utterance, and puts a deletion before an insertion where either order
 * costs the same (`b a` → `a b`: D C I).
 */
export function alignCodes(
  ref: ArrayLike<number>,
  hyp: ArrayLike<number>,
  costs: EditCosts = SCLITE_COSTS,
  refClass?: ArrayLike<number>,
  hypClass?: ArrayLike<number>,
): CodeAlignment {
  const n = ref.length;
  const m = hyp.length;
  const tr = scratchFor(n, m);
  const w = m + 1;
  const cCor = costs.correct;
  const cSub = costs.substitution;
  const cIns = costs.insertion;
  const cDel = costs.deletion;
  const classes = refClass !== undefined && hypClass !== undefined;
  let prev = rowA;
  let cur = rowB;

  // Row 0: the empty reference against hyp[0..j): j insertions (Fig. 2's initialised first row).
  prev[0] = 0;
  for (let j = 1; j <= m; j++) {
    prev[j] = prev[j - 1]! + cIns;
    tr[j] = OP_INSERTION;
  }
  for (let i = 1; i <= n; i++) {
    const r = ref[i - 1]!;
    const rc = classes ? refClass[i - 1]! : 0;
    const base = i * w;
    // Carried in locals: the cell up-left (prev[j−1]) and the cell to the left (cur[j−1]).
    let upLeft = prev[0]!;
    let left = upLeft + cDel;
    cur[0] = left;
    tr[base] = OP_DELETION;
    for (let j = 1; j <= m; j++) {
      const h = hyp[j - 1]!;
      const up = prev[j]!;
      // Eq. (12): the three predecessors — diagonal (map), up (delete i), left (insert j).
      let diag: number;
      let diagOp: number;
      if (r === h) {
        diag = upLeft + cCor;
        diagOp = OP_CORRECT;
      } else if (classes && rc !== hypClass[j - 1]!) {
        diag = Infinity;
        diagOp = OP_SUBSTITUTION;
      } else {
        diag = upLeft + cSub;
        diagOp = OP_SUBSTITUTION;
      }
      const del = up + cDel;
      const ins = left + cIns;
      // sclite's tie rule (see the doc comment): diagonal ≤ both, else deletion < insertion, else insertion.
      if (diag <= del && diag <= ins) {
        left = diag;
        tr[base + j] = diagOp;
      } else if (del < ins) {
        left = del;
        tr[base + j] = OP_DELETION;
      } else {
        left = ins;
        tr[base + j] = OP_INSERTION;
      }
      cur[j] = left;
      upLeft = up;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  const cost = prev[m]!;

  // Back-track from cell (n, m) to (0, 0) (Thomae et al. §3.1), writing operations from the end.
  let k = n + m;
  let i = n;
  let j = m;
  let nc = 0;
  let ns = 0;
  let ni = 0;
  let nd = 0;
  while (i > 0 || j > 0) {
    const op = tr[i * w + j]!;
    opBuf[--k] = op;
    if (op === OP_CORRECT) {
      nc++;
      i--;
      j--;
    } else if (op === OP_SUBSTITUTION) {
      ns++;
      i--;
      j--;
    } else if (op === OP_INSERTION) {
      ni++;
      j--;
    } else {
      nd++;
      i--;
    }
  }
  return { cost, ops: opBuf.slice(k, n + m), counts: { C: nc, S: ns, I: ni, D: nd } };
}

/** How `align` compares tokens and what it charges. */
export interface AlignOptions<T> {
  /** Edit costs (default: sclite's 3/3/4). */
  costs?: EditCosts;
  /**
   * Equality by key: two tokens match when their keys are identical (`===`), e.g. `w => w.toLowerCase()`
   * for case folding. A key, rather than a pairwise predicate, keeps matching an equivalence relation
   * and lets the DP compare integers. Default: the token itself.
   */
  key?: (token: T) => unknown;
  /** When given, a substitution is allowed only between tokens of the same class. */
  substitutionClass?: (token: T) => unknown;
}

function intern<T>(tokens: readonly T[], fn: (t: T) => unknown, ids: Map<unknown, number>): Int32Array {
  const out = new Int32Array(tokens.length);
  for (let k = 0; k < tokens.length; k++) {
    const key = fn(tokens[k]!);
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    out[k] = id;
  }
  return out;
}

const identity = <T>(t: T): unknown => t;

/** Expands coded operations into pairs carrying both sides. */
export function pairsFromOps<T>(ops: Uint8Array, ref: readonly T[], hyp: readonly T[]): AlignedPair<T>[] {
  const pairs: AlignedPair<T>[] = new Array<AlignedPair<T>>(ops.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k]!;
    if (op === OP_INSERTION) {
      pairs[k] = { op: 'I', ref: null, hyp: hyp[j]!, refIndex: -1, hypIndex: j };
      j++;
    } else if (op === OP_DELETION) {
      pairs[k] = { op: 'D', ref: ref[i]!, hyp: null, refIndex: i, hypIndex: -1 };
      i++;
    } else {
      pairs[k] = { op: OP_LETTERS[op]!, ref: ref[i]!, hyp: hyp[j]!, refIndex: i, hypIndex: j };
      i++;
      j++;
    }
  }
  return pairs;
}

/**
 * Aligns a reference and a hypothesis sequence at minimum cost and returns the cost, one optimal
 * alignment (sclite's among equals, see `alignCodes`) with both sides, and the C/S/I/D counts.
 */
export function align<T>(ref: readonly T[], hyp: readonly T[], options: AlignOptions<T> = {}): Alignment<T> {
  const costs = options.costs ?? SCLITE_COSTS;
  validateCosts(costs);
  const ids = new Map<unknown, number>();
  const key = options.key ?? identity;
  const r = intern(ref, key, ids);
  const h = intern(hyp, key, ids);
  let result: CodeAlignment;
  if (options.substitutionClass) {
    const classIds = new Map<unknown, number>();
    const rc = intern(ref, options.substitutionClass, classIds);
    const hc = intern(hyp, options.substitutionClass, classIds);
    result = alignCodes(r, h, costs, rc, hc);
  } else {
    result = alignCodes(r, h, costs);
  }
  return { cost: result.cost, pairs: pairsFromOps(result.ops, ref, hyp), counts: result.counts };
}

/** The cost of an alignment's operations under `costs` (for checking a returned alignment). */
export function alignmentCost(ops: readonly { op: EditOp }[] | Uint8Array, costs: EditCosts): number {
  const perOp = [costs.correct, costs.substitution, costs.insertion, costs.deletion];
  let total = 0;
  if (ops instanceof Uint8Array) for (const op of ops) total += perOp[op]!;
  else for (const p of ops) total += perOp[OP_LETTERS.indexOf(p.op)]!;
  return total;
}
