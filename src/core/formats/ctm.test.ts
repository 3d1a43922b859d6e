import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCtm, parseCtmOrThrow, writeCtm } from './ctm';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';

const mutations = () =>
  fc.array(
    fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(20),
      text: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(' ', '\n', ';;', '-1', '1e999', '\t', 'x')),
    }),
    { minLength: 1, maxLength: 4 },
  );

// In the form Kaldi's lattice-to-ctm-conf / steps/get_ctm.sh writes (utterance id as the file, channel 1,
// two decimals); the expected times are start and start + duration, by hand.
const kaldi = `;; made by steps/get_ctm.sh
utt-001 1 0.12 0.36 hello 0.98
utt-001 1 0.48 0.57 world 0.71

utt-002 1 0.10 0.20 fine
utt-001 A 0.00 0.50 other-channel
`;

describe('CTM reader', () => {
  it('reads words grouped by file and channel, ends as start + duration, confidences', () => {
    const r = parseCtm(kaldi);
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      {
        id: 'utt-001',
        channel: '1',
        words: [
          { text: 'hello', startSec: 0.12, endSec: 0.48, confidence: 0.98 },
          { text: 'world', startSec: 0.48, endSec: 1.05, confidence: 0.71 },
        ],
      },
      { id: 'utt-002', channel: '1', words: [{ text: 'fine', startSec: 0.1, endSec: 0.3 }] },
      { id: 'utt-001', channel: 'A', words: [{ text: 'other-channel', startSec: 0, endSec: 0.5 }] },
    ]);
  });

  it('accepts NIST rich-transcription fields after the confidence, with one warning', () => {
    const r = parseCtm('f A 1.0 0.5 yes 0.9 lex spk1\nf A 2.0 0.5 no 0.8 lex spk1\n');
    expect(r.value[0]!.words).toHaveLength(2);
    expect(r.diagnostics).toMatchObject([{ code: 'ctm.extra', severity: 'warning', line: 1, column: 21 }]);
  });

  it('reports each bad line with line, column and what it expected, and keeps the good ones', () => {
    const r = parseCtm('u 1 1.0 0.5 a\nu 1 x 0.5 b\nu 1 1.0 -2 c\nu 1\nu 1 2 1 d 1.5\nu 1 0.5 0.1 e\n');
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column, d.severity])).toEqual([
      ['ctm.start', 2, 5, 'error'],
      ['ctm.duration', 3, 9, 'error'],
      ['ctm.fields', 4, 4, 'error'],
      ['ctm.confidence', 5, 11, 'error'],
      ['ctm.order', 6, 5, 'warning'],
    ]);
    expect(r.diagnostics[0]!.message).toBe("expected a start time in seconds (≥ 0), found 'x'");
    expect(r.diagnostics[2]!.message).toBe(
      'expected <file> <channel> <start> <duration> <word> [<confidence>], found 2 fields',
    );
    expect(r.value[0]!.words.map((w) => w.text)).toEqual(['a', 'e']);
    expect(() => parseCtmOrThrow('u 1 x 1 a', 'hyp.ctm')).toThrow(/^hyp\.ctm:1:5: expected a start time/);
  });

  it('refuses to write what CTM cannot hold', () => {
    expect(() => writeCtm([{ id: 'u', words: [{ text: 'a', startSec: null, endSec: null }] }])).toThrow(
      /no times/,
    );
    expect(() => writeCtm([{ id: 'u 1', words: [] }])).toThrow(/whitespace/);
    expect(() => writeCtm([{ id: 'u', words: [{ text: 'a b', startSec: 0, endSec: 1 }] }])).toThrow(
      /whitespace/,
    );
    expect(writeCtm([])).toBe('');
  });
});

// Millisecond times, as the writer's default precision keeps them exactly.
const word = fc
  .record({
    text: fc.stringMatching(/^[^\s]{1,6}$/),
    start: fc.integer({ min: 0, max: 1_000_000 }),
    dur: fc.integer({ min: 0, max: 5000 }),
    conf: fc.option(fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }), { nil: undefined }),
  })
  .map(({ text, start, dur, conf }) => ({
    text,
    startSec: start / 1000,
    endSec: (start + dur) / 1000,
    ...(conf === undefined ? {} : { confidence: Object.is(conf, -0) ? 0 : conf }),
  }));
const utterances = fc
  .uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { maxLength: 4 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          channel: fc.constantFrom('1', 'A'),
          words: fc.array(word, { minLength: 1, maxLength: 5 }),
        }),
      ),
    ),
  )
  .map((us) => us.map((u) => ({ ...u, words: [...u.words].sort((a, b) => a.startSec - b.startSec) })));

describe('CTM round trips and fuzzing', () => {
  it('reads back what it writes', () => {
    fc.assert(
      fc.property(utterances, (us) => {
        expect(parseCtm(writeCtm(us))).toEqual({ value: us, diagnostics: [] });
      }),
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          mutations().map((m) => applyMutations(kaldi, m)),
        ),
        (text) => {
          expect(badDiagnostic(text, parseCtm(text).diagnostics)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});

const hasSclite = ((): boolean => {
  try {
    execFileSync('sctk', ['sclite'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as { status?: number }).status !== undefined && (e as { code?: string }).code !== 'ENOENT';
  }
})();

describe.skipIf(!hasSclite)('CTM written here, read by NIST sclite (skipped: sctk not installed)', () => {
  it('scores as expected by hand: 4 reference words, 1 substitution, 1 deletion', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sieve-ctm-'));
    try {
      writeFileSync(
        join(dir, 'ref.stm'),
        'utt-001 1 spk 0.00 2.00 hello world\nutt-002 1 spk 0.00 1.00 fine thanks\n',
      );
      const hyp = writeCtm([
        {
          id: 'utt-001',
          words: [
            { text: 'hello', startSec: 0.12, endSec: 0.48, confidence: 0.98 },
            { text: 'word', startSec: 0.48, endSec: 1.05 },
          ],
        },
        { id: 'utt-002', words: [{ text: 'fine', startSec: 0.1, endSec: 0.3 }] },
      ]);
      writeFileSync(join(dir, 'hyp.ctm'), hyp);
      const out = execFileSync(
        'sctk',
        ['sclite', '-r', 'ref.stm', 'stm', '-h', 'hyp.ctm', 'ctm', '-o', 'sum', 'stdout'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      // | Sum/Avg|  #Snt #Wrd | Corr Sub Del Ins Err S.Err | …
      const sum = out.split('\n').find((l) => l.includes('Sum/Avg'))!;
      expect(sum.replace(/[|]/g, ' ').trim().split(/\s+/).slice(1, 9)).toEqual([
        '2',
        '4',
        '50.0',
        '25.0',
        '25.0',
        '0.0',
        '50.0',
        '100.0',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
