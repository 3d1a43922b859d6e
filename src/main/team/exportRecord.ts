// What an annotator's export remembers of where it came from (project_meta `team.export` of the exported
// file): the source project, the annotator, and per utterance the audio it was annotated on and the state of
// the annotator's layer at export. `sieve merge` reads it to match utterances and to tell who changed what.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { AnnotationStatus } from '../../core/model/schemas';
import type { GoldRecords } from '../../core/gold/records';
import { canonicalJson } from '../../core/text/canonicalJson';
import type { Db } from '../store/openDatabase';

/** The project_meta key of the record in an exported file. */
export const EXPORT_META_KEY = 'team.export';

/** How a project is recognised as the source of an export: its name and when it was created. */
export const ProjectIdentity = z.strictObject({
  name: z.string(),
  created: z.string(),
  /** Where the source project was at export (for the reader; not used to match). */
  path: z.string(),
});
export type ProjectIdentity = z.infer<typeof ProjectIdentity>;

/** One exported utterance: its audio's hash and the annotator's layer at export. */
export const ExportedUtterance = z.strictObject({
  id: z.string(),
  audioSha256: z.string(),
  /** The layer's gold_rev in the source project at export; null when the annotator had no layer yet. */
  goldRev: z.number().int().nonnegative().nullable(),
  /** `layerHash` of the layer as exported (the starting layer when there was none). */
  layerSha256: z.string(),
});
export type ExportedUtterance = z.infer<typeof ExportedUtterance>;

/** The whole record. */
export const ExportRecord = z.strictObject({
  format: z.literal(1),
  source: ProjectIdentity,
  annotator: z.string(),
  exportedAt: z.string(),
  /** Whether blind annotation was on (the adjudicated trees, entities and concepts left out). */
  blind: z.boolean(),
  /** How the audio came along: copied next to the file, or referenced where the source has it. */
  audio: z.enum(['copied', 'referenced']),
  utterances: z.array(ExportedUtterance),
});
export type ExportRecord = z.infer<typeof ExportRecord>;

/**
 * What the project remembers of an export it merged from (project_meta `team.merge:ANNOTATOR:EXPORTED_AT`):
 * per utterance merged or settled, the file's layer it saw (`fileSha256`) and the project's layer it left
 * (`goldRev`, `projectSha256`). A later merge of the same export, edited further, compares with these
 * instead of the state at export, so the project's change made by the earlier merge is no conflict.
 */
export const MergeBase = z.strictObject({
  utterances: z.record(
    z.string(),
    z.strictObject({
      fileSha256: z.string(),
      goldRev: z.number().int().nonnegative(),
      projectSha256: z.string(),
    }),
  ),
});
export type MergeBase = z.infer<typeof MergeBase>;

/** The project_meta key of the merge base of an export. */
export function mergeBaseKey(record: ExportRecord): string {
  return `team.merge:${record.annotator}:${record.exportedAt}`;
}

/** One layer as a merge compares it: its records and status. */
export interface LayerContent {
  gold: GoldRecords;
  status: AnnotationStatus;
}

/** A hash of a layer's content (canonical JSON of its records and status): equal content, equal hash. */
export function layerHash(layer: LayerContent): string {
  return crypto
    .createHash('sha256')
    .update(canonicalJson({ gold: layer.gold, status: layer.status }))
    .digest('hex');
}

/** A project_meta value, or '' when the key is not set. */
export function metaValue(db: Db, key: string): string {
  const row = db.prepare('SELECT value FROM project_meta WHERE key = ?').pluck().get(key) as
    string | undefined;
  return row ?? '';
}

/** The identity of the project open as `db` at `file`. */
export function projectIdentity(db: Db, file: string): ProjectIdentity {
  return { name: metaValue(db, 'name'), created: metaValue(db, 'created'), path: file };
}
