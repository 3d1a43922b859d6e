/**
 * One agreement figure between annotators (Cohen's κ, Fleiss' κ, Krippendorff's α …).
 *
 * - `value` is `undefined` when the measure is undefined for the data — no pairable data at all, or a
 *   chance agreement of 1 (every rating in one category), where the formula is 0/0. It is never 0 for
 *   "undefined": 0 means agreement exactly at chance level.
 * - `n` counts what entered the computation; each function says what it counts (rated items for κ,
 *   pairable values for α).
 * - `observed` and `expected` are the observed and the chance-expected agreement as proportions in
 *   [0, 1], so that `value = (observed − expected) / (1 − expected)`, when the measure defines them
 *   (absent when there is no data).
 */
export type AgreementValue = {
  value: number | undefined;
  n: number;
  observed?: number;
  expected?: number;
};
