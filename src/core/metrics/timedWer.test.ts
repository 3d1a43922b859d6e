import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scliteAvailable } from '../../../test/fixtures/sclite/sclite';
import { seededRandom } from '../stats/prng';
import { type NetWord, collarDistance, netWord, timeDistance, wordDistance } from '../align/network';
import { SCLITE_COSTS } from '../align/costs';
import type { TimedWord } from '../model/annotation';
import { type TimedTranscript, scoreTimedTranscripts } from './timedWer';

const tw = (text: string, startSec: number, endSec: number): TimedWord => ({ text, startSec, endSec });

/** Obviously-correct distance of two timed word sequences under `d` (the plain recursion). */
function slowCost(r: NetWord[], h: NetWord[], d: (a: NetWord | null, b: NetWord | null) => number): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === 0 && j === 0) return 0;
    const k = `${i},${j}`;
    const m = memo.get(k);
    if (m !== undefined) return m;
    let v = Infinity;
    if (i > 0) v = Math.min(v, go(i - 1, j) + d(r[i - 1]!, null));
    if (j > 0) v = Math.min(v, go(i, j - 1) + d(null, h[j - 1]!));
    if (i > 0 && j > 0) v = Math.min(v, go(i - 1, j - 1) + d(r[i - 1]!, h[j - 1]!));
    memo.set(k, v);
    return v;
  };
  return go(r.length, h.length);
}

