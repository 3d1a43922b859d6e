import { describe, expect, it } from 'vitest';
import { reportPhase } from './reportPhase';

describe('reportPhase', () => {
  it('says each phase in words, counting the plot being rendered and the pairs scored', () => {
    expect(reportPhase({ phase: 'building', done: 0, total: 0 })).toBe('building the report');
    expect(reportPhase({ phase: 'plots', done: 0, total: 13 })).toBe('rendering plot 1 of 13');
    expect(reportPhase({ phase: 'plots', done: 13, total: 13 })).toBe('rendering plot 13 of 13');
    expect(reportPhase({ phase: 'scoring', done: 40, total: 400 })).toBe('scoring 40 of 400');
    expect(reportPhase({ phase: '', done: 0, total: 0 })).toBe('starting');
    expect(reportPhase({ phase: 'other', done: 0, total: 0 })).toBe('other');
  });
});
