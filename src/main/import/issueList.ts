// Long lists of problems are listed up to a cap and counted beyond it: a file of 200,000 bad lines gets
// its first problems located and one line for the rest, never 200,000 lines or a response of megabytes.
import { AppError } from '../../core/errors';
import type { ImportIssue } from './scanCorpus';

/** How many problems of one kind are listed in full; the others are counted. */
export const MAX_LISTED = 100;

/** The first `max` items of a list and how many more it has. */
export function firstOf<T>(items: readonly T[], max = MAX_LISTED): { listed: T[]; more: number } {
  return { listed: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** `… and 119,900 more errors` (`what` is the plural). */
export function moreLine(more: number, what: string): string {
  return `… and ${more.toLocaleString('en-US')} more ${what}`;
}

/** `file:line:column: message`, the form editors and terminals link to. */
export function formatIssue(i: ImportIssue): string {
  return `${i.file}${i.line !== undefined ? `:${i.line}:${i.column ?? 1}` : ''}: ${i.message}`;
}

/**
 * The lines to print for a list of issues: the first `MAX_LISTED` located, then one line counting the
 * rest. `prefix` starts every line (`warning: `).
 */
export function issueLines(issues: readonly ImportIssue[], what: string, prefix = ''): string[] {
  const { listed, more } = firstOf(issues);
  const lines = listed.map((i) => `${prefix}${formatIssue(i)}`);
  if (more > 0) lines.push(`${prefix}${moreLine(more, what)}`);
  return lines;
}

/**
 * What an API answer carries of a list of issues: the first `MAX_LISTED` and how many more there are
 * (`errors`, `moreErrors`), so a failed job's details stay small whatever the input.
 */
export function issueDetails(issues: readonly ImportIssue[]): { errors: ImportIssue[]; moreErrors: number } {
  const { listed, more } = firstOf(issues);
  return { errors: listed, moreErrors: more };
}

/** The error for the problems that stop an import: the first one located, the others counted. */
export function importErrors(errors: readonly ImportIssue[]): AppError {
  const first = errors[0]!;
  return new AppError(
    'INVALID_INPUT',
    `${first.file}${first.line ? `:${first.line}:${first.column}` : ''}: ${first.message}` +
      (errors.length > 1 ? ` (and ${(errors.length - 1).toLocaleString('en-US')} more)` : ''),
    issueDetails(errors),
  );
}