describe('timed WER', () => {
  it("aligns by times as sclite -T does (the example's pra, sctk sclite -T)", () => {
    const ref = [tw('the', 0, 0.3), tw('cat', 0.3, 0.7), tw('sat', 0.7, 1), tw('down', 1, 1.5)];
    const hyp = [tw('the', 0, 0.3), tw('bat', 0.35, 0.65), tw('sat', 0.7, 1), tw('sown', 1.1, 1.3)];
    const r = scoreTimedTranscripts([{ id: 'f1-A', words: ref }], [{ id: 'f1-a', words: hyp }], {
      mode: { kind: 'time-mediated' },
      ignoreCase: true,
    });
    expect(r.utterances[0]!.alignment.map((p) => p.op).join('')).toBe('CSCS');
    expect(r.signature).toMatch(/^wer\|costs:time\|case:fold\|time:mediated\|v:/);
  });

  it('with a collar, pairs only words within it: a right word at the wrong time is an error', () => {
    const ref = [tw('a', 0, 0.5), tw('b', 0.5, 1)];
    const hyp = [tw('a', 3, 3.5), tw('b', 0.6, 1)];
    const opts = (collarSec: number) => ({ mode: { kind: 'collar' as const, collarSec }, ignoreCase: true });
    const far = scoreTimedTranscripts([{ id: 'u', words: ref }], [{ id: 'u', words: hyp }], opts(0.25));
    expect(far.utterances[0]!.stats).toMatchObject({ C: 1, S: 0, D: 1, I: 1 });
    expect(far.signature).toMatch(/\|collar:0\.25\|/);
    // Hypothesis `a` is listed first (at 3 s): with a collar wide enough it pairs, and `b` is an error.
    const wide = scoreTimedTranscripts([{ id: 'u', words: ref }], [{ id: 'u', words: hyp }], opts(5));
    expect(wide.utterances[0]!.stats).toMatchObject({ C: 2, S: 0, D: 0, I: 0 });
  });

  const words = fc.array(
    fc.record({
      text: fc.constantFrom('a', 'b', 'c'),
      start: fc.integer({ min: 0, max: 40 }),
      len: fc.integer({ min: 1, max: 8 }),
    }),
    { maxLength: 6 },
  );
  const toNet = (ws: { text: string; start: number; len: number }[]): NetWord[] =>
    ws.map((w) => ({ ...netWord(w.text), startSec: w.start / 10, endSec: (w.start + w.len) / 10 }));
  const toTimed = (ws: { text: string; start: number; len: number }[]): TimedTranscript => ({
    id: 'u',
    words: ws.map((w) => tw(w.text, w.start / 10, (w.start + w.len) / 10)),
  });

  it('finds the minimum time-mediated and collar costs (property test against the plain recursion)', () => {
    fc.assert(
      fc.property(words, words, fc.integer({ min: 0, max: 10 }), (r, h, collar) => {
        const tm = scoreTimedTranscripts([toTimed(r)], [toTimed(h)], { mode: { kind: 'time-mediated' } });
        expect(tm.utterances[0]!.cost).toBeCloseTo(slowCost(toNet(r), toNet(h), timeDistance), 3);
        const mode = { kind: 'collar' as const, collarSec: collar / 10 };
        const co = scoreTimedTranscripts([toTimed(r)], [toTimed(h)], { mode });
        const d = collarDistance(collar / 10, wordDistance);
        expect(co.utterances[0]!.cost).toBeCloseTo(
          slowCost(toNet(r), toNet(h), (a, b) => d(a, b, SCLITE_COSTS)),
          4,
        );
        // No pair outside the collar.
        for (const p of co.utterances[0]!.alignment) {
          if (p.refIndex < 0 || p.hypIndex < 0) continue;
          const a = toNet(r)[p.refIndex]!;
          const b = toNet(h)[p.hypIndex]!;
          const slack = collar / 10 + 1e-9;
          expect(b.endSec! >= a.startSec! - slack && b.startSec! <= a.endSec! + slack).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Runs `sctk sclite -T` on CTM files and returns each conversation side's counts and operations. */
function scliteTimed(refs: TimedTranscript[], hyps: TimedTranscript[]): Map<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-sclite-ctm-'));
  try {
    const ctm = (ts: TimedTranscript[]) =>
      ts
        .flatMap((t) =>
          t.words.map(
            (w) => `${t.id} A ${w.startSec!.toFixed(2)} ${(w.endSec! - w.startSec!).toFixed(2)} ${w.text}\n`,
          ),
        )
        .join('');
    fs.writeFileSync(path.join(dir, 'ref.ctm'), ctm(refs));
    fs.writeFileSync(path.join(dir, 'hyp.ctm'), ctm(hyps));
    const args = ['sclite', '-r', 'ref.ctm', 'ctm', '-h', 'hyp.ctm', 'ctm', '-T', '-o', 'sgml', '-O', dir];
    const r = spawnSync('sctk', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`sctk sclite -T failed: ${r.stderr}${r.stdout}`);
    const sgml = fs.readFileSync(path.join(dir, 'hyp.ctm.sgml'), 'utf8');
    const out = new Map<string, string>();
    for (const m of sgml.matchAll(/<PATH id="\((.*?)-a-0000\)"[^>]*>\n([^\n]*)\n<\/PATH>/g)) {
      out.set(m[1]!, [...m[2]!.matchAll(/(?:^|:)([CSID]),/g)].map((x) => x[1]).join(''));
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const hasSclite = scliteAvailable();
const skipReason = hasSclite ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)';
describe.skipIf(!hasSclite)(`time-mediated WER against a live sclite -T run${skipReason}`, () => {
  it('gives the alignments of sctk sclite -T on CTM files (conversations of up to 12 words)', () => {
    const rnd = seededRandom(31);
    const int = (n: number): number => Math.floor(rnd() * n);
    const side = (): TimedWord[] => {
      const out: TimedWord[] = [];
      let t = int(5) / 10;
      for (let k = int(12); k > 0; k--) {
        const len = (1 + int(6)) / 10;
        out.push(tw(['a', 'b', 'c', 'd'][int(4)]!, Number(t.toFixed(2)), Number((t + len).toFixed(2))));
        t += len + int(3) / 10;
      }
      return out;
    };
    const ids = Array.from({ length: 60 }, (_, k) => `f${String(k).padStart(3, '0')}`);
    const refs = ids.map((id) => ({ id, words: side() })).filter((t) => t.words.length > 0);
    const hyps = refs.map((r) => ({ id: r.id, words: side() })).filter((t) => t.words.length > 0);
    const both = refs.filter((r) => hyps.some((h) => h.id === r.id));
    const sclite = scliteTimed(
      both,
      hyps.filter((h) => both.some((r) => r.id === h.id)),
    );
    const scored = scoreTimedTranscripts(
      both,
      hyps.filter((h) => both.some((r) => r.id === h.id)),
      {
        mode: { kind: 'time-mediated' },
        ignoreCase: true,
      },
    );
    const got = new Map(scored.utterances.map((u) => [u.id, u.alignment.map((p) => p.op).join('')]));
    expect(sclite.size).toBe(both.length);
    expect(got).toEqual(sclite);
  });
});
