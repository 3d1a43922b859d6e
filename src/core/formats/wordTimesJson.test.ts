import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';
import {
  parseGentleJson,
  parseWhisperXJson,
  parseWordTimesJson,
  parseWordTimesJsonOrThrow,
} from './wordTimesJson';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const mutations = () =>
  fc.array(
    fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(30),
      text: fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '-1', 'null'),
      ),
    }),
    { minLength: 1, maxLength: 4 },
  );

describe('WhisperX JSON', () => {
  it('reads segments and words; unaligned words keep null times, with one warning', () => {
    const r = parseWhisperXJson(fixture('whisperx.json'));
    expect(r.value).toEqual([
      {
        startSec: 0.031,
        endSec: 2.394,
        text: "Hello world, it's 2024.",
        words: [
          { text: 'Hello', startSec: 0.031, endSec: 0.352, confidence: 0.902 },
          { text: 'world,', startSec: 0.412, endSec: 0.853, confidence: 0.871 },
          { text: "it's", startSec: 0.913, endSec: 1.074, confidence: 0.75 },
          { text: '2024.', startSec: null, endSec: null },
        ],
      },
      {
        startSec: 2.5,
        endSec: 3.1,
        text: 'Bye.',
        speaker: 'SPEAKER_01',
        words: [{ text: 'Bye.', startSec: 2.5, endSec: 3.1, confidence: 0.99 }],
      },
    ]);
    expect(r.diagnostics).toMatchObject([
      {
        code: 'whisperx.untimed',
        severity: 'warning',
        line: 11,
        column: 9,
        message: '1 word(s) have no start/end (kept without times)',
      },
    ]);
  });

  it('keeps the text of a segment without words, untimed', () => {
    const r = parseWhisperXJson('{"segments": [{"start": 0, "end": 1, "text": " two words"}]}');
    expect(r.value[0]!.words).toEqual([
      { text: 'two', startSec: null, endSec: null },
      { text: 'words', startSec: null, endSec: null },
    ]);
    expect(r.diagnostics[0]!.code).toBe('whisperx.unaligned');
  });

  it('points at the offending value', () => {
    const text = '{"segments": [\n  {"words": [{"word": "a", "start": "0.5", "end": 1}]}\n]}';
    expect(parseWhisperXJson(text).diagnostics).toMatchObject([
      {
        code: 'whisperx.schema',
        line: 2,
        column: 37,
        message: 'segments.0.words.0.start: Invalid input: expected number, received string',
      },
    ]);
    const reversed = parseWhisperXJson('{"segments": [{"words": [{"word": "a", "start": 2, "end": 1}]}]}');
    expect(reversed.diagnostics[0]).toMatchObject({ code: 'whisperx.order', column: 59 });
    expect(parseWhisperXJson('{"segments": [}').diagnostics[0]).toMatchObject({
      code: 'whisperx.json',
      column: 15,
    });
  });
});

describe('Gentle JSON', () => {
  it('reads success words with times and not-found-in-audio words without', () => {
    const r = parseGentleJson(fixture('gentle.json'));
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      { text: 'Hello', startSec: 0.31, endSec: 0.75 },
      { text: 'there', startSec: null, endSec: null },
      { text: 'world', startSec: 0.98, endSec: 1.42 },
    ]);
    expect(parseGentleJson(fixture('gentle.json'), { spelling: 'alignedWord' }).value[0]!.text).toBe('hello');
  });

  it('reports a success word without times and skips unknown cases with a warning', () => {
    const r = parseGentleJson(
      '{"words": [{"word": "a", "case": "success"}, {"word": "um", "case": "not-found-in-transcript"}]}',
    );
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.column])).toEqual([
      ['gentle.times', 'error', 12],
      ['gentle.case', 'warning', 69],
    ]);
  });
});

describe('word-times JSON, either kind', () => {
  it('tells WhisperX from Gentle and says what it expected otherwise', () => {
    expect(parseWordTimesJson(fixture('gentle.json'))).toMatchObject({ format: 'gentle', diagnostics: [] });
    expect(parseWordTimesJson('\ufeff' + fixture('whisperx.json')).value).toHaveLength(5);
    expect(parseWordTimesJson('{"text": "x"}').diagnostics[0]!.message).toBe(
      'expected WhisperX JSON ({"segments": [...]}) or Gentle JSON ({"words": [...]})',
    );
    expect(() => parseWordTimesJsonOrThrow('{"segments": 3}', 'a.json')).toThrow(
      /^a\.json:1:14: segments: Invalid input/,
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const samples = [fixture('whisperx.json'), fixture('gentle.json')];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.json(),
          fc.constantFrom(...samples).chain((s) => mutations().map((m) => applyMutations(s, m))),
        ),
        (text) => {
          expect(badDiagnostic(text, parseWordTimesJson(text).diagnostics)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
