// The API's schemas for a project's annotators, their assignments and their layers of the gold standard.
import { z } from 'zod';
import { GoldRecords } from '../gold/records';
import { AnnotationStatus } from '../model/schemas';

/** An annotator's name as the API takes it (the store checks the rest with `annotatorNameProblem`). */
export const AnnotatorName = z.string().min(1).max(100);

/** The name the API and the CLI give the adjudicated layer; no annotator may take it. */
export const ADJUDICATED = 'adjudicated';

/**
 * What is wrong with `name` as an annotator's name, or null: 1 to 100 characters, no surrounding spaces,
 * no control characters and no commas (lists of annotators on the command line are comma separated), and
 * not 'adjudicated', which names the adjudicated layer. The store refuses such a name; the studio says
 * why before asking.
 */
export function annotatorNameProblem(name: string): string | null {
  if (name.length < 1 || name.length > 100) return 'an annotator name has 1 to 100 characters';
  if (name.trim() !== name) return 'an annotator name does not begin or end with a space';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f,]/.test(name)) return 'an annotator name has no commas or control characters';
  if (name.toLowerCase() === ADJUDICATED) return `"${ADJUDICATED}" names the adjudicated layer`;
  return null;
}

/**
 * A layer of an utterance's gold standard: an annotator's (`{ annotator: NAME }`) or the adjudicated one
 * (`'adjudicated'`, the same as leaving the layer out), which systems are scored against.
 */
export const LayerRef = z.union([z.literal('adjudicated'), z.strictObject({ annotator: AnnotatorName })]);
export type LayerRef = z.infer<typeof LayerRef>;

/** The annotator a layer reference names, or undefined for the adjudicated layer. */
export function layerAnnotator(layer: LayerRef | undefined): string | undefined {
  return layer === undefined || layer === 'adjudicated' ? undefined : layer.annotator;
}

/** An annotator with how many utterances they are assigned and how many of those layers are done. */
export const AnnotatorInfo = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  createdAt: z.string(),
  assigned: z.number().int().nonnegative(),
  /** Layers whose status is 'done' or 'reviewed'. */
  done: z.number().int().nonnegative(),
});
export type AnnotatorInfo = z.infer<typeof AnnotatorInfo>;

/**
 * How the project's team works: who the owner annotates as (null: not set), and whether annotation is
 * blind (an annotator's workspace shows none of the other annotators' work on an utterance; on unless
 * the project turns it off).
 */
export const TeamSettings = z.strictObject({
  owner: AnnotatorName.nullable(),
  blind: z.boolean(),
});
export type TeamSettings = z.infer<typeof TeamSettings>;

/** The project's annotators and team settings. */
export const AnnotatorList = z.strictObject({
  annotators: z.array(AnnotatorInfo),
  ...TeamSettings.shape,
});
export type AnnotatorList = z.infer<typeof AnnotatorList>;

/**
 * A rule that assigns every utterance of the project (see the store's `AssignmentRule` for exactly how):
 * each by `k` annotators, or each by one and a seeded sample of a `fraction` of them by two.
 */
export const AssignmentRuleInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('every'), k: z.number().int().min(1).max(100) }),
  z.strictObject({
    kind: z.literal('sample'),
    fraction: z.number().min(0).max(1),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
  }),
]);
export type AssignmentRuleInput = z.infer<typeof AssignmentRuleInput>;

/**
 * What `assignment:set` does: assigns the utterances `utteranceIds` to `annotator`, or every utterance by a
 * rule to `annotators` (all of the project's, by name, when not given). Assignments only add.
 */
export const AssignmentRequest = z.union([
  z.strictObject({
    annotator: AnnotatorName,
    utteranceIds: z.array(z.string().min(1).max(200)).max(1_000_000),
  }),
  z.strictObject({
    rule: AssignmentRuleInput,
    annotators: z.array(AnnotatorName).min(1).max(1000).optional(),
  }),
]);
export type AssignmentRequest = z.infer<typeof AssignmentRequest>;

/** One annotator's layer of an utterance. */
export const AnnotatorLayer = z.strictObject({
  annotator: z.string(),
  status: AnnotationStatus,
  gold: GoldRecords,
  goldRev: z.number().int().nonnegative(),
});
export type AnnotatorLayer = z.infer<typeof AnnotatorLayer>;

/** Every annotator's layer of an utterance, by annotator name. */
export const UtteranceLayers = z.strictObject({
  utteranceId: z.string(),
  layers: z.array(AnnotatorLayer),
});
export type UtteranceLayers = z.infer<typeof UtteranceLayers>;

/** What `assignment:set` would do with a request, counted per annotator. */
export const AssignmentPreviewAnnotator = z.strictObject({
  name: z.string(),
  /** The utterances the request gives them (assigned already or not). */
  utterances: z.number().int().nonnegative(),
  /** Of those, the ones not assigned to them yet: their new assignments. */
  added: z.number().int().nonnegative(),
  /** Of the new assignments, those for which they have no layer yet (one is made from the adjudicated words). */
  newLayers: z.number().int().nonnegative(),
});
export type AssignmentPreviewAnnotator = z.infer<typeof AssignmentPreviewAnnotator>;

/**
 * What `assignment:set` would do with the same request, without doing it: how many utterances the request
 * covers, the assignments and layers it would add, and how many of the covered utterances would then be
 * assigned to two or more annotators (what the agreement can be computed on).
 */
export const AssignmentPreview = z.strictObject({
  /** Utterances the request covers, each counted once. */
  utterances: z.number().int().nonnegative(),
  /** (annotator, utterance) pairs the request names. */
  assignments: z.number().int().nonnegative(),
  /** Of those, the ones that are new: what `assignment:set` answers as `added`. */
  added: z.number().int().nonnegative(),
  /** New layers the new assignments would make. */
  newLayers: z.number().int().nonnegative(),
  /** Of the covered utterances, those assigned to two or more annotators afterwards. */
  multiple: z.number().int().nonnegative(),
  /** The project's utterances. */
  projectUtterances: z.number().int().nonnegative(),
  annotators: z.array(AssignmentPreviewAnnotator),
});
export type AssignmentPreview = z.infer<typeof AssignmentPreview>;
