import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTreeOrThrow, writeBracket } from '../tree/bracket';
import { type TreeNode, leaves } from '../tree/tree';
import { describeLeafMatch, matchLeaves } from './leafMatch';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';
import { parsePtb, parsePtbOrThrow, splitTimedLeaves, stripEmptyElements, writePtb } from './ptb';

const mrg = readFileSync(new URL('./fixtures/wsj-style.mrg', import.meta.url), 'utf8');
const words = (t: TreeNode): string[] => leaves(t).map((l) => l.label);

describe('Penn Treebank files', () => {
  it('reads trees with their ids and lines, unwrapping the outer bracket', () => {
    const r = parsePtb(mrg);
    expect(r.diagnostics).toEqual([]);
    expect(r.value.map((t) => [t.id, t.line, t.tree.label])).toEqual([
      [null, 3, 'S'],
      ['utt-002', 10, 'SBARQ'],
    ]);
    expect(words(r.value[0]!.tree)).toEqual(['The', 'cat', 'sat', 'on', 'the', 'mat', '.']);
    expect(parsePtb(mrg, { keepWrapper: true }).value[0]!.tree.label).toBe('');
  });

  it('removes -NONE- traces and the constituents they leave empty', () => {
    const t = stripEmptyElements(parsePtbOrThrow(mrg)[1]!.tree)!;
    expect(words(t)).toEqual(['What', 'did', 'she', 'say', '?']);
    expect(writeBracket(t)).toBe(
      '(SBARQ (WHNP-1 (WP What)) (SQ (VBD did) (NP-SBJ (PRP she)) (VP (VB say))) (. ?))',
    );
    expect(stripEmptyElements(parseTreeOrThrow('(NP (-NONE- *))'))).toBeNull();
    const deep = parseTreeOrThrow('(A '.repeat(50_000) + '(-NONE- *) x' + ')'.repeat(50_000));
    expect(words(stripEmptyElements(deep)!)).toEqual(['x']);
  });

  it('locates problems in the whole file and keeps # inside a tree as a token', () => {
    const r = parsePtb('(S (NP a))\nstray (S b)\n# id = u3\n(S\n  (# #)\n  (NN c)');
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['ptb.bare', 2, 1, "expected '(' to start a tree, found 'stray'"],
      ['tree.unbalanced', 4, 1, "'(' never closed (1 open at end of input)"],
    ]);
    expect(r.value.map((t) => t.id)).toEqual([null, null, 'u3']);
    expect(words(r.value[2]!.tree)).toEqual(['#', 'c']);
    expect(() => parsePtbOrThrow('(S a))', {}, 'x.mrg')).toThrow(
      /^x\.mrg:1:6: expected '\(' to start a tree, found '\)'/,
    );
  });

  it('writes ids, escapes brackets, and times in the leaves that read back', () => {
    const tree = parseTreeOrThrow('(S (NP smiley) (X :-RRB-) (VP waves))');
    const timed = [
      { text: 'smiley', startSec: 0.5, endSec: 0.9 },
      { text: ':)', startSec: null, endSec: null },
      { text: 'waves', startSec: 0.9, endSec: 1.25 },
    ];
    const text = writePtb([
      {
        id: 'u1',
        tree: parseTreeOrThrow('(S (NP smiley) (X :\\)) (VP waves))'.replace('\\)', '-RRB-')),
        words: timed,
      },
    ]);
    expect(text).toBe('# id = u1\n(S (NP smiley@0.5-0.9) (X :-RRB-@-) (VP waves@0.9-1.25))\n');
    const back = parsePtbOrThrow(text)[0]!;
    const split = splitTimedLeaves(back.tree);
    expect(split.problems).toEqual([]);
    expect(split.tree).toEqual(tree);
    expect(split.words).toEqual(timed.map((w) => (w.text === ':)' ? { ...w, text: ':-RRB-' } : w)));
    expect(splitTimedLeaves(parseTreeOrThrow('(S a@1-2 b)')).problems).toEqual([
      "leaf 2 'b': expected word@start-end or word@-",
    ]);
    expect(splitTimedLeaves(parseTreeOrThrow('(S a@3-2)')).problems).toEqual([
      "leaf 1 'a': ends (2) before it starts (3)",
    ]);
    expect(() => writePtb([{ tree: parseTreeOrThrow('(S a)'), words: [] }])).toThrow(/1 leaves but 0 words/);
    expect(() => writePtb([{ tree: { label: 'a b', children: [] } }])).toThrow(/whitespace/);
    expect(() => writePtb([{ tree: parseTreeOrThrow('(S a)') }], { typed: true })).toThrow(
      /typed files need TYPE:LABEL/,
    );
  });
});

