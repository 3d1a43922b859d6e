import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseBrackets, parseTree, parseTreeOrThrow, writeBracket } from './bracket';
import { type TreeNode, leaves, nodeCount, postorder, treeDepth } from './tree';

describe('bracket trees', () => {
  it('reads bare-token and (LABEL) leaves alike', () => {
    const t = parseTreeOrThrow('(S (NP the cat) (VP (sat)))');
    expect(leaves(t).map((l) => l.label)).toEqual(['the', 'cat', 'sat']);
    expect(nodeCount(t)).toBe(6);
    expect(postorder(t).map((x) => x.label)).toEqual(['the', 'cat', 'NP', 'sat', 'VP', 'S']);
    expect(treeDepth(t)).toBe(2);
  });

  it('reads typed labels TYPE:LABEL, splitting at the first colon', () => {
    const t = parseTreeOrThrow('(root:S (concept:AOrigin (word:hamburg)) word:a:b)', { typed: true });
    expect(t).toEqual({
      label: 'S',
      type: 'root',
      children: [
        { label: 'AOrigin', type: 'concept', children: [{ label: 'hamburg', type: 'word', children: [] }] },
        { label: 'a:b', type: 'word', children: [] },
      ],
    });
  });

  it('keeps the Penn Treebank outer wrapper as an empty label', () => {
    const t = parseTreeOrThrow('( (S (NN x)) )');
    expect(t.label).toBe('');
    expect(t.children[0]!.label).toBe('S');
  });

  it('reports unbalanced brackets with line and column and keeps the partial tree', () => {
    const r = parseTree('(S\n  (NP a\n  (VP b)');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'tree.unbalanced', line: 1, column: 1 });
    expect(r.value && leaves(r.value).map((l) => l.label)).toEqual(['a', 'b']);
    const extra = parseBrackets('(S a))');
    expect(extra.diagnostics[0]).toMatchObject({ code: 'tree.unbalanced', line: 1, column: 6 });
    expect(() => parseTreeOrThrow('(S a\n b))', {}, 'trees.mrg')).toThrow(/^trees\.mrg:2:4: /);
  });

  it('reports untyped labels in typed mode, empty brackets, stray tokens and several trees', () => {
    expect(parseTree('(root:S (x))', { typed: true }).diagnostics[0]).toMatchObject({
      code: 'tree.untyped',
      column: 10,
    });
    expect(parseTree('(S ())').diagnostics[0]!.code).toBe('tree.empty');
    expect(parseTree('x (S a)').diagnostics[0]!.code).toBe('tree.bare');
    expect(parseTree('(S a) (S b)').diagnostics[0]!.code).toBe('tree.several');
    expect(parseTree('   ').diagnostics[0]!.code).toBe('tree.none');
  });

  it('reads a 100,000-level deep tree without recursion', () => {
    const depth = 100_000;
    const text = '(a '.repeat(depth) + 'x' + ')'.repeat(depth);
    const t = parseTreeOrThrow(text);
    expect(treeDepth(t)).toBe(depth);
    expect(writeBracket(t)).toBe(text.replaceAll('(a x', '(a x'));
  });

  const label = fc.stringMatching(/^[A-Za-z0-9_.-]{1,4}$/);
  const treeOfDepth = (depth: number): fc.Arbitrary<TreeNode> =>
    fc.record({
      label,
      type: label,
      children: depth === 0 ? fc.constant([]) : fc.array(treeOfDepth(depth - 1), { maxLength: 3 }),
    });
  const tree = treeOfDepth(4);

  it('writes what it reads (round trip, typed and untyped, leaves bare or bracketed)', () => {
    fc.assert(
      fc.property(tree, fc.boolean(), (t, leafBrackets) => {
        const typedBack = parseTreeOrThrow(writeBracket(t, { typed: true, leafBrackets }), { typed: true });
        expect(typedBack).toEqual(t);
        const strip = (x: TreeNode): TreeNode => ({ label: x.label, children: x.children.map(strip) });
        expect(parseTreeOrThrow(writeBracket(t, { leafBrackets }))).toEqual(strip(t));
      }),
    );
  });
});
