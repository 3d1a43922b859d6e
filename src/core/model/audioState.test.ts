import { describe, expect, it } from 'vitest';
import { describeAudioState } from './audioState';
import { AudioState } from './schemas';

describe('describeAudioState', () => {
  it('says in words what is wrong with every kind of refused audio file', () => {
    expect(describeAudioState('outside')).toBe('outside the project folder');
    expect(describeAudioState('not-a-file')).toBe('not a regular file');
    for (const state of AudioState.options) expect(describeAudioState(state)).toMatch(/^[a-z ]+$/);
  });
});
