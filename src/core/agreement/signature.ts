// The settings of agreement between annotators and their signature: every option that can change a figure,
// in the `name|key:value|…|v:VERSION` form of the other metrics (stats/signature.ts).
import { MetricInputError } from '../errors';
import type { NeMappingMode } from '../ne/mapping';
import type { NePunctuation } from '../ne/preprocess';
import { neSignature } from '../ne/scoreNe';
import { textAligner } from '../ne/textAligner';
import { bootstrapSignature, type BootstrapOptions } from '../stats/bootstrap';
import { makeSignature } from '../stats/signature';
import { structIouFields } from '../structIou/structIou';

/**
 * How an error rate between two annotators is normalised (word texts and concepts alike).
 * `symmetric`: (S + D + I) / ((N_a + N_b) / 2), the same whichever annotator is called a.
 * `b-against-a`: (S + D + I) / N_a, annotator a taken as the reference, as a system is scored.
 */
export type ErrorRateForm = 'symmetric' | 'b-against-a';

/** Everything that can change an agreement figure; every field shows in `agreementSignature`. */
export interface AgreementOptions {
  /** Compare word texts, concepts and tree leaves case-insensitively (default true, as scoring does). */
  ignoreCase?: boolean;
  /** Alignment costs of words and concepts: `sclite` (3/3/4, the default) or `equal` (Levenshtein). */
  costs?: 'sclite' | 'equal';
  /** Normalisation of word error rate and concept accuracy (default `symmetric`). */
  errorRate?: ErrorRateForm;
  /** The tolerances of the shares of boundary times within them, in milliseconds (default 10, 20, 50). */
  boundaryTolerancesMs?: readonly number[];
  /** Struct-IoU's settings (Shi et al.): flexible terminals (default true) and threshold (default 0). */
  structIou?: { flexible?: boolean; threshold?: number };
  /** Named-entity comparison (Burger et al.): extent tolerance in words (default 1), mapping, punctuation. */
  ne?: { tolerance?: number; mapping?: NeMappingMode; punctuation?: NePunctuation };
  /** Resampling of the corpus intervals (default 1,000 resamples, seed 12345, 95 %). */
  bootstrap?: BootstrapOptions;
}

/** The options with every default filled in. */
export interface ResolvedAgreementOptions {
  ignoreCase: boolean;
  costs: 'sclite' | 'equal';
  errorRate: ErrorRateForm;
  boundaryTolerancesMs: readonly number[];
  structIou: { flexible: boolean; threshold: number };
  ne: { tolerance: number; mapping: NeMappingMode; punctuation: NePunctuation };
  bootstrap: Required<BootstrapOptions>;
}

/** The default tolerances of boundary agreement, in milliseconds. */
export const DEFAULT_BOUNDARY_TOLERANCES_MS: readonly number[] = [10, 20, 50];

/** Fills in the defaults and refuses values no figure can be computed with (`MetricInputError`). */
export function resolveAgreementOptions(options: AgreementOptions = {}): ResolvedAgreementOptions {
  const costs = options.costs ?? 'sclite';
  if (costs !== 'sclite' && costs !== 'equal')
    throw new MetricInputError(`agreement costs must be sclite or equal, got ${String(costs)}`);
  const errorRate = options.errorRate ?? 'symmetric';
  if (errorRate !== 'symmetric' && errorRate !== 'b-against-a')
    throw new MetricInputError(`error rate form must be symmetric or b-against-a, got ${String(errorRate)}`);
  const tolerances = options.boundaryTolerancesMs ?? DEFAULT_BOUNDARY_TOLERANCES_MS;
  for (const t of tolerances)
    if (!Number.isFinite(t) || t < 0)
      throw new MetricInputError(`a boundary tolerance must be a finite number of ms ≥ 0, got ${t}`);
  const bootstrap = options.bootstrap ?? {};
  const ne = {
    tolerance: options.ne?.tolerance ?? 1,
    mapping: options.ne?.mapping ?? 'greedy',
    punctuation: options.ne?.punctuation ?? 'drop',
  };
  // The named-entity scorer's own checks of its settings (tolerance, mapping, punctuation).
  neSignature({ aligner: textAligner, ...ne });
  return {
    ignoreCase: options.ignoreCase ?? true,
    costs,
    errorRate,
    boundaryTolerancesMs: [...tolerances],
    structIou: {
      flexible: options.structIou?.flexible ?? true,
      threshold: options.structIou?.threshold ?? 0,
    },
    ne,
    bootstrap: {
      resamples: bootstrap.resamples ?? 1000,
      seed: bootstrap.seed ?? 12345,
      confidence: bootstrap.confidence ?? 0.95,
    },
  };
}

/**
 * The settings signature of agreement figures, e.g.
 * `agreement|er:sym|costs:sclite|case:fold|bnd:both-neighbours|tol-ms:10,20,50|iou:def12|thr:0|flex:yes|
 * prm:collins|tna:b-vs-a|ne-align:text|ne-map:greedy|ne-tol:1|ne-punct:drop|labels:bio-matched|
 * alpha-u:ms-concat|boot:1000|seed:12345|ci:0.95|v:…`. `er` is the error-rate form of WER and CA (`sym` or `b-vs-a`); `bnd`
 * the rule of a shared boundary time; `iou:def12` Struct-IoU as Shi et al.'s Definition 12, which is
 * symmetric in its two trees; `tna:b-vs-a` tree node accuracy of b with a as the reference (it is not
 * symmetric); `labels:bio-matched` BIO labels of the words the text alignment matches; `alpha-u:ms-concat`
 * α_U on the utterances laid end to end in whole milliseconds.
 */
export function agreementSignature(options: AgreementOptions = {}): string {
  const r = resolveAgreementOptions(options);
  // Validates the threshold and writes the fields as the Struct-IoU signature does.
  const iou = structIouFields(r.structIou);
  // The bootstrap's own check of resamples and confidence.
  bootstrapSignature(null, r.bootstrap);
  return makeSignature('agreement', [
    ['er', r.errorRate === 'symmetric' ? 'sym' : 'b-vs-a'],
    ['costs', r.costs],
    ['case', r.ignoreCase ? 'fold' : 'exact'],
    ['bnd', 'both-neighbours'],
    ['tol-ms', r.boundaryTolerancesMs.join(',')],
    ['iou', 'def12'],
    ...iou,
    ['prm', 'collins'],
    ['tna', 'b-vs-a'],
    ['ne-align', 'text'],
    ['ne-map', r.ne.mapping],
    ['ne-tol', r.ne.tolerance],
    ['ne-punct', r.ne.punctuation],
    ['labels', 'bio-matched'],
    ['alpha-u', 'ms-concat'],
    ['boot', r.bootstrap.resamples],
    ['seed', r.bootstrap.seed],
    ['ci', r.bootstrap.confidence],
  ]);
}
