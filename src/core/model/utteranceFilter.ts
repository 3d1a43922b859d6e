// What the utterance list's filter box means, in one place: the store answers a filtered window of the
// list with this very predicate, so the studio lists the same utterances whatever the project's size.
import type { AnnotationStatus } from './schemas';

/** Human label of an annotation status (what the list shows, and what its filter matches). */
export const STATUS_LABEL = {
  todo: 'to do',
  in_progress: 'in progress',
  done: 'done',
  reviewed: 'reviewed',
} as const satisfies Record<AnnotationStatus, string>;

/** The fields of an utterance the filter looks at. */
export interface FilterableUtterance {
  id: string;
  speaker: string;
  status: AnnotationStatus;
  transcript: string;
}

/** The terms of a filter text: its whitespace-separated words, lower-cased; none for a blank filter. */
export function filterTerms(filter: string): string[] {
  return filter.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Does an utterance match every term (each occurs, case-insensitively, in its id, speaker, status label or
 * transcript)? A term holds no whitespace, so it never spans two fields joined by a space.
 */
export function utteranceMatches(u: FilterableUtterance, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const hay = `${u.id} ${u.speaker} ${STATUS_LABEL[u.status]} ${u.transcript}`.toLowerCase();
  return terms.every((t) => hay.includes(t));
}
