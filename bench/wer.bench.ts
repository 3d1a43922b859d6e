// Word error rate at corpus scale: `sieve wer` as a whole process against NIST sclite on the same files,
// in the same run. 20,000 utterances of ~20 words (seeded), ~15% word errors, 100 speakers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTrnOrThrow } from '../src/core/formats/trn';
import { scoreTranscripts } from '../src/core/metrics/wordAccuracy';
import { seededRandom, type BenchSuite } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const UTTERANCES = 20_000;

function writeCorpus(dir: string, seed: number): { words: number } {
  const rnd = seededRandom(seed);
  const vocab = Array.from({ length: 2000 }, (_, k) => `w${k}`);
  const pick = () => vocab[Math.floor(rnd() * vocab.length)]!;
  const ref: string[] = [];
  const hyp: string[] = [];
  let words = 0;
  for (let u = 0; u < UTTERANCES; u++) {
    const id = `spk${String(u % 100).padStart(3, '0')}_${String(u).padStart(5, '0')}`;
    const r = Array.from({ length: 15 + Math.floor(rnd() * 11) }, pick);
    const h: string[] = [];
    for (const w of r) {
      const x = rnd();
      if (x < 0.05) continue; // deletion
      if (x < 0.12)
        h.push(pick()); // substitution
      else if (x < 0.15)
        h.push(w, pick()); // insertion
      else h.push(w);
    }
    words += r.length;
    ref.push(`${r.join(' ')} (${id})\n`);
    hyp.push(`${h.join(' ')} (${id})\n`);
  }
  fs.writeFileSync(path.join(dir, 'ref.trn'), ref.join(''));
  fs.writeFileSync(path.join(dir, 'hyp.trn'), hyp.join(''));
  return { words };
}

/** Builds the app (bin/sieve.mjs runs out/main/cli.js) so the CLI measured is the current source. */
function buildCli(): boolean {
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 && fs.existsSync(path.join(ROOT, 'out/main/cli.js'));
}

const sumAvgRow = (text: string): string =>
  ((/\|\s*Sum\/Avg\|[^\n]*/.exec(text)?.[0] ?? '').match(/[\d.]+/g) ?? []).join(' ');

/** `sieve wer` (whole process, built CLI via bin/sieve.mjs) vs `sctk sclite`, plus the in-process core. */
export const werBench: BenchSuite = {
  name: 'wer',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-wer-'));
    try {
      const { words } = writeCorpus(dir, 20261123);
      const ref = path.join(dir, 'ref.trn');
      const hyp = path.join(dir, 'hyp.trn');
      const params = { utterances: UTTERANCES, refWords: words };

      const built = buildCli();
      // process.execPath is the Node running the bench (Node 22 under `npm run bench`), so bin/sieve.mjs
      // imports the CLI directly instead of re-spawning itself on the bundled Node.
      const sieveCmd = built
        ? [process.execPath, [path.join(ROOT, 'bin/sieve.mjs'), 'wer', ref, hyp, '--ignore-case']]
        : [
            process.execPath,
            ['--import', 'tsx', path.join(ROOT, 'src/main/cli/cliMain.ts'), 'wer', ref, hyp, '--ignore-case'],
          ];
      const runner = built
        ? 'node bin/sieve.mjs (out/main/cli.js from npm run build)'
        : 'node --import tsx src/main/cli/cliMain.ts (build failed)';
      let sieveOut = '';
      const sieve = await measure('sieve wer (process)', params, () => {
        const r = spawnSync(sieveCmd[0] as string, sieveCmd[1] as string[], {
          cwd: ROOT,
          encoding: 'utf8',
          maxBuffer: 1 << 26,
        });
        if (r.status !== 0) throw new Error(`sieve wer failed: ${r.stderr}`);
        sieveOut = r.stdout;
      });

      await measure('scoreTranscripts (in-process, files parsed)', params, () => {
        const refs = parseTrnOrThrow(fs.readFileSync(ref, 'utf8'));
        const hyps = parseTrnOrThrow(fs.readFileSync(hyp, 'utf8'));
        return scoreTranscripts(refs, hyps, { costs: 'sclite', ignoreCase: true }).wer;
      });

      const hasSclite = spawnSync('sctk', ['sclite'], { encoding: 'utf8' }).error === undefined;
      if (!hasSclite) {
        sieve.extra = { runner, sclite: 'not installed: no comparison' };
        return;
      }
      let scliteOut = '';
      const sclite = await measure(
        'sctk sclite (process)',
        params,
        () => {
          const args = ['sclite', '-r', ref, 'trn', '-h', hyp, 'trn', '-i', 'rm', '-o', 'sum', 'stdout'];
          const r = spawnSync('sctk', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
          if (r.status !== 0) throw new Error(`sclite failed: ${r.stderr}`);
          scliteOut = r.stdout;
        },
        { runs: 3 },
      );
      const ratio = sieve.medianMs / sclite.medianMs;
      const same = sumAvgRow(sieveOut) === sumAvgRow(scliteOut) && sumAvgRow(sieveOut) !== '';
      sieve.extra = {
        runner,
        scliteMedianMs: Math.round(sclite.medianMs),
        sieveOverScliteRatio: Number(ratio.toFixed(3)),
        sumAvgRowEqualsSclite: same ? 'yes' : 'no',
      };
      sclite.extra = {
        sieveMedianMs: Math.round(sieve.medianMs),
        sieveOverScliteRatio: Number(ratio.toFixed(3)),
      };
      console.log(
        `wer › sieve/sclite time ratio ${ratio.toFixed(3)}; Sum/Avg rows equal: ${same ? 'yes' : 'NO'}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
