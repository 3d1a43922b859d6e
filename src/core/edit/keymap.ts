// The annotation workspace's keyboard map, as data: every action has a key (all of it reachable without
// the mouse, as in Annotald and Label Studio), the shortcut sheet is generated from the same table, and
// the project's entity keys are checked against it so no key means two things.
import type { EntityTypeKey } from './settings';

/** Everything a key can do in the utterance workspace. */
export type Action =
  | 'playPause'
  | 'playSelection'
  | 'toggleLoop'
  | 'slower'
  | 'faster'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomFit'
  | 'toggleSpectrogram'
  | 'nextSystem'
  | 'prevUtterance'
  | 'nextUtterance'
  | 'back'
  | 'statusTodo'
  | 'statusInProgress'
  | 'statusDone'
  | 'statusReviewed'
  | 'doneAndNext'
  | 'selectPrev'
  | 'selectNext'
  | 'extendPrev'
  | 'extendNext'
  | 'selectFirst'
  | 'selectLast'
  | 'selectParent'
  | 'selectChild'
  | 'selectEntity'
  | 'rename'
  | 'split'
  | 'merge'
  | 'insert'
  | 'delete'
  | 'nudgeEndLeft'
  | 'nudgeEndRight'
  | 'nudgeStartLeft'
  | 'nudgeStartRight'
  | 'alignWords'
  | 'alignUtterance'
  | 'nextUnsure'
  | 'prevUnsure'
  | 'wrap'
  | 'setType'
  | 'moveLeft'
  | 'moveRight'
  | 'moveNodes'
  | 'addTree'
  | 'nextTree'
  | 'renameTree'
  | 'deleteTree'
  | 'undo'
  | 'redo'
  | 'focusText'
  | 'focusConcepts'
  | 'shortcuts'
  | 'takeFromA'
  | 'takeFromB'
  | 'takeSubtreeFromA'
  | 'takeSubtreeFromB'
  | 'takeEntitiesFromA'
  | 'takeEntitiesFromB'
  | 'takeUtteranceFromA'
  | 'takeUtteranceFromB';

/** What a key press asks for: an action, or an entity of a type over the selection. */
export type Command = { action: Action } | { action: 'entity'; type: string };

/** One row of the key table. */
export interface Binding {
  /** Normalised key names (see `strokeId`). */
  keys: string[];
  action: Action;
  label: string;
  group:
    | 'Playback and view'
    | 'Utterances'
    | 'Selection'
    | 'Words'
    | 'Tree'
    | 'Entities'
    | 'Editing'
    | 'Adjudication (the adjudication view)';
}

