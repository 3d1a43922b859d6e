// Agreement between annotators: the chance-corrected statistics (κ, α, α_U), the agreement of two layers
// of an utterance, its corpus figures with intervals, the per-pair table and the settings signature.
export type { AgreementValue } from './types';
export { cohenKappa, fleissKappa } from './kappa';
export { krippendorffAlphaNominal } from './alpha';
export {
  type UnitizedSpan,
  type UnitizingAlpha,
  type UnitizingData,
  unitizingAlpha,
  unitizingCategoryAlpha,
} from './unitizing';
export {
  type BoundarySummary,
  type CategoricalField,
  type ConceptAgreement,
  type EntityAgreement,
  type LayerStatuses,
  type NeAgreementStats,
  type TimeSpan,
  type TreeAgreement,
  type UtteranceAgreement,
  type WordAgreement,
  CATEGORICAL_FIELDS,
  categoricalValue,
  layerAgreement,
  summariseBoundaries,
} from './layers';
export {
  type AgreementPairRow,
  type AgreementTable,
  type AnnotatedUtterance,
  type CorpusAgreement,
  type CorpusTreeAgreement,
  type Figure,
  agreementTable,
  corpusAgreement,
  spansUnitizingAlpha,
} from './corpus';
export {
  type AgreementOptions,
  type ErrorRateForm,
  DEFAULT_BOUNDARY_TOLERANCES_MS,
  agreementSignature,
  resolveAgreementOptions,
} from './signature';
