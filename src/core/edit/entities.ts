// Entity spans over the word tier (Burger et al. §1: names are typed spans of words, P/L/O). Spans never
// overlap or nest here: an edit that would make them do so is refused, or clamped while dragging.
import type { GoldEntity } from '../gold/records';
import { EditRefused, refuseUnless } from './editRefused';

/** Entities ordered by their first word (the order the tier and the store keep). */
export function sortEntities(entities: readonly GoldEntity[]): GoldEntity[] {
  return [...entities].sort((a, b) => a.firstWord - b.firstWord || a.lastWord - b.lastWord);
}

/** Index of the entity covering word `w`, or -1. */
export function entityAt(entities: readonly GoldEntity[], w: number): number {
  return entities.findIndex((e) => e.firstWord <= w && w <= e.lastWord);
}

function describe(e: GoldEntity): string {
  return e.firstWord === e.lastWord
    ? `${e.type} (word ${e.firstWord + 1})`
    : `${e.type} (words ${e.firstWord + 1}–${e.lastWord + 1})`;
}

/**
 * What a type key does on words `first..last`: with no entity there, a new span; on exactly one entity's
 * span, a new type; over part of one entity of the same type, that entity takes the selection's span (a
 * keyboard resize). Anything that would overlap or nest is refused.
 */
export function spanEntity(
  entities: readonly GoldEntity[],
  first: number,
  last: number,
  type: string,
): { entities: GoldEntity[]; index: number } {
  refuseUnless(first <= last && first >= 0, 'Select one or more words first.');
  const hit = entities.flatMap((e, i) => (e.firstWord <= last && e.lastWord >= first ? [i] : []));
  const next = [...entities];
  const made: GoldEntity = { type, firstWord: first, lastWord: last };
  if (hit.length === 0) {
    next.push(made);
  } else {
    const e = entities[hit[0]!]!;
    const exact = hit.length === 1 && e.firstWord === first && e.lastWord === last;
    const resize = hit.length === 1 && e.type === type;
    if (!exact && !resize)
      throw new EditRefused(
        `Entities may not overlap or nest: the selection overlaps ${hit.map((i) => describe(entities[i]!)).join(' and ')}.`,
      );
    next[hit[0]!] = made;
  }
  const sorted = sortEntities(next);
  return { entities: sorted, index: sorted.findIndex((e) => e.firstWord === first) };
}

/**
 * Moves one edge of entity `index` to word `toWord`, clamped so the span keeps at least one word and
 * stops at its neighbours (dragging an edge never crosses another entity).
 */
export function resizeEntity(
  entities: readonly GoldEntity[],
  index: number,
  edge: 'first' | 'last',
  toWord: number,
  wordCount: number,
): GoldEntity[] {
  const e = entities[index];
  refuseUnless(e !== undefined, 'That entity no longer exists.');
  const sorted = sortEntities(entities);
  const k = sorted.indexOf(e);
  const prev = sorted[k - 1];
  const next = sorted[k + 1];
  const out = [...entities];
  if (edge === 'first') {
    const lo = prev ? prev.lastWord + 1 : 0;
    out[index] = { ...e, firstWord: Math.min(e.lastWord, Math.max(lo, toWord)) };
  } else {
    const hi = next ? next.firstWord - 1 : wordCount - 1;
    out[index] = { ...e, lastWord: Math.max(e.firstWord, Math.min(hi, toWord)) };
  }
  return out;
}

/** The entities without entity `index`. */
export function deleteEntity(entities: readonly GoldEntity[], index: number): GoldEntity[] {
  refuseUnless(index >= 0 && index < entities.length, 'That entity no longer exists.');
  return entities.filter((_, i) => i !== index);
}

/**
 * Follows a change of the word tier (words `at … at+remove-1` replaced by `insert` new words): spans move
 * with their words, a span over changed words covers what replaced them, a span whose words all went is
 * dropped; spans that a merge made overlap keep the first one. Each dropped span is reported.
 */
export function spliceEntities(
  entities: readonly GoldEntity[],
  at: number,
  remove: number,
  insert: number,
): { entities: GoldEntity[]; notes: string[] } {
  const notes: string[] = [];
  const mapFirst = (j: number): number => (j < at ? j : j >= at + remove ? j - remove + insert : at);
  const mapLast = (j: number): number =>
    j < at ? j : j >= at + remove ? j - remove + insert : at + insert - 1;
  const out: GoldEntity[] = [];
  for (const e of sortEntities(entities)) {
    const firstWord = mapFirst(e.firstWord);
    const lastWord = mapLast(e.lastWord);
    const prev = out[out.length - 1];
    if (lastWord < firstWord) notes.push(`Entity ${describe(e)} lost its words and was removed.`);
    else if (prev && firstWord <= prev.lastWord)
      notes.push(`Entity ${describe(e)} would overlap ${describe(prev)} and was removed.`);
    else out.push({ ...e, firstWord, lastWord });
  }
  return { entities: out, notes };
}

/** Problems of an entity list over `wordCount` words (out of range, overlapping), for checks and tests. */
export function entityProblems(entities: readonly GoldEntity[], wordCount: number): string[] {
  const out: string[] = [];
  const sorted = sortEntities(entities);
  sorted.forEach((e, i) => {
    if (e.firstWord < 0 || e.lastWord >= wordCount || e.lastWord < e.firstWord)
      out.push(`${describe(e)} is outside the ${wordCount} words`);
    const prev = sorted[i - 1];
    if (prev && e.firstWord <= prev.lastWord) out.push(`${describe(e)} overlaps ${describe(prev)}`);
  });
  return out;
}
