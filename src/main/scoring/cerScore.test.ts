// CER as a project metric through `sieve score`: a corpus figure with n / N beside WER's, in JSON,
// Markdown and CSV, equal to `sieve cer` on the project's gold and system words written as trn files.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { runSieve } from '../../../test/helpers/runSieve';
import { ProjectStore } from '../store/projectStore';
import { getSystemOutput } from '../store/systemStore';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-cerscore-')));
afterEach(() => cleanup());

interface Figure {
  metric: string;
  value: number | null;
  n: number;
  N: number;
  empty: number;
  signature: string;
}

/** The gold words and one system's words (none where it has no output) of every utterance, as trn lines. */
function trnFiles(file: string, systemName: string): { ref: string; hyp: string } {
  const store = ProjectStore.open(file);
  try {
    const system = store.systems().find((s) => s.name === systemName)!;
    const line = (words: string[], id: string): string => `${words.join(' ')} (${id})\n`;
    let ref = '';
    let hyp = '';
    for (const u of store.listUtterances()) {
      ref += line(
        store.goldState(u.id).gold.words.map((w) => w.text),
        u.id,
      );
      hyp += line(getSystemOutput(store.db, system.id, u.id)?.words?.map((w) => w.text) ?? [], u.id);
    }
    return { ref, hyp };
  } finally {
    store.close();
  }
}

describe('CER in sieve score', () => {
  it('reports CER with n / N beside WER, equal to sieve cer on the same words', async () => {
    const file = copyDemo(path.join(dir, 'demo'));
    const r = await runSieve(dir, 'score', file);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { systems: { name: string; figures: Figure[] }[] };
    expect(out.systems.length).toBeGreaterThan(0);
    for (const s of out.systems) {
      const wer = s.figures.find((f) => f.metric === 'WER')!;
      const cer = s.figures.find((f) => f.metric === 'CER')!;
      expect(cer).toBeDefined();
      expect(s.figures.indexOf(cer)).toBe(s.figures.indexOf(wer) + 1);
      expect({ n: cer.n, N: cer.N, empty: cer.empty }).toEqual({ n: wer.n, N: wer.N, empty: wer.empty });
      expect(cer.N).toBeGreaterThan(0);
      expect(cer.signature).toMatch(/^cer\|costs:sclite\|case:fold\|split:chars\|missing:empty\|v:/);
      const { ref, hyp } = trnFiles(file, s.name);
      fs.writeFileSync(path.join(dir, 'ref.trn'), ref);
      fs.writeFileSync(path.join(dir, 'hyp.trn'), hyp);
      const c = await runSieve(dir, 'cer', 'ref.trn', 'hyp.trn', '--format', 'json');
      expect(c.code).toBe(0);
      const summary = (JSON.parse(c.out.trim().split('\n').at(-1)!) as { summary: { wer: number } }).summary;
      expect(cer.value).toBeCloseTo(summary.wer, 12);
    }
    // Characters are not words: CER is not WER under another name (a perfect system has 0 for both).
    const differ = out.systems.filter((s) => {
      const value = (m: string) => s.figures.find((f) => f.metric === m)!.value;
      return value('CER') !== value('WER');
    });
    expect(differ.length).toBeGreaterThan(0);
    const md = await runSieve(dir, 'score', file, '--format', 'md');
    expect(md.out).toMatch(/\| CER \|/);
    const csv = await runSieve(dir, 'score', file, '--format', 'csv');
    expect(csv.out.split('\n').some((l) => l.includes(',CER,'))).toBe(true);
  });
});
