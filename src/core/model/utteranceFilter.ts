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
 * The text an utterance's filter terms are looked for in: its id, speaker, status label and transcript,
 * joined by spaces and lower-cased as one string (a term holds no whitespace, so it never spans two fields).
 */
export function utteranceHay(u: FilterableUtterance): string {
  return `${u.id} ${u.speaker} ${STATUS_LABEL[u.status]} ${u.transcript}`.toLowerCase();
}

/** Does an utterance's filter text (`utteranceHay`) hold every term? */
export function hayMatches(hay: string, terms: readonly string[]): boolean {
  for (const t of terms) if (!hay.includes(t)) return false;
  return true;
}

/** Does an utterance match every term (each occurs, case-insensitively, in its id, speaker, status label or transcript)? */
export function utteranceMatches(u: FilterableUtterance, terms: readonly string[]): boolean {
  return terms.length === 0 || hayMatches(utteranceHay(u), terms);
}
