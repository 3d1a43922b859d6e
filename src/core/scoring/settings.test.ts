// Each scoring setting changes the utterance scores the way its paper or module says, and names itself in
// the signatures; constructed cases with the reason for every expected number beside it.
import { describe, expect, it } from 'vitest';
import { ScoringSettings } from '../api/contract';
import type { GoldRecords } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import { scoreUtterance } from './scoreUtterance';
import { DEFAULT_SCORING_SETTINGS, scoringSignature } from './settings';

const timedWords = (texts: string[]) =>
  texts.map((text, i) => ({ text, startSec: i * 0.5, endSec: i * 0.5 + 0.4 }));

function gold(texts: string[], extra: Partial<GoldRecords> = {}): GoldRecords {
  return {
    words: timedWords(texts),
    trees: [],
    entities: [],
    concepts: [],
    interpretations: [],
    labels: {},
    ...extra,
  };
}
const with_ = (patch: Partial<ScoringSettings>): ScoringSettings => ({
  ...DEFAULT_SCORING_SETTINGS,
  ...patch,
});

describe('scoring settings', () => {
  it('defaults to what scoring did without settings, and the defaults are valid settings', () => {
    expect(ScoringSettings.parse(DEFAULT_SCORING_SETTINGS)).toEqual(DEFAULT_SCORING_SETTINGS);
    const g = gold(['a', 'b'], { trees: [{ name: 't', typed: false, bracket: '(S (X a) (Y b))' }] });
    const o: SystemOutput = { id: 'x', words: timedWords(['a', 'c']), trees: g.trees };
    expect(scoreUtterance(g, o, DEFAULT_SCORING_SETTINGS)).toEqual(scoreUtterance(g, o));
  });

  it('costs: sclite costs prefer a shift, equal costs the substitutions (Boros et al. §2.1; sclite wwd)', () => {
    // ref A B C X Y, hyp X Y P Q R. Five substitutions cost 5 (equal) or 20 (sclite); deleting A B C,
    // matching X Y and inserting P Q R costs 6 (equal) or 18 (sclite). No other alignment is cheaper.
    const g = gold(['a', 'b', 'c', 'x', 'y']);
    const o: SystemOutput = { id: 'x', words: timedWords(['x', 'y', 'p', 'q', 'r']) };
    const sclite = scoreUtterance(g, o, with_({ costs: 'sclite' })).words!;
    const equal = scoreUtterance(g, o, with_({ costs: 'equal' })).words!;
    expect({ C: sclite.C, S: sclite.S, D: sclite.D, I: sclite.I }).toEqual({ C: 2, S: 0, D: 3, I: 3 });
    expect({ C: equal.C, S: equal.S, D: equal.D, I: equal.I }).toEqual({ C: 0, S: 5, D: 0, I: 0 });
    expect(sclite.signature).toMatch(/costs:sclite/);
    expect(equal.signature).toMatch(/costs:equal/);
    // Concepts are aligned with the same costs.
    const cg = gold([], {
      concepts: ['a', 'b', 'c', 'x', 'y'].map((value) => ({ attribute: 'k', value })),
    });
    const co: SystemOutput = {
      id: 'x',
      concepts: ['x', 'y', 'p', 'q', 'r'].map((value) => ({ attribute: 'k', value })),
    };
    expect(scoreUtterance(cg, co, with_({ costs: 'sclite' })).concepts).toMatchObject({ C: 2, D: 3, I: 3 });
    expect(scoreUtterance(cg, co, with_({ costs: 'equal' })).concepts).toMatchObject({ C: 0, S: 5 });
  });

  it('normaliser: WER over whisper-en-1 words, steps back to the written words, named in the signatures', () => {
    // "Mr." → mister, "colour" → color, "TV," → tv: each written word gives its own tokens.
    const g = gold(['Mr.', 'Smith', 'likes', 'the', 'colour']);
    const o: SystemOutput = {
      id: 'x',
      words: timedWords(['mister', 'smith', 'likes', 'uh', 'the', 'color']),
    };
    const plain = scoreUtterance(g, o, with_({})).words!;
    const norm = scoreUtterance(g, o, with_({ normaliser: 'whisper-en-1' })).words!;
    expect([plain.C, plain.S, plain.I]).toEqual([3, 2, 1]);
    expect([norm.C, norm.S, norm.D, norm.I, norm.N]).toEqual([5, 0, 0, 0, 5]);
    // The filler "uh" is gone, so the hypothesis steps skip written word 3.
    expect(norm.steps.map((s) => [s.op, s.ref, s.hyp])).toEqual([
      ['C', 0, 0],
      ['C', 1, 1],
      ['C', 2, 2],
      ['C', 3, 4],
      ['C', 4, 5],
    ]);
    expect(norm.signature).toMatch(/\|norm:whisper-en-1\|/);
    expect(scoringSignature(with_({ normaliser: 'whisper-en-1' }))).toMatch(/\|norm:whisper-en-1\|/);
    expect(scoringSignature(with_({}))).not.toMatch(/norm:/);
    // "twenty five" becomes one token, 25: no written word holds it, so no steps are given.
    const n = gold(['twenty', 'five']);
    const digits: SystemOutput = { id: 'x', words: timedWords(['25']) };
    const spanned = scoreUtterance(n, digits, with_({ normaliser: 'whisper-en-1' })).words!;
    expect([spanned.C, spanned.N, spanned.steps]).toEqual([1, 1, []]);
  });

  it('ignoreCase: case-folded words match, exact ones do not', () => {
    const g = gold(['Paris', 'now']);
    const o: SystemOutput = { id: 'x', words: timedWords(['paris', 'now']) };
    const fold = scoreUtterance(g, o, with_({ ignoreCase: true })).words!;
    const exact = scoreUtterance(g, o, with_({ ignoreCase: false })).words!;
    expect([fold.C, fold.S]).toEqual([2, 0]);
    expect([exact.C, exact.S]).toEqual([1, 1]);
    expect(fold.signature).toMatch(/case:fold/);
    expect(exact.signature).toMatch(/case:exact/);
  });

  it('neTolerance: a boundary off by one misrecognised word is forgiven at tolerance 1, not at 0 (Burger et al. §2.4)', () => {
    // LOCATION "new york city" (words 1–3); the system heard "sitty" for "city" and left it out of the entity.
    const g = gold(['to', 'new', 'york', 'city', 'now'], {
      entities: [{ type: 'LOCATION', firstWord: 1, lastWord: 3 }],
    });
    const o: SystemOutput = {
      id: 'x',
      words: timedWords(['to', 'new', 'york', 'sitty', 'now']),
      entities: [{ type: 'LOCATION', firstWord: 1, lastWord: 2 }],
    };
    const t1 = scoreUtterance(g, o, with_({ neTolerance: 1 })).entities!;
    const t0 = scoreUtterance(g, o, with_({ neTolerance: 0 })).entities!;
    expect(t1.entries).toMatchObject([{ ref: 0, hyp: 0, type: true, extent: true }]);
    expect(t0.entries).toMatchObject([{ ref: 0, hyp: 0, type: true, extent: false }]);
    expect(t1.correct - t0.correct).toBe(t1.entries[0]!.content ? 1 : 0);
    expect(t1.signature).toMatch(/tol:1/);
    expect(t0.signature).toMatch(/tol:0/);
  });

  it('neMapping: optimal mapping gives the entity to the reference it agrees with more (Burger et al. §2.3)', () => {
    // Reference PER = word 0 and LOC = words 1–2; the system's LOC = words 0–1 overlaps both. Greedy maps it
    // to the first candidate (PER: type wrong); optimal to LOC, where the type is right.
    const words = ['anna', 'new', 'york'];
    const g = gold(words, {
      entities: [
        { type: 'PER', firstWord: 0, lastWord: 0 },
        { type: 'LOC', firstWord: 1, lastWord: 2 },
      ],
    });
    const o: SystemOutput = {
      id: 'x',
      words: timedWords(words),
      entities: [{ type: 'LOC', firstWord: 0, lastWord: 1 }],
    };
    const greedy = scoreUtterance(g, o, with_({ neMapping: 'greedy' })).entities!;
    const optimal = scoreUtterance(g, o, with_({ neMapping: 'optimal' })).entities!;
    expect(greedy.entries.find((e) => e.hyp === 0)!.ref).toBe(0);
    expect(optimal.entries.find((e) => e.hyp === 0)!.ref).toBe(1);
    expect(greedy.signature).toMatch(/map:greedy/);
    expect(optimal.signature).toMatch(/map:optimal/);
  });

  it('neAligner time: used when both sides have word times, the text aligner with a note otherwise', () => {
    const g = gold(['in', 'bonn', 'today'], { entities: [{ type: 'LOC', firstWord: 1, lastWord: 1 }] });
    const entities = [{ type: 'LOC', firstWord: 1, lastWord: 1 }];
    // The system's words are all wrong but at the gold's times: aligned by time, "bon" stands for "bonn".
    const timed: SystemOutput = { id: 'x', words: timedWords(['and', 'bon', 'to']), entities };
    const untimed: SystemOutput = {
      id: 'x',
      words: [{ text: 'and' }, { text: 'bon' }, { text: 'to' }],
      entities,
    };
    const t = scoreUtterance(g, timed, with_({ neAligner: 'time' })).entities!;
    expect(t.signature).toMatch(/align:time/);
    expect(t.notes).toBeUndefined();
    expect(t.entries).toEqual([{ ref: 0, hyp: 0, type: true, extent: true, content: false }]);
    const u = scoreUtterance(g, untimed, with_({ neAligner: 'time' })).entities!;
    expect(u.signature).toMatch(/align:text/);
    expect(u.notes!.join(' ')).toMatch(/time aligner needs word times/);
    // System words out of time order defeat the time aligner; the utterance is still scored, as text.
    const disordered: SystemOutput = {
      id: 'x',
      words: [
        { text: 'and', startSec: 0.5, endSec: 0.9 },
        { text: 'bon', startSec: 0, endSec: 0.4 },
        { text: 'to', startSec: 1, endSec: 1.4 },
      ],
      entities,
    };
    const d = scoreUtterance(g, disordered, with_({ neAligner: 'time' })).entities!;
    expect(d.signature).toMatch(/align:text/);
    expect(d.notes!.join(' ')).toMatch(/time order/);
  });

  it('neAligner phonetic: uses the dictionary passed in, letter-to-sound without one', () => {
    const g = gold(['in', 'bonn'], { entities: [{ type: 'LOC', firstWord: 1, lastWord: 1 }] });
    const o: SystemOutput = {
      id: 'x',
      words: timedWords(['in', 'bon']),
      entities: [{ type: 'LOC', firstWord: 1, lastWord: 1 }],
    };
    const asked: string[] = [];
    const lookup = (w: string) => {
      asked.push(w.toLowerCase());
      return (
        { in: ['IH1', 'N'], bonn: ['B', 'AA1', 'N'], bon: ['B', 'AA1', 'N'] } as Record<string, string[]>
      )[w.toLowerCase()];
    };
    const withDict = scoreUtterance(g, o, with_({ neAligner: 'phonetic' }), {
      pronunciations: lookup,
      lexicon: 'test',
    }).entities!;
    expect(withDict.signature).toMatch(/align:phonetic\+test/);
    expect(asked).toEqual(expect.arrayContaining(['bonn', 'bon']));
    expect(withDict.entries).toEqual([{ ref: 0, hyp: 0, type: true, extent: true, content: false }]);
    const lts = scoreUtterance(g, o, with_({ neAligner: 'phonetic' })).entities!;
    expect(lts.signature).toMatch(/align:phonetic\+lts/);
  });

  it('flexibleTerminals: preterminals match whatever their labels only when flexible (Shi et al. §4)', () => {
    const words = ['a', 'b'];
    const g = gold(words, { trees: [{ name: 't', typed: false, bracket: '(S (X a) (Y b))' }] });
    const o: SystemOutput = {
      id: 'x',
      words: timedWords(words),
      trees: [{ name: 't', typed: false, bracket: '(S (P a) (Q b))' }],
    };
    const flex = scoreUtterance(g, o, with_({ flexibleTerminals: true })).trees[0]!.structIou!;
    const strict = scoreUtterance(g, o, with_({ flexibleTerminals: false })).trees[0]!.structIou!;
    // Flexible: S–S and both preterminal pairs (and the identical leaves) match with IoU 1 — a perfect score.
    expect(flex.score).toBeCloseTo(1, 12);
    expect(strict.score).toBeLessThan(flex.score);
    expect(strict.pairs.length).toBeLessThan(flex.pairs.length);
    expect(flex.signature).toMatch(/flex:yes/);
    expect(strict.signature).toMatch(/flex:no/);
  });

  it('has a signature naming every setting, different for different settings', () => {
    const all: ScoringSettings[] = [
      DEFAULT_SCORING_SETTINGS,
      with_({ costs: 'equal' }),
      with_({ ignoreCase: false }),
      with_({ neAligner: 'time' }),
      with_({ neAligner: 'phonetic' }),
      with_({ neTolerance: 2 }),
      with_({ neMapping: 'optimal' }),
      with_({ flexibleTerminals: false }),
      with_({ nePunctuation: 'keep' }),
      with_({ wordAlignment: 'time-mediated' }),
      with_({ wordAlignment: 'collar' }),
      with_({ wordAlignment: 'collar', collarSec: 0.5 }),
    ];
    const sigs = all.map((s) => scoringSignature(s));
    expect(new Set(sigs).size).toBe(all.length);
    expect(
      scoringSignature(with_({ neAligner: 'phonetic' }), {
        pronunciations: () => undefined,
        lexicon: 'cmudict',
      }),
    ).toMatch(/ne-lex:cmudict/);
    expect(sigs[0]).toMatch(
      /^scoring\|costs:sclite\|case:fold\|ne-align:text\|ne-tol:1\|ne-map:greedy\|ne-punct:drop\|flex:yes\|iou-trees:all\|v:/,
    );
    // Which utterances a corpus figure combines does not change an utterance's scores: not a cache key.
    expect(scoringSignature(with_({ onlyCovered: true }))).toBe(sigs[0]);
  });

  it('passes the punctuation rule to entity scoring: a comma inside an extent counts only when kept', () => {
    const g = {
      words: [
        { text: 'St.', startSec: 0, endSec: 0.3 },
        { text: 'Louis', startSec: 0.3, endSec: 0.6 },
        { text: ',', startSec: 0.6, endSec: 0.6 },
      ],
      trees: [],
      entities: [{ type: 'LOCATION', firstWord: 0, lastWord: 1 }],
      concepts: [],
      interpretations: [],
      labels: {},
    };
    const o = { id: 'u', words: g.words, entities: [{ type: 'LOCATION', firstWord: 0, lastWord: 2 }] };
    expect(scoreUtterance(g, o).entities).toMatchObject({ correct: 1 });
    const kept = scoreUtterance(g, o, with_({ nePunctuation: 'keep' })).entities!;
    expect(kept.correct).toBe(0);
    expect(kept.signature).toMatch(/\|punct:keep\|/);
    // The indices of the entities as given, whatever the rule.
    expect(kept.entries.map((e) => [e.ref, e.hyp])).toEqual([[0, 0]]);
  });
});
