import { describe, expect, it } from 'vitest';
import { guardLeaving } from './guardLeaving';
import type { TreeDialogRequest } from './TreeDialog';

/** The guard over a tree view with `problems` in its bracket text, recording what it does. */
function setUp(problems: number) {
  const done: string[] = [];
  const asked: TreeDialogRequest[] = [];
  const leaving = guardLeaving(
    { name: 'syntax', textProblems: problems, showTree: (n) => done.push(`show ${n}`) },
    (req) => asked.push(req),
    () => done.push('back'),
    (d) => done.push(`navigate ${d}`),
  );
  return { leaving, done, asked };
}

describe('guardLeaving', () => {
  it('leaves, moves and switches trees at once while the bracket text is a valid tree', () => {
    const { leaving, done, asked } = setUp(0);
    leaving.back();
    leaving.navigate(-1);
    leaving.switchTree('concepts');
    expect(done).toEqual(['back', 'navigate -1', 'show concepts']);
    expect(asked).toEqual([]);
  });

  it('asks first when typed text would be dropped, and goes only when the annotator discards it', () => {
    const { leaving, done, asked } = setUp(2);
    leaving.back();
    leaving.switchTree('concepts');
    expect(done).toEqual([]);
    expect(asked.map((r) => (r.kind === 'discard' ? [r.problems, r.action.button] : r.kind))).toEqual([
      [2, 'leave'],
      [2, 'switch'],
    ]);
    const discard = asked[1]!;
    if (discard.kind === 'discard') discard.onSubmit();
    expect(done).toEqual(['show concepts']);
  });

  it('does nothing to show the tree already shown', () => {
    const { leaving, done, asked } = setUp(2);
    leaving.switchTree('syntax');
    expect(done).toEqual([]);
    expect(asked).toEqual([]);
  });
});
