import { describe, expect, it } from 'vitest';
import { AssignmentRequest } from '../../../core/api/annotators';
import { type AssignForm, assignRequest } from './assignRequest';

const form: AssignForm = {
  mode: 'every',
  annotators: ['ana', 'maria'],
  k: '2',
  percent: '10',
  seed: '',
  annotator: 'ana',
};

describe('assignRequest', () => {
  it('makes the requests the API takes', () => {
    const made = [
      assignRequest(form, null),
      assignRequest({ ...form, mode: 'sample' }, null),
      assignRequest({ ...form, mode: 'sample', percent: '12.5', seed: '7' }, null),
      assignRequest({ ...form, mode: 'list' }, ['a', 'b']),
      assignRequest({ ...form, mode: 'selected' }, ['a']),
    ];
    expect(made).toEqual([
      { request: { rule: { kind: 'every', k: 2 }, annotators: ['ana', 'maria'] } },
      { request: { rule: { kind: 'sample', fraction: 0.1 }, annotators: ['ana', 'maria'] } },
      { request: { rule: { kind: 'sample', fraction: 0.125, seed: 7 }, annotators: ['ana', 'maria'] } },
      { request: { annotator: 'ana', utteranceIds: ['a', 'b'] } },
      { request: { annotator: 'ana', utteranceIds: ['a'] } },
    ]);
    for (const m of made)
      if ('request' in m) expect(AssignmentRequest.safeParse(m.request).success).toBe(true);
  });

  it('says what is wrong instead of making a request the API refuses', () => {
    const problems = [
      assignRequest({ ...form, k: '3' }, null),
      assignRequest({ ...form, k: '0' }, null),
      assignRequest({ ...form, k: '1.5' }, null),
      assignRequest({ ...form, annotators: [] }, null),
      assignRequest({ ...form, mode: 'sample', percent: '101' }, null),
      assignRequest({ ...form, mode: 'sample', percent: '-1' }, null),
      assignRequest({ ...form, mode: 'sample', annotators: ['ana'] }, null),
      assignRequest({ ...form, mode: 'sample', seed: '4294967296' }, null),
      assignRequest({ ...form, mode: 'sample', seed: 'x' }, null),
      assignRequest({ ...form, mode: 'list' }, []),
      assignRequest({ ...form, mode: 'list' }, null),
      assignRequest({ ...form, mode: 'selected', annotator: '' }, ['a']),
    ];
    for (const p of problems) expect(p).toHaveProperty('problem');
    expect(problems[0]).toEqual({
      problem: 'By how many annotators: a whole number from 1 to 2 (the annotators chosen).',
    });
    // No doubly annotated sample is no problem with one annotator.
    expect(assignRequest({ ...form, mode: 'sample', percent: '0', annotators: ['ana'] }, null)).toEqual({
      request: { rule: { kind: 'sample', fraction: 0 }, annotators: ['ana'] },
    });
  });
});
