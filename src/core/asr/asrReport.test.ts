import { describe, expect, it } from 'vitest';
import scStats from '../../../test/fixtures/sclite/scStats.json';
import dtl from '../../../test/fixtures/sclite/dtl.json';
import { randomCtmCorpus, sumRows } from '../../../test/fixtures/sclite/dtl';
import { type ScStatsRun, printedP, randomTwoSystems } from '../../../test/fixtures/sclite/scStats';
import { scoreTranscripts } from '../metrics/wordAccuracy';
import { type AsrInput, type ScoredWords, buildAsrReport } from './asrReport';
import { speakerFromId } from './speakers';

/** A project-like input: each system's scoring as index steps, its words, the utterances' speakers. */
function projectInput(
  ids: readonly string[],
  speakerOf: (id: string) => string,
  ref: readonly (readonly string[])[],
  systems: readonly { name: string; hyp: readonly (readonly { text: string; confidence?: number }[])[] }[],
): AsrInput {
  return {
    utterances: ids.map((id, k) => ({ id, speaker: speakerOf(id), goldWords: ref[k]! })),
    systems: systems.map((s, n) => {
      const scored = scoreTranscripts(
        ids.map((id, k) => ({ id, words: ref[k]! })),
        ids.map((id, k) => ({ id, words: s.hyp[k]!.map((w) => w.text) })),
        { ignoreCase: true },
        { alignments: true },
      );
      const words = new Map<string, ScoredWords>(
        scored.utterances.map((u) => [
          u.id,
          {
            steps: u.alignment.map((p) => ({ op: p.op, ref: p.refIndex, hyp: p.hypIndex })),
            signature: scored.signature,
          },
        ]),
      );
      return { systemId: n + 1, name: s.name, words, hypWords: new Map(ids.map((id, k) => [id, s.hyp[k]!])) };
    }),
    caseFold: true,
  };
}

describe('the project ASR analysis (from the scoring’s index alignments)', () => {
  it("gives sc_stats's p-values for every pair (frozen sc_stats run, seed 7)", () => {
    const run = scStats.runs.find((r) => r.seed === 7)!;
    const c = randomTwoSystems(run.seed, run.speakers, run.perSpeaker, run.bias);
    const asText = (h: string[][]) => h.map((ws) => ws.map((text) => ({ text })));
    const report = buildAsrReport(
      projectInput(c.ids, (id) => speakerFromId(id, 'rm'), c.ref, [
        { name: 'A', hyp: asText(c.a) },
        { name: 'B', hyp: asText(c.b) },
      ]),
    );
    expect(report.pairs).toHaveLength(1);
    const p = Object.fromEntries(report.pairs[0]!.tests.map((t) => [t.test, printedP(t.pValue!)]));
    expect(p).toEqual((run.scStats as ScStatsRun).p);
    // Without confidences NCE is undefined and says why; no reliability diagram.
    expect(report.systems[0]!.nce.value).toBeNull();
    expect(report.systems[0]!.nce.reason).toMatch(/have no confidence$/);
    expect(report.systems[0]!.reliability).toBeNull();
  });

  it("gives sclite's NCE and summary by speaker from the words' confidences (frozen sclite ctm run)", () => {
    const corpus = randomCtmCorpus(dtl.nce.seed, 60);
    const bySpeaker = new Map(corpus.map((u) => [u.id, u.speaker]));
    const report = buildAsrReport(
      projectInput(
        corpus.map((u) => u.id),
        (id) => bySpeaker.get(id)!,
        corpus.map((u) => u.ref),
        [
          {
            name: 'ctm',
            hyp: corpus.map((u) => u.hyp.map((h) => ({ text: h.word, confidence: h.confidence }))),
          },
        ],
      ),
    );
    const s = report.systems[0]!;
    const sclite = sumRows(dtl.nce.sys);
    const nce = (row: string) => sclite.get(row)!.at(-1);
    expect(s.nce.value!.toFixed(3)).toBe(nce('Sum/Avg')!.toFixed(3));
    for (const r of s.speakers.rows) expect(r.nce!.toFixed(3)).toBe(nce(r.speaker)!.toFixed(3));
    expect(s.speakers.mean.nce!.toFixed(3)).toBe(nce('Mean')!.toFixed(3));
    expect(s.reliability!.n).toBe(s.nce.n);
    expect(s.reliability!.bins.reduce((k, b) => k + b.n, 0)).toBe(s.words.hyp);
  });

  it('lists confusions with their utterances, words read through the alignment indices', () => {
    const report = buildAsrReport(
      projectInput(
        ['s_1', 's_2'],
        () => '',
        [['Hello', 'world'], ['a']],
        [
          {
            name: 'x',
            hyp: [
              [{ text: 'hello' }, { text: 'word' }],
              [{ text: 'b' }, { text: 'c' }],
            ],
          },
        ],
      ),
    );
    const s = report.systems[0]!;
    expect(s.confusions.items.map((i) => [i.key, i.utterances])).toEqual([
      // sclite's tie rule pairs as late as possible: b inserted, a read as c.
      ['a ==> c', ['s_2']],
      ['world ==> word', ['s_1']],
    ]);
    expect(s.insertions.items).toEqual([{ key: 'b', count: 1, utterances: ['s_2'] }]);
    expect(s.speakers.rows.map((r) => r.speaker)).toEqual(['(no speaker)']);
  });
});
