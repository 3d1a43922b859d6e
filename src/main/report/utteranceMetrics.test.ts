// The per-utterance headline figures against their definitions, on the demo's real systems: each figure
// from its counts, and a corpus of one utterance giving back the utterance's own figure.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { corpusScores, corpusSignature } from '../../core/scoring/corpusScores';
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import { utteranceMetricList, utteranceMetrics } from '../../core/scoring/utteranceMetrics';
import { ProjectStore } from '../store/projectStore';
import { getSystemOutput } from '../store/systemStore';

const tmp = tempDir('sieve-metrics-');
const scored: UtteranceScores[] = [];

beforeAll(() => {
  copyDemo(tmp.dir);
  const store = ProjectStore.open(path.join(tmp.dir, 'demo.sieve'));
  for (const sys of store.systems())
    for (const u of store.listUtterances()) {
      const output = getSystemOutput(store.db, sys.id, u.id);
      if (output) scored.push(scoreUtterance(store.goldState(u.id).gold, output));
    }
  store.close();
});
afterAll(() => tmp.cleanup());

describe('utteranceMetrics', () => {
  it('computes word accuracy, WER and entity F1 from the counts', () => {
    expect(scored.length).toBeGreaterThanOrEqual(24);
    for (const s of scored) {
      const m = utteranceMetrics(s);
      const w = s.words!;
      expect(m['WER']).toBeCloseTo((w.S + w.D + w.I) / w.N, 12);
      expect(m['Word accuracy']).toBeCloseTo((w.N - w.S - w.D - w.I) / w.N, 12);
      const e = s.entities!;
      if (e.ref + e.hyp > 0) expect(m['Entity F1']).toBeCloseTo((2 * e.correct) / (e.ref + e.hyp), 12);
      for (const t of s.trees) {
        if (t.structIou) expect(m[`Struct-IoU (${t.name})`]).toBe(t.structIou.score);
        if (t.parseval) expect(m[`ParsEval F1 (${t.name})`]).toBe(t.parseval.f1);
      }
    }
  });

  it('agrees with the corpus figure of a one-utterance corpus', () => {
    let compared = 0;
    for (const s of scored) {
      const own = utteranceMetricList(s);
      for (const f of corpusScores([s], { resamples: 10 })) {
        const u = own.find((x) => x.metric === f.metric);
        if (!u || u.value === null || !Number.isFinite(f.value)) continue;
        expect(u.value, f.metric).toBeCloseTo(f.value, 12);
        // The corpus figure's signature adds the coverage rule to the metric's own.
        expect(corpusSignature(u.signature, 'all')).toBe(f.signature);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('gives null where a figure is undefined and leaves out what was not scored', () => {
    const s: UtteranceScores = {
      words: { C: 0, S: 0, D: 0, I: 2, N: 0, wer: null, steps: [], signature: 'w' },
      entities: { ref: 0, hyp: 0, correct: 0, entries: [], signature: 'e' },
      nbest: { figures: { 'FRecall@1': Number.NaN, 'NDCG@3': 0.5 }, signature: 'n' },
      trees: [],
    };
    expect(utteranceMetrics(s)).toEqual({
      WER: null,
      'Word accuracy': null,
      'Entity F1': null,
      'FRecall@1': null,
      'NDCG@3': 0.5,
    });
    expect(utteranceMetrics({ trees: [] })).toEqual({});
  });
});
