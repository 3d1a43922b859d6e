import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBrackets, parseTree, parseTreeOrThrow } from '../tree/bracket';
import { formatTree, leafMatches, leafToken, prettyTree } from './bracketFormat';
import { indexBracketText, spanAtOffset, spanForPath, textRangeOf } from './bracketIndex';
import { checkTreeText } from './treeCheck';
import { arbTreeOver } from '../../../test/helpers/testGold';
import { indexTree } from './treePaths';

describe('formatTree', () => {
  it('keeps short subtrees on one line and indents long ones', () => {
    const tree = parseTreeOrThrow(
      '(S (NP I) (VP want (S (VP to (VP go (PP from (NP Bonn)) (PP to (NP Berlin) (PP on (NP Monday (NP morning)))))))))',
    );
    expect(formatTree(tree)).toBe(
      [
        '(S',
        '  (NP I)',
        '  (VP want',
        '    (S',
        '      (VP to',
        '        (VP go',
        '          (PP from (NP Bonn))',
        '          (PP to (NP Berlin) (PP on (NP Monday (NP morning)))))))))',
      ].join('\n'),
    );
    expect(formatTree(parseTreeOrThrow('(S a b)'))).toBe('(S a b)');
    expect(formatTree(parseTreeOrThrow('(a)'))).toBe('(a)');
  });

  it('writes typed labels', () => {
    expect(formatTree(parseTreeOrThrow('(R:S (C:X W:a))', { typed: true }), { typed: true })).toBe(
      '(R:S (C:X W:a))',
    );
  });

  it('reads back to the same tree (property)', () => {
    fc.assert(
      fc.property(arbTreeOver(30), (tree) => {
        const text = formatTree(tree);
        const back = parseTree(text);
        expect(back.diagnostics).toEqual([]);
        expect(back.value).toEqual(tree);
      }),
    );
  });

  it('escapes brackets in words as the Penn Treebank does', () => {
    expect(leafToken('(laughs)')).toBe('-LRB-laughs-RRB-');
    expect(leafMatches('-LRB-', '(')).toBe(true);
    expect(leafMatches('(', '(')).toBe(false);
  });
});

describe('prettyTree', () => {
  it('puts each constituent on a line of its own, indented, with its opening words', () => {
    const tree = parseTreeOrThrow(
      '(S (NP Microsoft) (VP opened (NP an office) (PP in (NP London)) (PP near (NP Heathrow airport))))',
    );
    expect(prettyTree(tree)).toBe(
      [
        '(S (NP Microsoft)',
        '  (VP opened',
        '    (NP an office)',
        '    (PP in (NP London))',
        '    (PP near',
        '      (NP Heathrow airport))))',
      ].join('\n'),
    );
    // Part-of-speech tags are written inline, like the words they stand over (the Penn Treebank's layout).
    const tagged = parseTreeOrThrow(
      '(S (NP (NNP Microsoft)) (VP (VBD opened) (NP (DT an) (NN office)) (PP (IN in) (NP (NP (NNP London)) (PP (IN near) (NP (NNP Heathrow) (NN airport)))))))',
    );
    expect(prettyTree(tagged)).toBe(
      [
        '(S',
        '  (NP (NNP Microsoft))',
        '  (VP (VBD opened)',
        '    (NP (DT an) (NN office))',
        '    (PP (IN in)',
        '      (NP',
        '        (NP (NNP London))',
        '        (PP (IN near)',
        '          (NP (NNP Heathrow) (NN airport)))))))',
      ].join('\n'),
    );
    // Words after a constituent get their own line; a flat tree is one line; a lone leaf is itself.
    expect(prettyTree(parseTreeOrThrow('(S I want to go (PP from Bonn) to Berlin)'))).toBe(
      ['(S I want to go', '  (PP from Bonn)', '  to Berlin)'].join('\n'),
    );
    expect(prettyTree(parseTreeOrThrow('(S a b)'))).toBe('(S a b)');
    expect(prettyTree(parseTreeOrThrow('(a)'))).toBe('(a)');
    expect(prettyTree(parseTreeOrThrow('(R:S (C:X W:a W:b) W:c)', { typed: true }), { typed: true })).toBe(
      ['(R:S', '  (C:X W:a W:b)', '  W:c)'].join('\n'),
    );
  });

  it('breaks long runs of words before 80 columns', () => {
    const words = Array.from({ length: 40 }, (_, k) => `word${k}`);
    const text = prettyTree(parseTreeOrThrow(`(S ${words.join(' ')} (NP x))`));
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines[1]!.startsWith('  word')).toBe(true);
    expect(text.replace(/\s+/g, ' ')).toBe(`(S ${words.join(' ')} (NP x))`);
  });

  it('is the stored text with other whitespace, and reads back to the same tree (property)', () => {
    fc.assert(
      fc.property(arbTreeOver(30), (tree) => {
        const text = prettyTree(tree);
        const back = parseTree(text);
        expect(back.diagnostics).toEqual([]);
        expect(back.value).toEqual(tree);
        expect(text.replace(/\s+/g, ' ')).toBe(formatTree(tree).replace(/\s+/g, ' '));
      }),
    );
  });
});

