// Edits of the gold standard as diffs: each names a part of an utterance's records with its value before
// and after. A user action computes a diff; undo applies the reversed diff; a drag squashes its steps.
import { z } from 'zod';
import { canonicalJson } from '../text/canonicalJson';
import { GoldField, type GoldRecords, GoldRecords as GoldRecordsSchema } from './records';

/** One replaced part of the gold standard. */
export const GoldChange = z.strictObject({
  field: GoldField,
  before: z.unknown(),
  after: z.unknown(),
});
export type GoldChange = z.infer<typeof GoldChange>;

/** A diff: changes to distinct fields of one utterance's gold standard. */
export const GoldDiff = z.array(GoldChange).max(GoldField.options.length);
export type GoldDiff = z.infer<typeof GoldDiff>;

/** Raised when a diff's `before` does not match the records it is applied to (a stale or foreign edit). */
export class DiffConflictError extends Error {
  override name = 'DiffConflictError';
  constructor(readonly field: GoldField) {
    super(`the ${field} changed since this edit was made`);
  }
}

/** A deep copy of plain JSON data (core has no structuredClone: it sees neither DOM nor Node types). */
function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The diff that turns `from` into `to` (fields that are equal are left out). */
export function diffGold(from: GoldRecords, to: GoldRecords): GoldDiff {
  const out: GoldDiff = [];
  for (const field of GoldField.options) {
    if (canonicalJson(from[field]) !== canonicalJson(to[field]))
      out.push({ field, before: cloneJson(from[field]), after: cloneJson(to[field]) });
  }
  return out;
}

/**
 * Applies `diff` to `records` and returns new records; throws `DiffConflictError` when a change's `before`
 * is not what `records` hold, and a zod error when the result is not valid gold.
 */
export function applyDiff(records: GoldRecords, diff: GoldDiff): GoldRecords {
  const next: Record<string, unknown> = { ...records };
  for (const change of diff) {
    if (canonicalJson(records[change.field]) !== canonicalJson(change.before))
      throw new DiffConflictError(change.field);
    next[change.field] = cloneJson(change.after);
  }
  return GoldRecordsSchema.parse(next);
}

/** The diff that undoes `diff`. */
export function reverseDiff(diff: GoldDiff): GoldDiff {
  return diff.map((c) => ({ field: c.field, before: c.after, after: c.before }));
}

/** One diff with the effect of applying `first` and then `second` (e.g. the steps of one drag). */
export function squashDiffs(first: GoldDiff, second: GoldDiff): GoldDiff {
  const byField = new Map<GoldField, GoldChange>();
  for (const c of first) byField.set(c.field, { ...c });
  for (const c of second) {
    const prev = byField.get(c.field);
    byField.set(c.field, prev ? { field: c.field, before: prev.before, after: c.after } : { ...c });
  }
  return GoldField.options.flatMap((f) => {
    const c = byField.get(f);
    return c && canonicalJson(c.before) !== canonicalJson(c.after) ? [c] : [];
  });
}
