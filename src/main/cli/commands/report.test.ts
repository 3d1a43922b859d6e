import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

describe('sieve report', () => {
  it('reports the demo systems in Markdown, JSON and CSV with the same figures', async () => {
    fs.cpSync(path.resolve(import.meta.dirname, '../../../../resources/demo'), path.join(dir, 'demo'), {
      recursive: true,
    });
    const md = await sieve('report', 'demo/demo.sieve');
    expect(md.code).toBe(0);
    expect(md.out).toMatch(/^# SIEVE demo: systems at corpus level/);
    expect(md.out).toMatch(/^\| pocketsphinx-domain \| \d+\.\d \[\d+\.\d, \d+\.\d\] \|/m);
    expect(md.out).toMatch(/^- WER: `wer\|costs:sclite\|case:fold\|v:[^`]*; boot\|/m);
    const json = JSON.parse((await sieve('report', 'demo/demo.sieve', '--format', 'json')).out) as {
      systems: { name: string; figures: { metric: string; value: number }[] }[];
    };
    const csv = (await sieve('report', 'demo/demo.sieve', '--format', 'csv')).out.trim().split('\n');
    expect(csv[0]).toBe('system,metric,value,lo,hi,n,signature,bootstrap');
    const werCsv = csv.find((l) => l.startsWith('pocketsphinx-domain,WER,'))!.split(',');
    const werJson = json.systems
      .find((s) => s.name === 'pocketsphinx-domain')!
      .figures.find((f) => f.metric === 'WER')!;
    expect(Number(werCsv[2])).toBe(werJson.value);
    expect(md.out).toContain(`| pocketsphinx-domain | ${(werJson.value * 100).toFixed(1)} [`);
  });

  it('says so when there is no system to report', async () => {
    await makeProject(dir);
    const r = await sieve('report', 'test.sieve');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no systems');
  });
});
