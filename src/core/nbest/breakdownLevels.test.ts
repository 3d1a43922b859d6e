import { describe, expect, it } from 'vitest';
import { missingLabelsNote } from './breakdownLevels';

const g = (accuracy: string, knowledge: string, input: string) => ({ accuracy, knowledge, input });

describe('missingLabelsNote', () => {
  it('says nothing when every level has a label somewhere', () => {
    expect(missingLabelsNote([g('perfect', 'unlabelled', 'asr'), g('unlabelled', 'known', 'text')])).toBe(
      null,
    );
    expect(missingLabelsNote([])).toBe(null);
  });

  it('names the levels without any label', () => {
    expect(missingLabelsNote([g('unlabelled', 'unlabelled', 'asr')])).toBe(
      'No utterance has an accuracy class or knowledge class label, so those levels have one group, “unlabelled”.',
    );
    expect(missingLabelsNote([g('perfect', 'known', 'unlabelled')])).toBe(
      'No utterance has an input kind label, so that level has one group, “unlabelled”.',
    );
  });

  it('says plainly when there is nothing to break down by', () => {
    expect(missingLabelsNote([g('unlabelled', 'unlabelled', 'unlabelled')])).toMatch(
      /^No utterance has an accuracy class, knowledge class or input kind label, so there is nothing to break down by/,
    );
  });
});
