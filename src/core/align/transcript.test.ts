import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import frozen from '../../../test/fixtures/sclite/syntax.json';
import { runSclite, scliteAvailable } from '../../../test/fixtures/sclite/sclite';
import { SYNTAX_RUNS, type SyntaxRun, syntaxPairs } from '../../../test/fixtures/sclite/syntax';
import { type TranscriptItem, parseTranscriptItems, scliteWordValue } from '../formats/trn';
import { scoreTranscripts } from '../metrics/wordAccuracy';
import { SCLITE_COSTS } from './costs';
import {
  type NetWord,
  type WordNetwork,
  alignNetworks,
  buildNetwork,
  netWord,
  wordDistance,
  wordsEqual,
} from './network';
import { characterTokens } from './characters';
import { transcriptNetwork } from './transcript';

const split = (s: string): string[] => (s === '' ? [] : s.split(' '));

function score(run: SyntaxRun, pairs: readonly { id: string; ref: string[]; hyp: string[] }[]) {
  return scoreTranscripts(
    pairs.map((p) => ({ id: p.id, words: p.ref })),
    pairs.map((p) => ({ id: p.id, words: p.hyp })),
    {
      costs: 'sclite',
      ignoreCase: run.ignoreCase,
      scliteSyntax: true,
      optionalDeletable: run.optionalDeletable,
      fragments: run.fragments,
      characters: run.characters,
    },
  );
}

describe("sclite's transcript syntax", () => {
  it('reads alternations, nested and empty alternatives, @, tags and escapes as sclite does', () => {
    expect(parseTranscriptItems('a { b c / @ / { d / e } } f').items).toEqual([
      'a',
      { alternatives: [['b', 'c'], ['@'], [{ alternatives: [['d'], ['e']] }]] },
      'f',
    ]);
    // Empty alternatives are skipped (find_next_TEXT_alternation skips '/' and spaces).
    expect(parseTranscriptItems('{a//b}').items).toEqual([{ alternatives: [['a'], ['b']] }]);
    expect(parseTranscriptItems('x { a').problems).toEqual([
      { offset: 2, message: "the alternation's '{' is never closed" },
    ]);
    expect(scliteWordValue('word;tag1;tag2')).toBe('word');
    expect(scliteWordValue('y\\;z')).toBe('y;z');
    expect(scliteWordValue('w*')).toBe('w');
    expect(scliteWordValue('*')).toBe('*');
  });

  it('marks optionally deletable words and fragments only under -D and -F, and compares fragments as sclite', () => {
    expect(netWord('(uh)')).toMatchObject({ value: '(uh)', optDel: false });
    expect(netWord('(uh)', { optionalDeletable: true })).toMatchObject({ value: 'uh', optDel: true });
    expect(netWord('(th-)', { optionalDeletable: true, fragments: true })).toMatchObject({ frag: true });
    const f = (w: string): NetWord => netWord(w, { fragments: true });
    expect(wordsEqual(f('th-'), f('the'))).toBe(true);
    expect(wordsEqual(f('the'), f('-he'))).toBe(true);
    expect(wordsEqual(f('-ing'), f('going'))).toBe(true);
    expect(wordsEqual(f('th-'), f('a'))).toBe(false);
    expect(wordsEqual(netWord('th-'), netWord('the'))).toBe(false);
    expect(wordDistance(netWord('@'), null, SCLITE_COSTS)).toBe(0.001);
  });

  it('splits words into characters as sclite -c, NOASCII and DH', () => {
    expect(characterTokens('abc')).toEqual(['a', 'b', 'c']);
    expect(characterTokens('中文ab', { noAscii: true })).toEqual(['中', '文', 'ab']);
    expect(characterTokens('a-b', { deleteHyphens: true })).toEqual(['a', 'b']);
    expect(characterTokens('-')).toEqual(['-']);
    expect(characterTokens('😀x')).toEqual(['😀', 'x']);
  });

  it('scores an optionally deletable word deleted as correct and leaves @ out (pra as sclite -D prints it)', () => {
    const r = score(
      SYNTAX_RUNS.find((c) => c.name === '-D')!,
      [{ id: 'u1', ref: split('the (uh) cat { a / @ } dog'), hyp: split('the cat dog') }],
    );
    expect(r.utterances[0]!.stats).toEqual({ C: 4, S: 0, D: 0, I: 0, N: 4 });
    expect(r.utterances[0]!.alignment.map((p) => [p.ref, p.hyp, p.op])).toEqual([
      ['the', 'the', 'C'],
      ['(uh)', '', 'C'],
      ['cat', 'cat', 'C'],
      ['dog', 'dog', 'C'],
    ]);
  });
});

type FrozenRun = (typeof frozen.runs)[number];

function compare(run: SyntaxRun, results: readonly (readonly string[])[]): void {
  const pairs = results.map(([id, ref, hyp]) => ({ id: id!, ref: split(ref!), hyp: split(hyp!) }));
  const scored = score(run, pairs);
  const got = scored.utterances.map((u) => [
    u.id,
    `${u.stats.C} ${u.stats.S} ${u.stats.D} ${u.stats.I}`,
    u.alignment.map((p) => p.op).join(''),
  ]);
  expect(got).toEqual(results.map(([id, , , counts, ops]) => [id, counts, ops]));
}

