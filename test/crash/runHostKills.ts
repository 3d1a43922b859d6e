// `npm run crash:host [-- --kills N --seed S --size U]`: the large host-kill run, by hand. Prints the
// figures and writes them to bench/results/hostKill.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { removeHostBundle } from '../helpers/hostBundle';
import { killHostRounds, makeKillProject } from './hostKill';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    size: { type: 'string', default: '1000' },
  },
});
const size = Number(values.size);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-kill-'));
const file = await makeKillProject(dir, size);
const figures = await killHostRounds({
  file,
  dir,
  kills: Number(values.kills),
  seed: Number(values.seed),
  size,
  onRound: (k, problems) => {
    if (problems.length > 0 || (k + 1) % 10 === 0)
      console.log(`kill ${k + 1}${problems.length ? `: ${problems.join('; ')}` : ''}`);
  },
});
fs.rmSync(dir, { recursive: true, force: true });
removeHostBundle();
const root = path.resolve(import.meta.dirname, '..', '..');
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
const out = { date: new Date().toISOString(), node: process.version, size, ...figures };
fs.writeFileSync(path.join(root, 'bench', 'results', 'hostKill.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
process.exitCode = figures.problems.length > 0 ? 1 : 0;
