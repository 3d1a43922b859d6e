import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeText, decodeTextStrict } from './decodeText';

const utf16 = (s: string, little: boolean, bom = true): Uint8Array => {
  const out = new Uint8Array((s.length + (bom ? 1 : 0)) * 2);
  const units = bom ? '\ufeff' + s : s;
  for (let i = 0; i < units.length; i++) {
    const u = units.charCodeAt(i);
    out[2 * i] = little ? u & 0xff : u >> 8;
    out[2 * i + 1] = little ? u >> 8 : u & 0xff;
  }
  return out;
};

describe('decodeText', () => {
  it('decodes UTF-16 either way round, with or without a mark, and UTF-8 with or without one', () => {
    expect(decodeText(utf16('héllo', false))).toEqual({ text: 'héllo', encoding: 'utf-16be', replaced: 0 });
    expect(decodeText(utf16('héllo', true))).toEqual({ text: 'héllo', encoding: 'utf-16le', replaced: 0 });
    expect(decodeText(utf16('File', false, false)).text).toBe('File');
    expect(decodeText(utf16('File', true, false)).encoding).toBe('utf-16le');
    expect(decodeText(new TextEncoder().encode('\ufeffa€𝄞'))).toEqual({
      text: 'a€𝄞',
      encoding: 'utf-8',
      replaced: 0,
      multiByte: 2,
    });
    expect(decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toMatchObject({ text: 'a\ufffd', replaced: 1 });
    expect(decodeText(new Uint8Array([]))).toEqual({
      text: '',
      encoding: 'utf-8',
      replaced: 0,
      multiByte: 0,
    });
  });

  it('decodes any text as the platform encoders wrote it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), fc.boolean(), (s, little) => {
        expect(decodeText(new TextEncoder().encode('\ufeff' + s)).text).toBe(s);
        expect(decodeText(utf16(s, little)).text).toBe(s);
      }),
    );
  });

  it('replaces malformed UTF-8 exactly as TextDecoder does', () => {
    const oracle = new TextDecoder('utf-8');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        // Start with an ASCII byte so the UTF-16 sniffing (a zero in the first code unit) stays out of it.
        const b = new Uint8Array([0x41, 0x41, ...bytes]);
        expect(decodeText(b).text).toBe(oracle.decode(b));
      }),
      { numRuns: 500 },
    );
    const worst = new Uint8Array([
      0x41, 0x41, 0xe2, 0x82, 0x41, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0xc0, 0xff, 0xf0,
    ]);
    expect(decodeText(worst).text).toBe(oracle.decode(worst));
  });
});

describe('decodeTextStrict', () => {
  const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

  it('refuses malformed UTF-8 naming the line, the column and the bytes', () => {
    expect(decodeTextStrict(latin1('a b\ncaf\xe9 1.5'))).toEqual({
      ok: false,
      line: 2,
      column: 4,
      message: 'invalid UTF-8 (bytes E9 20)',
    });
    expect(decodeTextStrict(latin1('\xff'))).toMatchObject({
      line: 1,
      column: 1,
      message: 'invalid UTF-8 (byte FF)',
    });
    expect(decodeTextStrict(latin1('ab\xe2\x82'))).toMatchObject({
      column: 3,
      message: 'invalid UTF-8 (bytes E2 82)',
    });
    // A mark says the file is UTF-8: the malformed bytes are refused, never read as Windows-1252.
    expect(decodeTextStrict(latin1('\xef\xbb\xbfx\xe9'), { windows1252: true })).toMatchObject({
      ok: false,
      column: 2,
    });
    expect(decodeTextStrict(new TextEncoder().encode('€ ok'))).toEqual({
      ok: true,
      text: '€ ok',
      encoding: 'utf-8',
    });
  });

  it('refuses malformed UTF-16: an odd final byte, an unpaired surrogate', () => {
    expect(decodeTextStrict(new Uint8Array([0xfe, 0xff, 0, 0x61, 0x0a, 0x62, 0x63]))).toMatchObject({
      ok: false,
      message: 'invalid UTF-16: an odd final byte (byte 63)',
    });
    expect(decodeTextStrict(new Uint8Array([0xff, 0xfe, 0x61, 0, 0x00, 0xd8, 0x62, 0]))).toMatchObject({
      ok: false,
      line: 1,
      column: 2,
      message: 'invalid UTF-16: an unpaired surrogate (bytes 00 D8)',
    });
  });

  it('reads Windows-1252 only when asked, and only a file with no UTF-8 in it', () => {
    expect(decodeTextStrict(latin1('x\n"caf\xe9 \x80"'), { windows1252: true })).toEqual({
      ok: true,
      text: 'x\n"café €"',
      encoding: 'windows-1252',
      fallback: { line: 2, column: 5, char: 'é' },
    });
    // Well-formed UTF-8 beside a malformed byte is damaged UTF-8.
    const mixed = new Uint8Array([...new TextEncoder().encode('é '), 0xe9]);
    expect(decodeTextStrict(mixed, { windows1252: true })).toMatchObject({ ok: false, column: 3 });
    // 0x81 has no character in Windows-1252.
    expect(decodeTextStrict(latin1('\xe9\x81'), { windows1252: true })).toMatchObject({ ok: false });
  });

  it('accepts exactly what a fatal TextDecoder accepts', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        const b = new Uint8Array([0x41, 0x41, ...bytes]);
        let expected: string | null;
        try {
          expected = fatal.decode(b);
        } catch {
          expected = null;
        }
        const r = decodeTextStrict(b);
        expect(r.ok ? r.text : null).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
