// Word-tier commands: retext, split at the playhead, merge, insert in a pause, delete, nudge a boundary.
// The core functions keep the trees and entities in step; their notes go to the annotator.
import { EditRefused } from '../../../core/edit/editRefused';
import { NO_SELECTION, wordSelection } from '../../../core/edit/selection';
import {
  deleteWords,
  insertWord,
  mergeWords,
  moveBoundary,
  setWordText,
  splitWord,
} from '../../../core/edit/wordTier';
import { formatTime } from '../format';
import { wordAt } from './clock';
import type { CommandEnv } from './commandEnv';

/** `Enter` on words: asks for the focused word's new text. */
export function retext(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind !== 'words') return;
  const i = sel.focus;
  const w = gold.words[i]!;
  env.prompt({
    title: `Text of word ${i + 1}`,
    initial: w.text,
    options: [],
    onSubmit: (text) => {
      const e = setWordText(env.gold(), i, text);
      env.commit(e.gold, `retext "${w.text}" as "${text}"`, e.notes);
    },
  });
}

/** `S`: splits the word at the playhead, asking for the two texts. */
export function split(env: CommandEnv): void {
  const gold = env.gold();
  const t = env.time();
  let i = wordAt(gold.words, t);
  if (i < 0 && env.selection.kind === 'words') i = env.selection.focus;
  const w = gold.words[i];
  if (!w || t <= w.startSec || t >= w.endSec)
    throw new EditRefused('Put the playhead inside the word to split (click the waveform where it splits).');
  const at = Math.max(
    1,
    Math.min(w.text.length - 1, Math.round(((t - w.startSec) / (w.endSec - w.startSec)) * w.text.length)),
  );
  env.prompt({
    title: `Split "${w.text}" at ${formatTime(t)} s`,
    initial: w.text.length > 1 ? `${w.text.slice(0, at)} ${w.text.slice(at)}` : `${w.text} ${w.text}`,
    caret: w.text.length > 1 ? at + 1 : undefined,
    options: [],
    hint: 'One space between the two words · Enter · Esc',
    onSubmit: (input) => {
      const parts = input.split(/\s+/).filter(Boolean);
      if (parts.length !== 2) throw new EditRefused('Type the two words with one space between them.');
      const e = splitWord(env.gold(), i, t, [parts[0]!, parts[1]!]);
      env.commit(e.gold, `split "${w.text}"`, e.notes, { kind: 'words', anchor: i, focus: i + 1 });
    },
  });
}

/** `I`: inserts a word in the pause at the playhead, asking for its text. */
export function insert(env: CommandEnv): void {
  const t = env.time();
  env.prompt({
    title: `New word in the pause at ${formatTime(t)} s`,
    initial: '',
    options: [],
    onSubmit: (text) => {
      const e = insertWord(env.gold(), t, text, env.limits);
      env.commit(e.gold, `insert "${text}"`, e.notes, wordSelection(e.index));
    },
  });
}

/** `M`: merges the selected words (or one word with the next). */
export function merge(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind !== 'words')
    throw new EditRefused('Select the words to merge (or one word to merge with the next).');
  const a = Math.min(sel.anchor, sel.focus);
  const b = Math.max(sel.anchor, sel.focus, a + 1);
  const e = mergeWords(gold, a, Math.min(b, gold.words.length - 1));
  env.commit(e.gold, 'merge words', e.notes, wordSelection(a));
}

/** `Del` on words: deletes them. */
export function deleteSelectedWords(env: CommandEnv): void {
  const gold = env.gold();
  const sel = env.selection;
  if (sel.kind !== 'words') return;
  const [a, b] = [Math.min(sel.anchor, sel.focus), Math.max(sel.anchor, sel.focus)];
  const e = deleteWords(gold, a, b);
  const n = e.gold.words.length;
  env.commit(
    e.gold,
    `delete ${b - a + 1} word(s)`,
    e.notes,
    n > 0 ? wordSelection(Math.min(a, n - 1)) : NO_SELECTION,
  );
}

/** `Ctrl+←/→` (start: with Shift): moves a boundary of the selection by `delta` seconds. */
export function nudge(env: CommandEnv, edge: 'start' | 'end', delta: number): void {
  const sel = env.selection;
  if (sel.kind !== 'words') throw new EditRefused('Select a word to move its boundary.');
  const gold = env.gold();
  const i = edge === 'end' ? Math.max(sel.anchor, sel.focus) : Math.min(sel.anchor, sel.focus);
  const w = gold.words[i]!;
  const next = moveBoundary(gold, i, edge, (edge === 'end' ? w.endSec : w.startSec) + delta, env.limits);
  env.commit(next, `move the ${edge} of "${w.text}"`, []);
}
