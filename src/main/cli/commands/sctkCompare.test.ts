import { describe, expect, it } from 'vitest';
import fixture from '../../../../test/fixtures/sclite/scStats.json';
import dtlFixture from '../../../../test/fixtures/sclite/dtl.json';
import { DTL_CORPORA } from '../../../../test/fixtures/sclite/dtl';
import { type ScStatsRun, printedP, randomTwoSystems } from '../../../../test/fixtures/sclite/scStats';
import { toTrn } from '../../../../test/fixtures/sclite/sclite';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const { sieve, write } = cliSandbox();

function writeCorpus(c: ReturnType<typeof randomTwoSystems>): void {
  const trn = (words: string[][]) => toTrn(c.ids.map((id, k) => ({ id, words: words[k]! })));
  write('ref.trn', trn(c.ref));
  write('a.trn', trn(c.a));
  write('b.trn', trn(c.b));
}

async function werJson(hyp: string, out: string, ...extra: string[]): Promise<void> {
  const r = await sieve('wer', 'ref.trn', hyp, '--format', 'json', ...extra);
  expect(r.code, r.err).toBe(0);
  write(out, r.out);
}

describe('sieve compare --test (sc_stats tests)', () => {
  it("prints sc_stats's p-values for MAPSSWE, sign, Wilcoxon and McNemar, in JSON and as a table", async () => {
    const run = fixture.runs.find((r) => r.seed === 7)!;
    writeCorpus(randomTwoSystems(run.seed, run.speakers, run.perSpeaker, run.bias));
    await werJson('a.trn', 'a.json');
    await werJson('b.trn', 'b.json');
    const r = await sieve(
      'compare',
      'a.json',
      'b.json',
      '--test',
      'mapsswe,sign,wilcoxon,mcnemar',
      '--format',
      'json',
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as {
      tests: { test: string; pValue: number; n: number; unit: string }[];
    };
    const p = Object.fromEntries(report.tests.map((t) => [t.test, printedP(t.pValue)]));
    expect(p).toEqual((run.scStats as ScStatsRun).p);
    expect(report.tests.find((t) => t.test === 'sign')).toMatchObject({ n: run.speakers, unit: 'speakers' });
    const table = await sieve('compare', 'a.json', 'b.json', '--test', 'mcnemar,sign');
    expect(table.code, table.err).toBe(0);
    expect(table.out).toMatch(/^McNemar\s+p \S+ \(sc_stats; exact \S+\)\s+n \d+ utterances/m);
    expect(table.out).toMatch(/^sign\s+p \S+ \(sc_stats; exact \S+\)\s+n 30 speakers\s+N\(\+\) \d+/m);
    expect(table.out).toMatch(/sctk-sign\|formula:E\|tie:0.005\|speakers:rm-or-id\|v:/);
  });

  it('runs the bootstrap and randomisation as before when --test is not given, and with them on request', async () => {
    writeCorpus(randomTwoSystems(3, 4, 4, 0.1));
    await werJson('a.trn', 'a.json');
    await werJson('b.trn', 'b.json');
    const plain = await sieve('compare', 'a.json', 'b.json', '--metric', 'wer');
    expect(plain.out).toMatch(/^p-value /m);
    expect(plain.out).not.toMatch(/MAPSSWE/);
    const both = await sieve('compare', 'a.json', 'b.json', '--metric', 'wer', '--test', 'ar,mapsswe');
    expect(both.out).toMatch(/^p-value /m);
    expect(both.out).toMatch(/^MAPSSWE /m);
    expect(both.out).not.toMatch(/paired bootstrap/);
  });

  it('names a bad --test, --formula or --id-type, and a file without alignments', async () => {
    writeCorpus(randomTwoSystems(3, 2, 2, 0));
    await werJson('a.trn', 'a.json');
    await werJson('b.trn', 'b.json');
    const bad = await sieve('compare', 'a.json', 'b.json', '--test', 'mcn');
    expect(bad.code).toBe(2);
    expect(bad.err.split('\n')[0]).toMatch(/--test: 'mcn'; expected a comma-separated list of/);
    expect((await sieve('compare', 'a.json', 'b.json', '--test', 'sign', '--formula', 'X')).code).toBe(2);
    expect((await sieve('compare', 'a.json', 'b.json', '--test', 'sign', '--id-type', 'nist')).code).toBe(2);
    expect((await sieve('compare', 'a.json', 'b.json')).err).toMatch(/--metric/);
    write('n.json', '{"id": "spk0_000", "value": 1}\n{"summary": {}}\n');
    const noAlign = await sieve('compare', 'n.json', 'n.json', '--test', 'mapsswe');
    expect(noAlign.code).toBe(1);
    expect(noAlign.err).toMatch(/n\.json: utterance "spk0_000": C is not a count/);
  });
});

describe('sieve wer --report', () => {
  it("adds sclite's summary by speaker (Mean, S.D., Median) and dtl report, the same as sclite's", async () => {
    const corpus = DTL_CORPORA.find((c) => c.name === 'random-fold')!;
    const pairs = corpus.pairs();
    write('ref.trn', toTrn(pairs.map((p) => ({ id: p.id, words: p.ref }))));
    write('hyp.trn', toTrn(pairs.map((p) => ({ id: p.id, words: p.hyp }))));
    const r = await sieve('wer', 'ref.trn', 'hyp.trn', '--report', 'sum,dtl', '--id-type', 'rm');
    expect(r.code, r.err).toBe(0);
    const sclite = dtlFixture.runs.find((x) => x.name === 'random-fold')!;
    const confusions = (text: string) => text.slice(text.indexOf('CONFUSION PAIRS'));
    expect(confusions(r.out)).toContain(confusions(sclite.dtl).replace(/\n+$/, ''));
    expect(r.out).toMatch(/^\| Median +\|/m);
    expect(r.out).toMatch(/^reports +asr-report\|speakers:rm\|case:fold\|v:/m);
    const json = await sieve('wer', 'ref.trn', 'hyp.trn', '--report', 'dtl', '--format', 'json');
    const summary = (
      JSON.parse(json.out.trimEnd().split('\n').at(-1)!) as { summary: Record<string, unknown> }
    ).summary;
    expect(summary['errorAnalysis']).toMatchObject({ sentences: { total: pairs.length } });
    expect(summary['speakers']).toBeUndefined();
  });

  it('refuses an unknown report or id type', async () => {
    write('ref.trn', 'a (s_1)\n');
    write('hyp.trn', 'a (s_1)\n');
    expect((await sieve('wer', 'ref.trn', 'hyp.trn', '--report', 'lur')).code).toBe(2);
    expect((await sieve('wer', 'ref.trn', 'hyp.trn', '--report', 'sum', '--id-type', 'x')).code).toBe(2);
  });
});
