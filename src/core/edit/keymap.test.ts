import { describe, expect, it } from 'vitest';
import { parseTreeOrThrow } from '../tree/bracket';
import { BINDINGS, buildKeymap, entityKeyProblems, keyLabel, shortcutSheet, strokeId } from './keymap';
import {
  NO_SELECTION,
  navigate,
  type Selection,
  selectionWords,
  type SelectionContext,
  wordSelection,
} from './selection';
import { DEFAULT_ANNOTATION_SETTINGS } from './settings';

const press = (
  key: string,
  mods: Partial<{ ctrl: boolean; shift: boolean; alt: boolean; meta: boolean }> = {},
) =>
  strokeId({
    key,
    ctrlKey: mods.ctrl ?? false,
    shiftKey: mods.shift ?? false,
    altKey: mods.alt ?? false,
    metaKey: mods.meta ?? false,
  });

describe('key names', () => {
  it('normalise letters, symbols, Cmd and Space', () => {
    expect(press('Z', { ctrl: true, shift: true })).toBe('Ctrl+Shift+z');
    expect(press('z', { meta: true })).toBe('Ctrl+z');
    expect(press('?', { shift: true })).toBe('?');
    expect(press('<', { shift: true })).toBe('<');
    expect(press(' ', { shift: true })).toBe('Shift+Space');
    expect(press('ArrowLeft', { alt: true })).toBe('Alt+ArrowLeft');
    expect(press('P', { shift: true })).toBe('Shift+p');
    // macOS's Option+J types ∆ (Option+Shift+J Ô): the key is named by its letter.
    expect(
      strokeId({ key: '∆', code: 'KeyJ', ctrlKey: false, shiftKey: false, altKey: true, metaKey: false }),
    ).toBe('Alt+j');
    expect(
      strokeId({ key: 'Ô', code: 'KeyJ', ctrlKey: false, shiftKey: true, altKey: true, metaKey: false }),
    ).toBe('Alt+Shift+j');
    expect(
      strokeId({ key: 'j', code: 'KeyJ', ctrlKey: false, shiftKey: false, altKey: true, metaKey: false }),
    ).toBe('Alt+j');
    // Without Alt, the key typed counts (the layout's letter, not the physical key).
    expect(
      strokeId({ key: 'a', code: 'KeyQ', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false }),
    ).toBe('a');
  });

  it('print as the sheet shows them', () => {
    expect(keyLabel('Ctrl+Shift+z')).toBe('Ctrl+Shift+Z');
    expect(keyLabel('Alt+ArrowLeft')).toBe('Alt+←');
    expect(keyLabel('+')).toBe('+');
    expect(keyLabel('Space')).toBe('Space');
  });
});

