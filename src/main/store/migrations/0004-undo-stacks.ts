// Each utterance's undo and redo stacks kept in the file, so an edit, an undo or a redo touches the tops of
// the stacks instead of replaying the whole history. A stack is a chain: the utterance names its top entry,
// and every history entry names the one below it on the stack it was pushed on (the undo stack for an edit,
// an import or a redo; the redo stack for an undo). An entry is pushed once, when it is written, so its
// `below` never changes. The chains of an existing project are rebuilt here from its history.
import type { Db } from '../openDatabase';

const sql = `
ALTER TABLE history ADD COLUMN below INTEGER;       -- the entry under this one on its stack; NULL at the bottom
ALTER TABLE utterance ADD COLUMN undo_top INTEGER;  -- history entry undone next; NULL: nothing to undo
ALTER TABLE utterance ADD COLUMN redo_top INTEGER;  -- history entry (an undo) redone next; NULL: nothing to redo
`;

/** One history entry as far as the stacks are concerned. */
export interface StackStep {
  id: number;
  kind: 'edit' | 'undo' | 'redo' | 'import';
}

/** The stacks after a run of history entries: each stack bottom first, and each entry's `below`. */
export interface ReplayedStacks {
  undo: number[];
  redo: number[];
  below: Map<number, number | null>;
}

/**
 * The undo and redo stacks of one utterance, replayed from its history in order: an edit or import pushes
 * on the undo stack and clears the redo stack; an undo moves the top of the undo stack to the redo stack
 * (as the undo entry, whose diff is the reverse); a redo moves it back.
 */
export function replayStacks(steps: readonly StackStep[]): ReplayedStacks {
  const undo: number[] = [];
  let redo: number[] = [];
  const below = new Map<number, number | null>();
  for (const s of steps) {
    if (s.kind === 'undo') {
      undo.pop();
      below.set(s.id, redo.at(-1) ?? null);
      redo.push(s.id);
    } else if (s.kind === 'redo') {
      redo.pop();
      below.set(s.id, undo.at(-1) ?? null);
      undo.push(s.id);
    } else {
      below.set(s.id, undo.at(-1) ?? null);
      undo.push(s.id);
      redo = [];
    }
  }
  return { undo, redo, below };
}

/** Adds the stack columns and fills them from each utterance's history. */
export function migrateUndoStacks(db: Db): void {
  db.exec(sql);
  const rows = db
    .prepare('SELECT id, utterance_id AS utteranceId, kind FROM history ORDER BY utterance_id, id')
    .all() as (StackStep & { utteranceId: string })[];
  const setBelow = db.prepare('UPDATE history SET below = ? WHERE id = ?');
  const setTops = db.prepare('UPDATE utterance SET undo_top = ?, redo_top = ? WHERE id = ?');
  for (let from = 0; from < rows.length;) {
    const utteranceId = rows[from]!.utteranceId;
    let to = from;
    while (to < rows.length && rows[to]!.utteranceId === utteranceId) to++;
    const stacks = replayStacks(rows.slice(from, to));
    for (const [id, under] of stacks.below) if (under !== null) setBelow.run(under, id);
    setTops.run(stacks.undo.at(-1) ?? null, stacks.redo.at(-1) ?? null, utteranceId);
    from = to;
  }
}
