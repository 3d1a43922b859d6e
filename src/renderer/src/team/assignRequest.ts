// The team section's assignment form, turned into the request `assignment:set` takes (and
// `assignment:preview` counts), or the reason it cannot be made yet, in the words the form uses.
import type { AssignmentRequest } from '../../../core/api/annotators';

/** Which utterances the form assigns. */
export type AssignMode = 'every' | 'sample' | 'list' | 'selected';

/** What the form holds, as typed. */
export interface AssignForm {
  mode: AssignMode;
  /** The annotators a rule spreads the utterances over, in the team's order. */
  annotators: readonly string[];
  /** `every`: by how many annotators each utterance is annotated. */
  k: string;
  /** `sample`: the doubly annotated share, in percent. */
  percent: string;
  /** `sample`: the seed of the draw; empty for the project's default seed. */
  seed: string;
  /** `list` and `selected`: the annotator the utterances go to. */
  annotator: string;
}

/** The request the form makes, or why it makes none. */
export type AssignRequestOrProblem = { request: AssignmentRequest } | { problem: string };

/** A whole number from a form field, or null when the text is not one. */
function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/**
 * The request of `form`; `ids` are the utterances of the list (mode `list`) or the selected one (mode
 * `selected`), null while they are read.
 */
export function assignRequest(form: AssignForm, ids: readonly string[] | null): AssignRequestOrProblem {
  if (form.mode === 'list' || form.mode === 'selected') {
    if (form.annotator === '') return { problem: 'Choose the annotator the utterances go to.' };
    if (ids === null) return { problem: 'Reading the utterances…' };
    if (ids.length === 0)
      return {
        problem:
          form.mode === 'selected' ? 'No utterance is selected in the list.' : 'The list shows no utterance.',
      };
    return { request: { annotator: form.annotator, utteranceIds: [...ids] } };
  }
  const n = form.annotators.length;
  if (n === 0) return { problem: 'Choose the annotators the utterances are spread over.' };
  if (form.mode === 'every') {
    const k = wholeNumber(form.k);
    if (k === null || k < 1 || k > n)
      return { problem: `By how many annotators: a whole number from 1 to ${n} (the annotators chosen).` };
    return { request: { rule: { kind: 'every', k }, annotators: [...form.annotators] } };
  }
  const percent = /^\s*\d+(\.\d+)?\s*$/.test(form.percent) ? Number(form.percent) : null;
  if (percent === null || percent > 100)
    return { problem: 'The doubly annotated share: a number of percent from 0 to 100.' };
  if (percent > 0 && n < 2) return { problem: 'A doubly annotated sample needs two annotators or more.' };
  const seed = form.seed.trim() === '' ? undefined : wholeNumber(form.seed);
  if (seed === null || (seed !== undefined && seed > 0xffffffff))
    return { problem: `The seed: a whole number from 0 to ${0xffffffff}, or empty for the default.` };
  return {
    request: {
      rule: { kind: 'sample', fraction: percent / 100, ...(seed === undefined ? {} : { seed }) },
      annotators: [...form.annotators],
    },
  };
}