describe('the key table', () => {
  it('gives no key two meanings', () => {
    const keys = BINDINGS.flatMap((b) => b.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes every key in normalised form', () => {
    for (const k of BINDINGS.flatMap((b) => b.keys)) {
      const parts = k.split('+');
      const key = k === '+' ? '+' : parts[parts.length - 1]!;
      const stroke = {
        key: key === 'Space' ? ' ' : key,
        ctrlKey: parts.includes('Ctrl'),
        shiftKey: parts.includes('Shift'),
        altKey: parts.includes('Alt'),
        metaKey: false,
      };
      expect(strokeId(stroke)).toBe(k);
    }
  });

  it('accepts the default P/L/O entity keys and refuses ones the workspace uses', () => {
    expect(entityKeyProblems(DEFAULT_ANNOTATION_SETTINGS.entityTypes)).toEqual([]);
    const bad = [
      { key: 's', type: 'X', name: '' },
      { key: 'p', type: 'A', name: '' },
      { key: 'p', type: 'B', name: '' },
    ];
    expect(entityKeyProblems(bad)).toEqual([
      'the key S (X) already means “split the word at the playhead”',
      'the key P is given to two entity types',
    ]);
    const map = buildKeymap(bad);
    expect(map.get('s')).toEqual({ action: 'split' });
    expect(map.get('p')).toEqual({ action: 'entity', type: 'A' });
  });

  it('lists every action and entity key on the sheet', () => {
    const sheet = shortcutSheet(DEFAULT_ANNOTATION_SETTINGS.entityTypes);
    const labels = sheet.flatMap((g) => g.rows.map((r) => r.label));
    for (const b of BINDINGS) expect(labels).toContain(b.label);
    expect(sheet.find((g) => g.group === 'Entities')!.rows.map((r) => r.keys[0])).toEqual(['P', 'L', 'O']);
  });
});

describe('tree keys', () => {
  it('reach several trees and moving nodes with Shift and a letter, apart from the plain letters', () => {
    const keymap = buildKeymap(DEFAULT_ANNOTATION_SETTINGS.entityTypes);
    const action = (key: string, shift = true) => {
      const c = keymap.get(press(key, { shift }));
      return c && c.action;
    };
    expect(action('M')).toBe('moveNodes');
    expect(action('m', false)).toBe('merge');
    expect(action('N')).toBe('addTree');
    expect(action('T')).toBe('nextTree');
    expect(action('t', false)).toBe('setType');
    expect(action('R')).toBe('renameTree');
    expect(action('r', false)).toBe('toggleLoop');
    expect(action('Delete')).toBe('deleteTree');
    expect(action('Delete', false)).toBe('delete');
    expect(keyLabel('Shift+m')).toBe('Shift+M');
  });
});

describe('selection by keys', () => {
  const tree = parseTreeOrThrow('(S (NP the train) (VP leaves (PP at noon)))');
  const ctx: SelectionContext = {
    wordCount: 5,
    tree,
    entities: [{ type: 'TIME', firstWord: 3, lastWord: 4 }],
    playheadWord: 2,
  };

  it('starts at the playhead word and moves along the words', () => {
    const s = navigate(NO_SELECTION, 'selectNext', ctx);
    expect(s).toEqual(wordSelection(2));
    expect(navigate(s, 'extendNext', ctx)).toEqual({ kind: 'words', anchor: 2, focus: 3 });
    expect(navigate(wordSelection(4), 'selectNext', ctx)).toEqual(wordSelection(4));
    expect(navigate(s, 'selectLast', ctx)).toEqual(wordSelection(4));
  });

  it('climbs the tree with ↑ and comes down with ↓', () => {
    const up = navigate(wordSelection(3), 'selectParent', ctx);
    expect(up).toMatchObject({ kind: 'nodes', range: { parent: [1], from: 1, to: 1 } });
    expect(selectionWords(up, ctx)).toEqual([3, 4]);
    const up2 = navigate(up, 'selectParent', ctx);
    expect(up2).toMatchObject({ kind: 'nodes', range: { parent: [], from: 1, to: 1 } });
    expect(navigate(navigate(up2, 'selectParent', ctx), 'selectParent', ctx)).toMatchObject({
      kind: 'nodes',
      range: { parent: null, from: 0, to: 0 },
    });
    expect(navigate(up2, 'selectPrev', ctx)).toEqual({
      kind: 'nodes',
      range: { parent: [], from: 0, to: 0 },
    });
    expect(navigate(up2, 'extendPrev', ctx)).toEqual({
      kind: 'nodes',
      range: { parent: [], from: 0, to: 1 },
    });
    // Reached without climbing, ↓ goes to the first child (or the words, when that is a word).
    const pp: Selection = { kind: 'nodes', range: { parent: [1], from: 1, to: 1 } };
    expect(navigate(pp, 'selectChild', ctx)).toEqual({ kind: 'words', anchor: 3, focus: 4 });
    const vp: Selection = { kind: 'nodes', range: { parent: [], from: 1, to: 1 } };
    expect(navigate(vp, 'selectChild', ctx)).toEqual({ kind: 'words', anchor: 2, focus: 4 });
  });

  it('goes back down with ↓ the way ↑ came', () => {
    // "at" → PP → VP → S, then down again: S → VP → PP → "at", not the first child at each step.
    const word = wordSelection(3);
    const up1 = navigate(word, 'selectParent', ctx);
    const up2 = navigate(up1, 'selectParent', ctx);
    const up3 = navigate(up2, 'selectParent', ctx);
    expect(up3).toMatchObject({ kind: 'nodes', range: { parent: null, from: 0, to: 0 } });
    const down1 = navigate(up3, 'selectChild', ctx);
    expect(down1).toMatchObject({ kind: 'nodes', range: { parent: [], from: 1, to: 1 } });
    const down2 = navigate(down1, 'selectChild', ctx);
    expect(down2).toMatchObject({ kind: 'nodes', range: { parent: [1], from: 1, to: 1 } });
    expect(navigate(down2, 'selectChild', ctx)).toEqual(word);
    // "leaves" climbs to the VP; ↓ comes back to "leaves", not to the VP's words.
    const fromLeaves = navigate(navigate(wordSelection(2), 'selectParent', ctx), 'selectChild', ctx);
    expect(fromLeaves).toEqual(wordSelection(2));
    // Moving to a sibling forgets the way: ↓ goes to that node's first child.
    const np = navigate(up2, 'selectPrev', ctx);
    expect(navigate(np, 'selectChild', ctx)).toEqual({ kind: 'words', anchor: 0, focus: 1 });
  });

  it('does not go back down to a selection the tree no longer holds below it', () => {
    const stale: Selection = {
      kind: 'nodes',
      range: { parent: [], from: 0, to: 0 },
      below: { kind: 'words', anchor: 3, focus: 3 },
    };
    expect(navigate(stale, 'selectChild', ctx)).toEqual({ kind: 'words', anchor: 0, focus: 1 });
  });

  it('selects the entity under the words', () => {
    const e = navigate(wordSelection(4), 'selectEntity', ctx);
    expect(e).toEqual({ kind: 'entity', index: 0 });
    expect(selectionWords(e, ctx)).toEqual([3, 4]);
    expect(navigate(e, 'selectNext', ctx)).toEqual(wordSelection(4));
    expect(navigate(wordSelection(0), 'selectEntity', ctx)).toEqual(wordSelection(0));
  });
});
