// The annotation settings kept in a project file: defaults, saving, refusing clashing keys, labels in use.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { DEFAULT_ANNOTATION_SETTINGS } from '../../core/edit/settings';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { ProjectStore } from './projectStore';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('annotation settings', () => {
  it('default to P/L/O, are saved in the file, and list the labels the gold trees use', async () => {
    const { file } = await makeProject(dir);
    let store = ProjectStore.open(file);
    expect(store.annotationSettings()).toEqual({ settings: DEFAULT_ANNOTATION_SETTINGS, labelsInUse: [] });
    const settings = {
      entityTypes: [{ key: 'x' as const, type: 'CITY', name: 'city' }],
      treeLabels: ['NP', 'VP'],
    };
    store.setAnnotationSettings(settings);
    const words = store.goldState('train-1').gold.words;
    store.applyGoldDiff('train-1', [
      {
        field: 'trees',
        before: [],
        after: [{ name: 'syntax', typed: false, bracket: `(S (PP ${words.map((w) => w.text).join(' ')}))` }],
      },
    ]);
    store.close();
    store = ProjectStore.open(file);
    expect(store.annotationSettings()).toEqual({ settings, labelsInUse: ['PP', 'S'] });
    store.close();
  });

  it('refuses entity keys the workspace already uses', async () => {
    const { file } = await makeProject(dir);
    const store = ProjectStore.open(file);
    try {
      store.setAnnotationSettings({ entityTypes: [{ key: 's', type: 'X', name: '' }], treeLabels: [] });
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('INVALID_INPUT');
      expect((err as AppError).message).toContain('already means');
    }
    expect(store.annotationSettings().settings).toEqual(DEFAULT_ANNOTATION_SETTINGS);
    store.close();
  });
});