describe('alternations, -D, -F and -c equal NIST sclite (frozen outputs, test/fixtures/sclite/syntax.json)', () => {
  for (const f of frozen.runs as FrozenRun[]) {
    it(`${f.name}: per-utterance counts and alignments`, () => {
      compare(
        SYNTAX_RUNS.find((c) => c.name === f.name)!,
        f.results,
      );
    });
  }
});

const hasSclite = scliteAvailable();
const skipReason = hasSclite ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)';
describe.skipIf(!hasSclite)(`alternations, -D, -F and -c against a live sclite run${skipReason}`, () => {
  for (const run of SYNTAX_RUNS) {
    it(`${run.name}: fresh pairs, per-utterance counts and alignments`, () => {
      const pairs = syntaxPairs(4242, 200, run.kind);
      const sclite = runSclite(pairs, run.flags);
      compare(
        run,
        pairs.map((p) => {
          const u = sclite.utterances.get(run.ignoreCase ? p.id.toLowerCase() : p.id)!;
          return [p.id, p.ref.join(' '), p.hyp.join(' '), `${u.C} ${u.S} ${u.D} ${u.I}`, u.ops];
        }),
      );
    });
  }
});

/** Every word sequence a network allows (its paths from the head to a final arc). */
function paths(net: WordNetwork): NetWord[][] {
  const out: NetWord[][] = [];
  const succ = net.words.map(() => [] as number[]);
  net.preds.forEach((ps, k) => ps.forEach((p) => succ[p]!.push(k)));
  const finals = new Set(net.finals);
  const walk = (arc: number, acc: NetWord[]): void => {
    if (finals.has(arc)) out.push(acc);
    for (const s of succ[arc]!) walk(s, [...acc, net.words[s]!]);
  };
  walk(0, []);
  return out;
}

/** Obviously-correct network distance: the cheapest plain edit distance over every pair of paths. */
function slowNetworkCost(ref: WordNetwork, hyp: WordNetwork): number {
  let best = Infinity;
  for (const r of paths(ref)) {
    for (const h of paths(hyp)) {
      const d: number[][] = [];
      for (let i = 0; i <= r.length; i++) {
        d.push([]);
        for (let j = 0; j <= h.length; j++) {
          if (i === 0 && j === 0) d[i]![j] = 0;
          else {
            let v = Infinity;
            if (i > 0) v = Math.min(v, d[i - 1]![j]! + wordDistance(r[i - 1]!, null, SCLITE_COSTS));
            if (j > 0) v = Math.min(v, d[i]![j - 1]! + wordDistance(null, h[j - 1]!, SCLITE_COSTS));
            if (i > 0 && j > 0)
              v = Math.min(v, d[i - 1]![j - 1]! + wordDistance(r[i - 1]!, h[j - 1]!, SCLITE_COSTS));
            d[i]![j] = v;
          }
        }
      }
      best = Math.min(best, d[r.length]![h.length]!);
    }
  }
  return best;
}

describe('network alignment (property tests against all paths)', () => {
  const word = fc.constantFrom('a', 'b', '@', '(a)', 'a-', 'ab');
  // Sequences of up to three items, alternations nested at most twice, so paths stay few.
  const seqOf = (depth: number): fc.Arbitrary<TranscriptItem[]> =>
    fc.array(
      depth === 0
        ? word
        : fc.oneof(
            word,
            fc.record({
              alternatives: fc.array(
                seqOf(depth - 1).filter((s) => s.length > 0),
                { minLength: 2, maxLength: 3 },
              ),
            }),
          ),
      { maxLength: 3 },
    );
  const items = seqOf(2);
  const options = fc.record({ optionalDeletable: fc.boolean(), fragments: fc.boolean() });

  it('finds the cheapest pair of paths, and its pairs spell one path of each network', () => {
    fc.assert(
      fc.property(items, items, options, (r, h, o) => {
        const ref = buildNetwork(r, o);
        const hyp = buildNetwork(h, o);
        const a = alignNetworks(ref, hyp);
        expect(a.cost).toBeCloseTo(slowNetworkCost(ref, hyp), 4);
        const c = a.counts;
        expect(c.C + c.S + c.D + c.I).toBe(a.pairs.length);
        const spell = (side: 'ref' | 'hyp', net: WordNetwork): void => {
          const used = a.pairs.map((p) => p[side]).filter((w): w is string => w !== null && w !== '');
          const allowed = paths(net).map((p) => p.filter((w) => !w.isNull).map((w) => w.text));
          // Optionally deletable words and @s may be absent from the pairs' side; the rest is a path.
          expect(allowed.some((p) => used.every((w) => p.includes(w)))).toBe(true);
        };
        spell('ref', ref);
        spell('hyp', hyp);
      }),
      { numRuns: 200 },
    );
  });

  it('on plain word sequences equals the chain alignment sclite gives (transcriptNetwork of plain words)', () => {
    const n = transcriptNetwork(split('b a'), { syntax: true });
    const m = transcriptNetwork(split('a b'), { syntax: true });
    expect(
      alignNetworks(n, m)
        .pairs.map((p) => p.op)
        .join(''),
    ).toBe('DCI');
  });
});