describe('matching leaves to the word tier', () => {
  it('reports the one real difference, not every later position', () => {
    const tree = parseTreeOrThrow('(S (NP i) (VP want (PP too) (NP boston)) (-RRB- -RRB-))');
    const m = matchLeaves(tree, ['i', 'uh', 'want', 'to', 'boston', ')']);
    expect(m.mismatches).toEqual([
      { kind: 'missing', word: 1, expected: 'uh' },
      { kind: 'substituted', word: 3, leaf: 2, expected: 'to', found: 'too' },
    ]);
    expect(describeLeafMatch(m)).toBe(
      "5 leaves for 6 words: word 2 'uh' has no leaf; leaf 3 is 'too' where word 4 is 'to'",
    );
    expect(matchLeaves(tree, ['I', 'want', 'too', 'Boston', ')'], { foldCase: true }).ok).toBe(true);
    expect(describeLeafMatch(matchLeaves(parseTreeOrThrow('(S a b)'), ['a']))).toBe(
      "2 leaves for 1 words: leaf 2 'b' matches no word",
    );
  });

  // Slow, obviously correct oracle: Levenshtein distance by memoised recursion.
  const distance = (a: string[], b: string[]): number => {
    const memo = new Map<string, number>();
    const go = (i: number, j: number): number => {
      if (i === a.length) return b.length - j;
      if (j === b.length) return a.length - i;
      const key = `${i},${j}`;
      if (!memo.has(key)) {
        memo.set(
          key,
          Math.min(go(i + 1, j + 1) + (a[i] === b[j] ? 0 : 1), go(i + 1, j) + 1, go(i, j + 1) + 1),
        );
      }
      return memo.get(key)!;
    };
    return go(0, 0);
  };

  it('lists a minimal set of edits that turns the words into the leaves', () => {
    const token = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 8 }),
        fc.array(token, { minLength: 1, maxLength: 8 }),
        (ws, ls) => {
          const m = matchLeaves({ label: 'S', children: ls.map((l) => ({ label: l, children: [] })) }, ws);
          expect(m.mismatches).toHaveLength(distance(ws, ls));
          // Replaying the edits over the words gives the leaves.
          const rebuilt: string[] = [];
          let w = 0;
          for (const e of m.mismatches) {
            const upto = e.kind === 'extra' ? w + (e.leaf - rebuilt.length) : e.word;
            while (w < upto) rebuilt.push(ws[w++]!);
            if (e.kind === 'substituted') {
              rebuilt.push(e.found);
              w++;
            } else if (e.kind === 'missing') w++;
            else rebuilt.push(e.found);
          }
          while (w < ws.length) rebuilt.push(ws[w++]!);
          expect(rebuilt).toEqual(ls);
        },
      ),
    );
  });
});

const label = fc.stringMatching(/^[^\s()]{1,5}$/).filter((s) => !/^-[LR][RSC]B-$/.test(s));
const treeOf = (depth: number): fc.Arbitrary<TreeNode> =>
  fc.record({
    label,
    children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: 3 }),
  });

describe('bracket files round trip and fuzzing', () => {
  it('reads back trees, ids and times it writes', () => {
    const ms = fc.integer({ min: 0, max: 100_000 }).map((k) => k / 1000);
    const item = treeOf(3).chain((tree) =>
      fc.record({
        id: fc.option(fc.stringMatching(/^[\w-]{1,8}$/), { nil: undefined }),
        tree: fc.constant(tree),
        words: fc.option(
          fc.tuple(
            ...leaves(tree).map((l) =>
              fc.option(fc.tuple(ms, ms), { nil: null }).map((t) => ({
                text: l.label,
                startSec: t ? Math.min(...t) : null,
                endSec: t ? Math.max(...t) : null,
              })),
            ),
          ),
          { nil: undefined },
        ),
      }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (items) => {
        const back = parsePtbOrThrow(writePtb(items), { unescape: true });
        expect(back.map((b) => b.id ?? undefined)).toEqual(items.map((i) => i.id));
        back.forEach((b, k) => {
          const want = items[k]!;
          if (!want.words) return expect(b.tree).toEqual(want.tree);
          const split = splitTimedLeaves(b.tree);
          expect(split).toEqual({ tree: want.tree, words: want.words, problems: [] });
        });
      }),
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const op = fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(20),
      text: fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('(', ')', '#', '\n# id = x\n', '@1-2', ' '),
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc.array(op, { minLength: 1, maxLength: 4 }).map((m) => applyMutations(mrg, m)),
        ),
        (text) => {
          const r = parsePtb(text, { unescape: true });
          expect(badDiagnostic(text, r.diagnostics)).toBeNull();
          for (const t of r.value) {
            splitTimedLeaves(t.tree);
            matchLeaves(t.tree, ['The', 'cat']);
            stripEmptyElements(t.tree);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