/** The key table of the workspace. */
export const BINDINGS: readonly Binding[] = [
  { keys: ['Space'], action: 'playPause', label: 'play / pause', group: 'Playback and view' },
  { keys: ['Shift+Space'], action: 'playSelection', label: 'play the selection', group: 'Playback and view' },
  { keys: ['r'], action: 'toggleLoop', label: 'loop the selection on/off', group: 'Playback and view' },
  { keys: ['<'], action: 'slower', label: 'slower (down to 0.5×)', group: 'Playback and view' },
  { keys: ['>'], action: 'faster', label: 'faster (up to 2×)', group: 'Playback and view' },
  { keys: ['+', '='], action: 'zoomIn', label: 'zoom in (or the mouse wheel)', group: 'Playback and view' },
  { keys: ['-'], action: 'zoomOut', label: 'zoom out', group: 'Playback and view' },
  { keys: ['0'], action: 'zoomFit', label: 'fit the utterance', group: 'Playback and view' },
  { keys: ['g'], action: 'toggleSpectrogram', label: 'spectrogram on/off', group: 'Playback and view' },
  {
    keys: ['y'],
    action: 'nextSystem',
    label: 'show the next system’s words and scores',
    group: 'Playback and view',
  },
  { keys: ['[', 'PageUp'], action: 'prevUtterance', label: 'previous utterance', group: 'Utterances' },
  { keys: [']', 'PageDown'], action: 'nextUtterance', label: 'next utterance', group: 'Utterances' },
  {
    keys: ['Escape'],
    action: 'back',
    label: 'clear the selection, then back to the list',
    group: 'Utterances',
  },
  { keys: ['1'], action: 'statusTodo', label: 'status: to do', group: 'Utterances' },
  { keys: ['2'], action: 'statusInProgress', label: 'status: in progress', group: 'Utterances' },
  { keys: ['3'], action: 'statusDone', label: 'status: done', group: 'Utterances' },
  { keys: ['4'], action: 'statusReviewed', label: 'status: reviewed', group: 'Utterances' },
  {
    keys: ['Ctrl+Enter'],
    action: 'doneAndNext',
    label: 'mark done and open the next utterance',
    group: 'Utterances',
  },
  { keys: ['ArrowLeft'], action: 'selectPrev', label: 'previous word / sibling node', group: 'Selection' },
  { keys: ['ArrowRight'], action: 'selectNext', label: 'next word / sibling node', group: 'Selection' },
  { keys: ['Shift+ArrowLeft'], action: 'extendPrev', label: 'extend the selection left', group: 'Selection' },
  {
    keys: ['Shift+ArrowRight'],
    action: 'extendNext',
    label: 'extend the selection right',
    group: 'Selection',
  },
  { keys: ['Home'], action: 'selectFirst', label: 'first word', group: 'Selection' },
  { keys: ['End'], action: 'selectLast', label: 'last word', group: 'Selection' },
  { keys: ['ArrowUp'], action: 'selectParent', label: 'select the node above (parent)', group: 'Selection' },
  {
    keys: ['ArrowDown'],
    action: 'selectChild',
    label: 'go back down the way ↑ came (or to the first child)',
    group: 'Selection',
  },
  { keys: ['e'], action: 'selectEntity', label: 'select the entity at the selection', group: 'Selection' },
  {
    keys: ['Enter', 'F2'],
    action: 'rename',
    label: 'edit the word’s text / the node’s label',
    group: 'Words',
  },
  { keys: ['s'], action: 'split', label: 'split the word at the playhead', group: 'Words' },
  { keys: ['m'], action: 'merge', label: 'merge the selected words (or with the next)', group: 'Words' },
  { keys: ['i'], action: 'insert', label: 'insert a word in the pause at the playhead', group: 'Words' },
  {
    keys: ['Delete', 'Backspace'],
    action: 'delete',
    label: 'delete the selected words / node (children move up) / entity',
    group: 'Words',
  },
  { keys: ['Ctrl+ArrowLeft'], action: 'nudgeEndLeft', label: 'end boundary 10 ms earlier', group: 'Words' },
  { keys: ['Ctrl+ArrowRight'], action: 'nudgeEndRight', label: 'end boundary 10 ms later', group: 'Words' },
  {
    keys: ['Ctrl+Shift+ArrowLeft'],
    action: 'nudgeStartLeft',
    label: 'start boundary 10 ms earlier',
    group: 'Words',
  },
  {
    keys: ['Ctrl+Shift+ArrowRight'],
    action: 'nudgeStartRight',
    label: 'start boundary 10 ms later',
    group: 'Words',
  },
  {
    keys: ['a'],
    action: 'alignWords',
    label: 'align the selected words again (the utterance when none are), between the words set by hand',
    group: 'Words',
  },
  {
    keys: ['Shift+a'],
    action: 'alignUtterance',
    label: 'align the whole utterance again; words set by hand stay',
    group: 'Words',
  },
  {
    keys: ['u'],
    action: 'nextUnsure',
    label: 'next word the aligner was unsure of (marked ?): select and play it',
    group: 'Words',
  },
  {
    keys: ['Shift+u'],
    action: 'prevUnsure',
    label: 'previous word the aligner was unsure of',
    group: 'Words',
  },
  { keys: ['w'], action: 'wrap', label: 'wrap the selection in a new node', group: 'Tree' },
  { keys: ['t'], action: 'setType', label: 'set the node’s type (typed trees)', group: 'Tree' },
  { keys: ['Alt+ArrowLeft'], action: 'moveLeft', label: 'move the node one bracket left', group: 'Tree' },
  { keys: ['Alt+ArrowRight'], action: 'moveRight', label: 'move the node one bracket right', group: 'Tree' },
  {
    keys: ['Shift+m'],
    action: 'moveNodes',
    label: 'move the selected node(s) to a new parent: pick it (arrows or click), Enter moves, Esc cancels',
    group: 'Tree',
  },
  { keys: ['Shift+n'], action: 'addTree', label: 'new tree (name, root, typed or not)', group: 'Tree' },
  { keys: ['Shift+t'], action: 'nextTree', label: 'edit the next tree of the utterance', group: 'Tree' },
  { keys: ['Shift+r'], action: 'renameTree', label: 'rename the tree being edited', group: 'Tree' },
  {
    keys: ['Shift+Delete'],
    action: 'deleteTree',
    label: 'delete the tree being edited (asks first)',
    group: 'Tree',
  },
  { keys: ['Ctrl+z'], action: 'undo', label: 'undo', group: 'Editing' },
  { keys: ['Ctrl+Shift+z', 'Ctrl+y'], action: 'redo', label: 'redo', group: 'Editing' },
  { keys: ['b'], action: 'focusText', label: 'to the bracket text (Esc comes back)', group: 'Editing' },
  { keys: ['c'], action: 'focusConcepts', label: 'to concepts and interpretations', group: 'Editing' },
  { keys: ['?'], action: 'shortcuts', label: 'this sheet', group: 'Editing' },
  ...(['A', 'B'] as const).flatMap((side): Binding[] => {
    const key = side === 'A' ? 'j' : 'k';
    const group = 'Adjudication (the adjudication view)';
    return [
      {
        keys: [key],
        action: `takeFrom${side}`,
        label: `take the selection from annotator ${side}: the selected words' boundaries, the selected node (its label, or ${side}'s node over its words) or the selected entity`,
        group,
      },
      {
        keys: [`Shift+${key}`],
        action: `takeSubtreeFrom${side}`,
        label: `take annotator ${side}'s subtree over the selection (the words must be the same)`,
        group,
      },
      {
        keys: [`Alt+${key}`],
        action: `takeEntitiesFrom${side}`,
        label: `take annotator ${side}'s entities over the selected words (none, where ${side} has none)`,
        group,
      },
      {
        keys: [`Alt+Shift+${key}`],
        action: `takeUtteranceFrom${side}`,
        label: `take the whole utterance from annotator ${side}`,
        group,
      },
    ];
  }),
];

