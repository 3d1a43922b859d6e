// `sieve report --out report.html` on a project whose appendix the HTML abridges (more than APPENDIX_LIMIT
// utterances): the CSV report with every utterance's figures is written beside it and the HTML names it;
// a project below the limit gets the HTML alone.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/tempProject';
import { runSieve } from '../../../../test/helpers/runSieve';
import { writeWav } from '../../../../test/helpers/wavFixture';
import type { ProjectManifestInput } from '../../../core/model/projectManifest';
import { APPENDIX_LIMIT, APPENDIX_SHOWN } from '../../report/htmlReport';
import { CSV_HEADER, parseCsv } from '../../report/csvReport';
import { createProject } from '../../store/createProject';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

/** A project of `n` two-word utterances and one system that gets every third utterance's second word wrong. */
async function project(n: number): Promise<string> {
  writeWav(path.join(dir, 'a.wav'), 2, 8000, () => 0);
  const words = (i: number, hyp: boolean) => [
    { text: 'to', startSec: 0.1, endSec: 0.4 },
    { text: hyp && i % 3 === 0 ? 'bonn' : 'berlin', startSec: 0.5, endSec: 0.9 },
  ];
  const ids = Array.from({ length: n }, (_, i) => `u${String(i).padStart(5, '0')}`);
  const manifest: ProjectManifestInput = {
    name: 'large',
    audio: [{ id: 'a', path: 'a.wav' }],
    utterances: ids.map((id, i) => ({ id, audio: 'a', startSec: 0, endSec: 1, words: words(i, false) })),
    systems: [{ name: 'asr', outputs: ids.map((id, i) => ({ id, words: words(i, true) })) }],
  };
  await createProject(path.join(dir, 'large.sieve'), manifest, dir);
  return 'large.sieve';
}

describe('sieve report of a large project', { timeout: 120_000 }, () => {
  it('writes every utterance beside an abridged HTML report, and names it there', async () => {
    const n = APPENDIX_LIMIT + 1;
    const file = await project(n);
    fs.mkdirSync(path.join(dir, 'out'));
    const r = await runSieve(dir, 'report', file, '--out', 'out/r.html');
    expect(r.code).toBe(0);
    expect(r.err).toContain("wrote out/r.html and, with every utterance's figures, out/r.csv");
    const html = fs.readFileSync(path.join(dir, 'out/r.html'), 'utf8');
    expect(html).toContain('every row is in <code>r.csv</code>, written beside this file');
    expect(html.slice(html.indexOf('id="utterances"')).match(/<th scope="row">u\d+<\/th>/g)).toHaveLength(
      2 * APPENDIX_SHOWN,
    );
    const csv = parseCsv(fs.readFileSync(path.join(dir, 'out/r.csv'), 'utf8'));
    expect(csv[0]).toEqual(CSV_HEADER);
    const werRows = csv.filter((row) => row[0] === 'utterance' && row[3] === 'WER');
    expect(werRows).toHaveLength(n);
    // The CSV beside it is the CSV report itself.
    const asked = await runSieve(dir, 'report', file, '--format', 'csv');
    expect(asked.out).toBe(fs.readFileSync(path.join(dir, 'out/r.csv'), 'utf8'));
  });

  it('writes the HTML alone below the limit', async () => {
    const file = await project(30);
    const r = await runSieve(dir, 'report', file, '--out', 'r.html');
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'r.csv'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'r.html'), 'utf8')).not.toContain('written beside this file');
  });
});