describe('indexBracketText', () => {
  it('locates every node and leaf', () => {
    const text = '(S (NP the\n  train) leaves)';
    const spans = indexBracketText(text);
    expect(spans.map((s) => [s.path.join('.'), text.slice(s.labelStart, s.labelEnd), s.leafIndex])).toEqual([
      ['', 'S', -1],
      ['0', 'NP', -1],
      ['0.0', 'the', 0],
      ['0.1', 'train', 1],
      ['1', 'leaves', 2],
    ]);
    expect(text.slice(spans[1]!.start, spans[1]!.end)).toBe('(NP the\n  train)');
    expect(spanAtOffset(spans, text.indexOf('rain'))!.path).toEqual([0, 1]);
    expect(spanAtOffset(spans, text.indexOf('NP'))!.path).toEqual([0]);
    expect(spanAtOffset(spans, 0)!.path).toEqual([]);
    expect(spanForPath(spans, [1])!.labelStart).toBe(text.indexOf('leaves'));
    const range = (r: { start: number; end: number } | null): string => (r ? text.slice(r.start, r.end) : '');
    expect(range(textRangeOf(spans, { parent: [], from: 0, to: 1 }))).toBe('(NP the\n  train) leaves');
    expect(range(textRangeOf(spans, { parent: null, from: 0, to: 0 }))).toBe(text);
    expect(range(textRangeOf(spans, { words: [1, 2] }))).toBe('train) leaves');
    expect(textRangeOf(spans, { words: [1, 3] })).toBeNull();
  });

  it('follows the parser on any well-formed text, whatever the spacing (property)', () => {
    fc.assert(
      fc.property(
        arbTreeOver(12),
        fc.array(fc.constantFrom(' ', '  ', '\n', '\t '), { minLength: 1 }),
        (tree, gaps) => {
          let k = 0;
          const text = formatTree(tree).replace(/ /g, () => gaps[k++ % gaps.length]!);
          const spans = indexBracketText(text);
          const nodes = indexTree(parseBrackets(text).value[0]!);
          expect(spans.map((s) => s.path)).toEqual(nodes.map((n) => n.path));
          spans.forEach((s, i) => {
            expect(text.slice(s.labelStart, s.labelEnd)).toBe(nodes[i]!.node.label);
            expect(s.leafIndex >= 0).toBe(nodes[i]!.node.children.length === 0);
            if (s.leafIndex >= 0) expect(s.leafIndex).toBe(nodes[i]!.first);
          });
        },
      ),
    );
  });

  it('never throws on broken text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[()a-c \n]{0,30}$/), (text) => {
        expect(() => indexBracketText(text)).not.toThrow();
      }),
    );
  });
});

describe('checkTreeText', () => {
  const words = ['from', 'Bonn', 'to', 'Berlin'];

  it('accepts a tree whose leaves are the words', () => {
    const c = checkTreeText('(S (PP from Bonn)\n  (PP to Berlin))', false, words);
    expect(c.diagnostics).toEqual([]);
    expect(c.tree).not.toBeNull();
  });

  it('locates unbalanced brackets', () => {
    const c = checkTreeText('(S (PP from Bonn)\n  (PP to Berlin)', false, words);
    expect(c.tree).toBeNull();
    expect(c.diagnostics[0]).toMatchObject({ code: 'tree.unbalanced', line: 1, column: 1 });
  });

  it('locates leaves that are not the words, and says which are missing or extra', () => {
    const wrong = checkTreeText('(S (PP from Bonn)\n  (PP to Berln))', false, words);
    expect(wrong.tree).toBeNull();
    expect(wrong.diagnostics).toEqual([
      expect.objectContaining({
        code: 'tree.leaf',
        line: 2,
        column: 10,
        message: "leaf 4 is 'Berln', but word 4 is 'Berlin'",
      }),
    ]);
    const short = checkTreeText('(S from Bonn to)', false, words);
    expect(short.diagnostics[0]).toMatchObject({ code: 'tree.missingLeaves' });
    expect(short.diagnostics[0]!.message).toContain('missing: Berlin');
    const long = checkTreeText('(S from Bonn to Berlin now)', false, words);
    expect(long.diagnostics[0]).toMatchObject({ code: 'tree.extraLeaf', column: 24 });
  });
});
