// The two project settings an annotator's export carries: whether annotation is blind, and whose project it
// is (the annotator the studio opens the layers of).
import type { Db } from '../store/openDatabase';

/** project_meta key: 'false' when annotators may see each other's work; anything else (or unset) is blind. */
export const BLIND_META_KEY = 'team.blind';

/** project_meta key: the name of the annotator the project's user works as. */
export const OWNER_META_KEY = 'team.owner';

/** Whether the project annotates blind (the default: annotators do not see each other's work). */
export function blindAnnotation(db: Db): boolean {
  const value = db.prepare('SELECT value FROM project_meta WHERE key = ?').pluck().get(BLIND_META_KEY) as
    string | undefined;
  return value !== 'false';
}
