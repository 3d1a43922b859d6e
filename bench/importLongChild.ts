// Runs one `sieve import` in this process and prints one JSON line: peak resident memory, processor and
// wall time. Run by bench/importLong.bench.ts in a process of its own, so that the peak is the import's
// alone. With `--read-whole` it instead reads the audio file whole and hashes it (the reference: what an
// import that holds the file in memory costs at least); with `--probe`, it only probes the audio file as
// an import does (hash, duration, peaks): the audio's part of the import's memory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { probeAudio } from '../src/main/audio/audioFile';
import { runCli } from '../src/main/cli/runCli';

const args = process.argv.slice(2);
const c0 = process.cpuUsage();
const w0 = performance.now();
let out = '';
let err = '';
let code = 0;
if (args[0] === '--read-whole') {
  const buf = fs.readFileSync(args[1]!);
  out = crypto.createHash('sha256').update(buf).digest('hex');
} else if (args[0] === '--probe') {
  out = (await probeAudio(args[1]!)).sha256;
} else {
  code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: process.cwd() });
}
const c = process.cpuUsage(c0);
const r1 = (x: number): number => Math.round(x * 10) / 10;
console.log(
  JSON.stringify({
    code,
    maxRssMB: r1(process.resourceUsage().maxRSS / 1024),
    cpuSec: r1((c.user + c.system) / 1e6),
    wallSec: r1((performance.now() - w0) / 1000),
    out: out.trim().split('\n').at(-1),
    err: err.trim().split('\n').slice(0, 3).join(' | '),
  }),
);
