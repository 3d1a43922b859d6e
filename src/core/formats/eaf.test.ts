import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type EafTierInput, eafTierWords, parseEaf, parseEafOrThrow, writeEaf } from './eaf';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';

const elan = readFileSync(new URL('./fixtures/elan.eaf', import.meta.url), 'utf8');

describe('EAF reader', () => {
  it('reads tiers, interpolates unaligned slots and gives dependent annotations their parent times', () => {
    const r = parseEaf(elan);
    // ts3 and ts4 are unaligned between ts2 = 480 ms and ts5 = 1380 ms: (1380 − 480) / 3 = 300 ms apart,
    // so 780 and 1080 ms (hand calculation).
    expect(r.value).toEqual({
      media: [{ url: 'file:///data/rec01.wav', relativeUrl: './rec01.wav', mimeType: 'audio/x-wav' }],
      tiers: [
        {
          id: 'words',
          participant: 'spk1',
          linguisticType: 'words-lt',
          annotations: [
            { id: 'a1', value: 'fish & chips', startSec: 0.12, endSec: 0.48, interpolated: false },
            { id: 'a2', value: 'to', startSec: 0.48, endSec: 0.78, interpolated: true },
            { id: 'a3', value: 'go', startSec: 0.78, endSec: 1.08, interpolated: true },
            { id: 'a4', value: '', startSec: 1.08, endSec: 1.38, interpolated: true },
          ],
        },
        {
          id: 'gloss',
          participant: 'spk1',
          linguisticType: 'gloss-lt',
          parent: 'words',
          annotations: [
            { id: 'a5', value: 'food <n>', startSec: 0.12, endSec: 0.48, interpolated: false, ref: 'a1' },
          ],
        },
      ],
    });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['eaf.unaligned', 'warning', 22],
      ['eaf.unaligned', 'warning', 27],
      ['eaf.unaligned', 'warning', 32],
    ]);
    expect(eafTierWords(r.value)).toEqual([
      { text: 'fish & chips', startSec: 0.12, endSec: 0.48 },
      { text: 'to', startSec: 0.48, endSec: 0.78 },
      { text: 'go', startSec: 0.78, endSec: 1.08 },
    ]);
    expect(eafTierWords(r.value, 'gloss')).toHaveLength(1);
    expect(eafTierWords(r.value, 'nope')).toBeNull();
  });

  it('leaves unaligned times null when asked', () => {
    const a3 = parseEaf(elan, { unaligned: 'null' }).value.tiers[0]!.annotations[2]!;
    expect(a3).toMatchObject({ startSec: null, endSec: null, interpolated: true });
  });

  it('reads a file with 100,000 nested elements in linear time (it took about 80 s before)', () => {
    const n = 100_000;
    const deep = elan.replace(
      '</ANNOTATION_DOCUMENT>',
      `<EXTRA>${'<X>'.repeat(n)}${'</X>'.repeat(n)}</EXTRA></ANNOTATION_DOCUMENT>`,
    );
    const r = parseEaf(deep);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(eafTierWords(r.value)!.map((w) => w.text)).toEqual(['fish & chips', 'to', 'go']);
  });

  it('reports unknown references, bad times and wrong documents with line and column', () => {
    const bad = elan
      .replace('TIME_SLOT_REF2="ts2"', 'TIME_SLOT_REF2="ts9"')
      .replace('TIME_VALUE="120"', 'TIME_VALUE="1.2s"');
    const d = parseEaf(bad).diagnostics.filter((x) => x.severity === 'error');
    expect(d.map((x) => [x.code, x.line, x.column, x.message])).toEqual([
      ['eaf.time', 9, 51, "expected TIME_VALUE in whole milliseconds, found '1.2s'"],
      ['eaf.slotref', 17, 91, "unknown time slot 'ts9'"],
    ]);
    expect(
      parseEaf(elan.replace('ANNOTATION_REF="a1"', 'ANNOTATION_REF="zz"')).diagnostics.at(-1),
    ).toMatchObject({
      code: 'eaf.ref',
      line: 39,
    });
    expect(parseEaf('<TextGrid/>').diagnostics[0]!.message).toBe(
      'expected <ANNOTATION_DOCUMENT>, found <TextGrid>',
    );
    expect(() => parseEafOrThrow('<ANNOTATION_DOCUMENT>', {}, 'x.eaf')).toThrow(
      /^x\.eaf:1:1: expected <\/ANNOTATION_DOCUMENT>/,
    );
  });
});

const ms = fc.integer({ min: 0, max: 600_000 }).map((k) => k / 1000);
const tiers = fc.uniqueArray(fc.stringMatching(/^[A-Za-z][\w -]{0,6}$/), { maxLength: 3 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({
        id: fc.constant(id),
        participant: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
        annotations: fc.array(
          fc
            .tuple(ms, ms, fc.string({ maxLength: 6 }))
            .map(([a, b, value]) => ({ startSec: Math.min(a, b), endSec: Math.max(a, b), value })),
          { maxLength: 4 },
        ),
      }),
    ),
  ),
);

describe('EAF round trips and fuzzing', () => {
  it('reads back what it writes', () => {
    fc.assert(
      fc.property(tiers, (ts: EafTierInput[]) => {
        const back = parseEaf(writeEaf(ts, { mediaUrl: 'file:///a.wav', relativeMediaUrl: './a.wav' }));
        expect(back.diagnostics).toEqual([]);
        expect(back.value.media).toEqual([{ url: 'file:///a.wav', relativeUrl: './a.wav' }]);
        const simple = back.value.tiers.map((t) => ({
          id: t.id,
          ...(t.participant === undefined ? {} : { participant: t.participant }),
          annotations: t.annotations.map((a) => ({ startSec: a.startSec, endSec: a.endSec, value: a.value })),
        }));
        const clean = ts.map((t) =>
          t.participant === undefined ? { id: t.id, annotations: t.annotations } : t,
        );
        expect(simple).toEqual(clean);
      }),
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const op = fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(40),
      text: fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('<', '>', '/>', '"', '&', 'ts3', '</TIER>'),
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.array(op, { minLength: 1, maxLength: 4 }).map((m) => applyMutations(elan, m)),
        ),
        (text) => {
          const r = parseEaf(text);
          expect(badDiagnostic(text, r.diagnostics)).toBeNull();
          eafTierWords(r.value);
        },
      ),
      { numRuns: 300 },
    );
  });
});
