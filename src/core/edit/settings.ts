// Per-project settings of the annotation workspace: which key makes which entity type, and the label set
// offered when bracketing. Kept in the project file, so every annotator of a corpus uses the same keys.
import { z } from 'zod';

/** A key that creates an entity of a type. */
export const EntityTypeKey = z.strictObject({
  /** A lower-case letter or a digit, pressed without modifiers. */
  key: z.string().regex(/^[a-z0-9]$/, 'a key is one lower-case letter or digit'),
  type: z.string().min(1).max(100).regex(/^\S+$/, 'an entity type has no spaces'),
  /** What the type stands for, shown in the shortcut sheet. */
  name: z.string().max(100).default(''),
});
export type EntityTypeKey = z.infer<typeof EntityTypeKey>;

/** The annotation settings of a project. */
export const AnnotationSettings = z.strictObject({
  entityTypes: z.array(EntityTypeKey).max(36),
  /** Node labels offered for completion (those used in the project's trees are offered as well). */
  treeLabels: z
    .array(
      z
        .string()
        .min(1)
        .max(100)
        .regex(/^[^\s()]+$/, 'a label has no spaces or brackets'),
    )
    .max(2000),
});
export type AnnotationSettings = z.infer<typeof AnnotationSettings>;

/**
 * The defaults: P, L and O for the name types of Burger et al. §1 (their `<P>`, `<L>`, `<O>` tags, MUC's
 * ENAMEX PERSON, LOCATION and ORGANIZATION, fn. 3).
 */
export const DEFAULT_ANNOTATION_SETTINGS: AnnotationSettings = {
  entityTypes: [
    { key: 'p', type: 'PERSON', name: 'person' },
    { key: 'l', type: 'LOCATION', name: 'location' },
    { key: 'o', type: 'ORGANIZATION', name: 'organization' },
  ],
  treeLabels: [],
};

/** The settings as the workspace loads them, with the node labels the project's gold trees already use. */
export const AnnotationSettingsState = z.strictObject({
  settings: AnnotationSettings,
  labelsInUse: z.array(z.string()),
});
export type AnnotationSettingsState = z.infer<typeof AnnotationSettingsState>;
