import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTree, writeBracket } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import { fastTreeForm, isCanonicalTree } from './treeForm';

// The oracle is the full reader and writer: parse, then write on one line.
function slow(text: string): string | null {
  const { value, diagnostics } = parseTree(text);
  return value && diagnostics.length === 0 ? writeBracket(value) : null;
}

const label = fc.constantFrom('S', 'NP', 'N', 'a', 'the', 'obj:mug', '-LRB-', 'x.1');
const treeAt = (depth: number): fc.Arbitrary<TreeNode> =>
  depth === 0
    ? label.map((l) => ({ label: l, children: [] }))
    : fc.record({ label, children: fc.array(treeAt(depth - 1), { maxLength: 3 }) });
const tree = treeAt(3);
const space = fc.constantFrom('', ' ', '  ', '\n', '\t ');

// Writes a tree with random spacing, and leaves randomly bare or bracketed.
function messy(t: TreeNode, spaces: string[], k = { i: 0 }, root = true): string {
  const sp = (): string => spaces[k.i++ % spaces.length]!;
  if (t.children.length === 0 && !root && spaces[k.i % spaces.length] === '')
    return `${sp()}${t.label}${sp() || ' '}`;
  return `${sp()}(${sp()}${t.label} ${t.children.map((c) => messy(c, spaces, k, false)).join(' ')}${sp()})${sp()}`;
}

describe('fastTreeForm', () => {
  it('writes what the parser and writer write, for any well-formed tree in any layout', () => {
    fc.assert(
      fc.property(tree, fc.array(space, { minLength: 1, maxLength: 7 }), (t, spaces) => {
        const text = messy(t, spaces);
        const written = slow(text);
        expect(fastTreeForm(text)).toBe(written);
        expect(fastTreeForm(text)).not.toBeNull();
        expect(isCanonicalTree(written!)).toBe(true);
        if (isCanonicalTree(text)) expect(text).toBe(written);
        // Canonical spacing but bracketed leaves: only the bare-leaf writing is canonical.
        const bracketed = writeBracket(t, { leafBrackets: true });
        expect(isCanonicalTree(bracketed)).toBe(bracketed === written);
      }),
      { numRuns: 500 },
    );
  });

  it('on arbitrary strings either agrees with the parser or defers to it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('(', ')', ' ', 'a', 'bc', '\n'), { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        const fast = fastTreeForm(text);
        if (fast !== null) expect(fast).toBe(slow(text));
        if (isCanonicalTree(text)) expect(text).toBe(slow(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('handles the edge cases by hand', () => {
    expect(fastTreeForm('(S (NP (D the) (N (mug))) )')).toBe('(S (NP (D the) (N mug)))');
    expect(fastTreeForm(' ( X ) ')).toBe('(X)');
    expect(fastTreeForm('(X a)(Y b)')).toBeNull();
    expect(fastTreeForm('( (S a))')).toBeNull();
    expect(fastTreeForm('(S a')).toBeNull();
    expect(fastTreeForm('a')).toBeNull();
    expect(fastTreeForm('')).toBeNull();
    expect(isCanonicalTree('(S (NP (D the) (N mug)))')).toBe(true);
    expect(isCanonicalTree('(X)')).toBe(true);
    for (const t of [
      '(S (N (mug)))',
      '(S  a)',
      '( S a)',
      '(S a )',
      '(S a)(T b)',
      '(S\ta)',
      '((S a))',
      '(S a',
      'S',
    ]) {
      expect(isCanonicalTree(t), t).toBe(false);
    }
  });
});
