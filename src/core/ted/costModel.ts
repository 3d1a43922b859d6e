// The cost model of the tree edit distance: one cost per insertion, deletion and substitution, a
// correct mapping costs 0 (Thomae et al. §3, condition (7)); in the typed variant a substitution
// between nodes of different types is not allowed (Thomae et al. §5: its cost is ∞).
import { AppError } from '../errors';

/** Edit costs and the typed flag; every field shows in the settings signature. */
export interface TedCosts {
  /** Cost of inserting a node of the second (hypothesis) tree. */
  ins: number;
  /** Cost of deleting a node of the first (reference) tree. */
  del: number;
  /** Cost of mapping two nodes whose labels differ (and, when typed, whose types agree). */
  sub: number;
  /** Thomae et al. §5: nodes of different types are never mapped. */
  typed: boolean;
}

/** NIST's sclite weights, used throughout Thomae et al. (§3): insertion 3, deletion 3, substitution 4. */
export const DEFAULT_TED_COSTS: TedCosts = Object.freeze({ ins: 3, del: 3, sub: 4, typed: false });

/** Bad input to the tree scoring functions (costs, mismatched item counts); the message names the values. */
export class TedInputError extends AppError {
  constructor(message: string, details?: unknown) {
    super('INVALID_INPUT', message, details);
    this.name = 'TedInputError';
  }
}

/** Fills in defaults and checks that every cost is a finite number ≥ 0 (Thomae et al. condition (6)). */
export function tedCosts(input: Partial<TedCosts> = {}): TedCosts {
  const costs: TedCosts = { ...DEFAULT_TED_COSTS, ...input };
  for (const name of ['ins', 'del', 'sub'] as const) {
    const v = costs[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new TedInputError(`tree edit cost ${name} must be a finite number ≥ 0, got ${String(v)}`, {
        [name]: v,
      });
    }
  }
  return costs;
}

/** Parses `INS,DEL,SUB` (e.g. `3,3,4`) as written on the command line. */
export function parseTedCosts(text: string, typed = false): TedCosts {
  const parts = text.split(',').map((p) => p.trim());
  const nums = parts.map(Number);
  if (parts.length !== 3 || parts.some((p) => p === '') || nums.some((x) => !Number.isFinite(x))) {
    throw new TedInputError(`costs must be INS,DEL,SUB (three numbers, e.g. 3,3,4), got '${text}'`);
  }
  return tedCosts({ ins: nums[0]!, del: nums[1]!, sub: nums[2]!, typed });
}

/** The settings-signature fields that name the costs, e.g. `costs:3,3,4|typed:yes` once written. */
export function costsFields(costs: TedCosts): [string, string][] {
  return [
    ['costs', `${costs.ins},${costs.del},${costs.sub}`],
    ['typed', costs.typed ? 'yes' : 'no'],
  ];
}

/**
 * Cost of mapping a node with (key a, type ta) to one with (key b, type tb): 0 when the keys agree
 * (correct), `sub` when only the labels differ, ∞ when the types differ (type ids are all 0 when untyped).
 */
export function renameCost(costs: TedCosts, a: number, ta: number, b: number, tb: number): number {
  return a === b ? 0 : ta === tb ? costs.sub : Infinity;
}
