// Edit-operation costs for sequence alignment, and the two presets the papers use.
import { MetricInputError } from '../errors';

/** Cost of each edit operation; a pair of equal tokens always costs `correct`. */
export interface EditCosts {
  readonly correct: number;
  readonly substitution: number;
  readonly insertion: number;
  readonly deletion: number;
}

/**
 * Levenshtein: every error costs 1 (Boros et al. §2.1: "assigning equal costs to substitution,
 * insertion, and deletion errors", WA = 1 − (S+I+D)/N).
 */
export const EQUAL_COSTS: EditCosts = Object.freeze({
  correct: 0,
  substitution: 1,
  insertion: 1,
  deletion: 1,
});

/**
 * NIST sclite's word distance (SCTK `wwd_WORD`: insertion and deletion 3, substitution 4, correct 0);
 * Thomae et al. §3 use the same costs "throughout the paper".
 */
export const SCLITE_COSTS: EditCosts = Object.freeze({
  correct: 0,
  substitution: 4,
  insertion: 3,
  deletion: 3,
});

/** The named cost presets, as accepted by `--costs`. */
export const COST_PRESETS = { equal: EQUAL_COSTS, sclite: SCLITE_COSTS } as const;

/** Name of a cost preset. */
export type CostPresetName = keyof typeof COST_PRESETS;

/** A preset name or explicit costs. */
export type CostsSpec = CostPresetName | EditCosts;

/** Resolves a preset name or explicit costs to validated costs. */
export function resolveCosts(spec: CostsSpec): EditCosts {
  if (typeof spec === 'string') {
    const preset = (COST_PRESETS as Record<string, EditCosts>)[spec];
    if (!preset) {
      throw new MetricInputError(
        `unknown cost preset "${spec}" (expected ${Object.keys(COST_PRESETS).join(' or ')})`,
      );
    }
    return preset;
  }
  validateCosts(spec);
  return spec;
}

/**
 * Checks that costs can drive the alignment: insertion and deletion finite and ≥ 0, correct finite and
 * ≥ 0, substitution ≥ 0 (it may be Infinity: then a mismatch is always a deletion plus an insertion).
 * Thomae et al. eq. (6)–(7) require non-negative costs and zero for identity; a positive `correct` is
 * allowed here but makes the result no longer an edit distance in their sense.
 */
export function validateCosts(costs: EditCosts): void {
  const bad: string[] = [];
  for (const name of ['correct', 'insertion', 'deletion'] as const) {
    const v = costs[name];
    if (!(Number.isFinite(v) && v >= 0)) bad.push(`${name}=${String(v)}`);
  }
  if (!(costs.substitution >= 0)) bad.push(`substitution=${String(costs.substitution)}`);
  if (bad.length > 0) throw new MetricInputError(`invalid edit costs: ${bad.join(', ')}`);
}

/** The name of costs inside a settings signature: the preset name, or `c0s4i3d3`-style for others. */
export function costsSignature(spec: CostsSpec): string {
  if (typeof spec === 'string') return spec;
  for (const [name, preset] of Object.entries(COST_PRESETS)) {
    if (
      preset.correct === spec.correct &&
      preset.substitution === spec.substitution &&
      preset.insertion === spec.insertion &&
      preset.deletion === spec.deletion
    ) {
      return name;
    }
  }
  return `c${spec.correct}s${spec.substitution}i${spec.insertion}d${spec.deletion}`;
}
