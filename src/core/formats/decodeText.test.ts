import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeText } from './decodeText';

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
    });
    expect(decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toMatchObject({ text: 'a\ufffd', replaced: 1 });
    expect(decodeText(new Uint8Array([]))).toEqual({ text: '', encoding: 'utf-8', replaced: 0 });
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