/** A key event as the keymap needs it (a DOM KeyboardEvent fits). */
export interface KeyStroke {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** The physical key (`KeyJ`), where known. */
  code?: string;
}

/**
 * The normalised name of a key press: `Ctrl+Alt+Shift+key`, Cmd counted as Ctrl, letters in lower case,
 * and Shift left out of printable symbols it produces (`?`, `<`, `+`), whose key already says it. With Alt,
 * a letter key that produced something else than a Latin letter (macOS's Option+J gives `∆`) is named by
 * its letter.
 */
export function strokeId(e: KeyStroke): string {
  let key = e.key === ' ' ? 'Space' : e.key;
  const cased = (k: string): boolean => k.length === 1 && k.toLowerCase() !== k.toUpperCase();
  const physical = e.code !== undefined ? /^Key([A-Z])$/.exec(e.code) : null;
  if (e.altKey && physical && !/^[a-z]$/i.test(key)) key = physical[1]!.toLowerCase();
  const printable = key.length === 1;
  const letter = cased(key);
  if (letter) key = key.toLowerCase();
  const mods: string[] = [];
  if (e.ctrlKey || e.metaKey) mods.push('Ctrl');
  if (e.altKey) mods.push('Alt');
  if (e.shiftKey && (!printable || letter)) mods.push('Shift');
  return [...mods, key].join('+');
}

/** Problems with a project's entity keys: duplicates, and keys the workspace already uses. */
export function entityKeyProblems(entityTypes: readonly EntityTypeKey[]): string[] {
  const taken = new Map<string, string>();
  for (const b of BINDINGS) for (const k of b.keys) taken.set(k, b.label);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of entityTypes) {
    if (seen.has(t.key)) out.push(`the key ${t.key.toUpperCase()} is given to two entity types`);
    seen.add(t.key);
    const used = taken.get(t.key);
    if (used) out.push(`the key ${t.key.toUpperCase()} (${t.type}) already means “${used}”`);
  }
  return out;
}

/** The key → command map for a project; entity keys that collide with the table are left out. */
export function buildKeymap(entityTypes: readonly EntityTypeKey[]): Map<string, Command> {
  const map = new Map<string, Command>();
  for (const b of BINDINGS) for (const k of b.keys) map.set(k, { action: b.action });
  for (const t of entityTypes) if (!map.has(t.key)) map.set(t.key, { action: 'entity', type: t.type });
  return map;
}

const KEY_NAMES: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  Delete: 'Del',
  Backspace: '⌫',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
};

/** A key name as the shortcut sheet prints it (`Ctrl+Shift+Z`, `Alt+←`). */
export function keyLabel(id: string): string {
  const parts = id.split('+');
  // A lone '+' key splits into two empty parts.
  const key = id.endsWith('++') || id === '+' ? '+' : parts.pop()!;
  const mods = id === '+' ? [] : id.endsWith('++') ? parts.slice(0, -2) : parts;
  const shown = KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  return [...mods, shown].join('+');
}

/** The shortcut sheet: every binding and entity key, grouped as the sheet shows them. */
export function shortcutSheet(
  entityTypes: readonly EntityTypeKey[],
): { group: string; rows: { keys: string[]; label: string }[] }[] {
  const groups = new Map<string, { keys: string[]; label: string }[]>();
  for (const b of BINDINGS) {
    const rows = groups.get(b.group) ?? [];
    rows.push({ keys: b.keys.map(keyLabel), label: b.label });
    groups.set(b.group, rows);
  }
  const keymap = buildKeymap(entityTypes);
  const entityRows = entityTypes
    .filter((t) => {
      const c = keymap.get(t.key);
      return c?.action === 'entity' && c.type === t.type;
    })
    .map((t) => ({
      keys: [keyLabel(t.key)],
      label: `${t.type}${t.name ? ` (${t.name})` : ''} over the selected words (again on part of it: resize)`,
    }));
  const out = [...groups].map(([group, rows]) => ({ group, rows }));
  const at = out.findIndex((g) => g.group === 'Editing');
  out.splice(at < 0 ? out.length : at, 0, { group: 'Entities', rows: entityRows });
  return out;
}
