// Turns the bytes of a text file into a string without platform decoders (core has neither TextDecoder
// nor Buffer). Praat writes UTF-16 big-endian with a byte-order mark as soon as a label is not ASCII, and
// other tools write UTF-8, with or without a mark, so the readers of this folder take strings and callers
// decode files here.

/** The encodings `decodeText` recognises. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The first malformed sequence of a decoded text: where its U+FFFD stands and the bytes it replaced. */
export interface InvalidBytes {
  /** UTF-16 offset in the decoded text where the malformed sequence stands. */
  offset: number;
  /** The malformed bytes and, when one ended the sequence early, that byte too. */
  bytes: number[];
  /** Why the bytes are not text, for a message (`invalid UTF-8`, `invalid UTF-16: an odd final byte`). */
  reason: string;
}

/**
 * A decoded text, the encoding found, how many malformed sequences became U+FFFD (the first of them in
 * `invalid`), and how many characters took several UTF-8 bytes.
 */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  replaced: number;
  invalid?: InvalidBytes;
  multiByte?: number;
}

/**
 * Decodes file bytes: a UTF-16 byte-order mark (either order) or a UTF-8 one wins; without a mark, a
 * zero byte in the first code unit is taken as UTF-16 (ASCII text in UTF-16 always has one), else UTF-8.
 * The mark is not part of the text.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xfe && b1 === 0xff) return decodeUtf16(bytes, 2, false);
  if (b0 === 0xff && b1 === 0xfe) return decodeUtf16(bytes, 2, true);
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes, 3);
  if (bytes.length >= 2 && b0 === 0 && b1 !== 0) return decodeUtf16(bytes, 0, false);
  if (bytes.length >= 2 && b0 !== 0 && b1 === 0) return decodeUtf16(bytes, 0, true);
  return decodeUtf8(bytes, 0);
}

const CHUNK = 8192;

function fromUnits(units: Uint16Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += CHUNK) {
    out += String.fromCharCode(...units.subarray(i, Math.min(length, i + CHUNK)));
  }
  return out;
}

function decodeUtf16(bytes: Uint8Array, start: number, little: boolean): DecodedText {
  const count = (bytes.length - start) >> 1;
  const units = new Uint16Array(count + 1);
  for (let k = 0, i = start; k < count; k++, i += 2) {
    units[k] = little ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
  }
  // An odd trailing byte cannot be a code unit.
  const odd = (bytes.length - start) & 1;
  if (odd) units[count] = 0xfffd;
  const encoding = little ? 'utf-16le' : 'utf-16be';
  const decoded: DecodedText = { text: fromUnits(units, count + odd), encoding, replaced: odd };
  // A surrogate must be a high one followed by a low one; an unpaired one is kept as it is (as
  // String.fromCharCode keeps it) but is not text.
  for (let k = 0; k < count; k++) {
    const u = units[k]!;
    if (u < 0xd800 || u > 0xdfff) continue;
    if (u <= 0xdbff && k + 1 < count && units[k + 1]! >= 0xdc00 && units[k + 1]! <= 0xdfff) {
      k++;
      continue;
    }
    const at = start + 2 * k;
    decoded.invalid = {
      offset: k,
      bytes: [bytes[at]!, bytes[at + 1]!],
      reason: 'invalid UTF-16: an unpaired surrogate',
    };
    return decoded;
  }
  if (odd)
    decoded.invalid = {
      offset: count,
      bytes: [bytes[bytes.length - 1]!],
      reason: 'invalid UTF-16: an odd final byte',
    };
  return decoded;
}

// The WHATWG Encoding Standard's UTF-8 decoder (§9.1.1): a malformed sequence becomes one U+FFFD per
// maximal subpart, exactly as TextDecoder does, so files decode the same here and in a browser.
function decodeUtf8(bytes: Uint8Array, start: number): DecodedText {
  const units = new Uint16Array(bytes.length - start + 1);
  let n = 0;
  let replaced = 0;
  let cp = 0;
  let seen = 0;
  let needed = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let multiByte = 0;
  let invalid: InvalidBytes | undefined;
  // The first malformed sequence: its bytes from `from` up to and including `to`.
  const bad = (from: number, to: number): void => {
    invalid ??= {
      offset: n,
      bytes: Array.from(bytes.subarray(from, Math.min(to + 1, bytes.length))),
      reason: 'invalid UTF-8',
    };
  };
  const emit = (c: number): void => {
    multiByte++;
    if (c >= 0x10000) {
      const v = c - 0x10000;
      units[n++] = 0xd800 | (v >> 10);
      units[n++] = 0xdc00 | (v & 0x3ff);
    } else units[n++] = c;
  };
  let i = start;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (needed === 0) {
      i++;
      if (b <= 0x7f) units[n++] = b;
      else if (b >= 0xc2 && b <= 0xdf) [needed, cp] = [1, b & 0x1f];
      else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        [needed, cp] = [2, b & 0x0f];
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        [needed, cp] = [3, b & 0x07];
      } else {
        bad(i - 1, i - 1);
        units[n++] = 0xfffd;
        replaced++;
      }
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence ends here; the byte is read again as the start of something new.
      bad(i - seen - 1, i);
      [cp, needed, seen, lower, upper] = [0, 0, 0, 0x80, 0xbf];
      units[n++] = 0xfffd;
      replaced++;
      continue;
    }
    i++;
    [lower, upper] = [0x80, 0xbf];
    cp = (cp << 6) | (b & 0x3f);
    if (++seen === needed) {
      emit(cp);
      [cp, needed, seen] = [0, 0, 0];
    }
  }
  if (needed !== 0) {
    bad(i - seen - 1, i);
    units[n++] = 0xfffd;
    replaced++;
  }
  const decoded: DecodedText = { text: fromUnits(units, n), encoding: 'utf-8', replaced, multiByte };
  if (invalid) decoded.invalid = invalid;
  return decoded;
}

/** Windows-1252's characters for the bytes 0x80–0x9F (0 where the code page defines none). */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

/** The text of Windows-1252 bytes, or null when a byte has no character in that code page. */
function decodeWindows1252(bytes: Uint8Array): string | null {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const c = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b;
    if (c === 0) return null;
    units[i] = c;
  }
  return fromUnits(units, units.length);
}

/** 1-based line and column of a UTF-16 offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const hex = (bytes: readonly number[]): string =>
  bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');

/** A strictly decoded text, or where its bytes stop being text and why. */
export type StrictText =
  | {
      ok: true;
      text: string;
      encoding: TextEncodingName | 'windows-1252';
      /** Set when the text was read as Windows-1252: where its first non-ASCII character is, and which. */
      fallback?: { line: number; column: number; char: string };
    }
  | { ok: false; line: number; column: number; message: string };

/**
 * Decodes like `decodeText` but refuses malformed bytes instead of replacing them: the answer names the
 * first malformed sequence's line, column and bytes (`invalid UTF-8 (bytes E9 20)`). With `windows1252`,
 * a file that is not UTF-8 at all — no byte-order mark, not one well-formed multi-byte UTF-8 sequence,
 * and no byte Windows-1252 leaves undefined — is read as Windows-1252 (Latin-1 with the printable
 * 0x80–0x9F), as Praat reads 8-bit text files, and the answer says so. A file that mixes well-formed UTF-8
 * with malformed bytes is damaged UTF-8, never guessed.
 */
export function decodeTextStrict(bytes: Uint8Array, options: { windows1252?: boolean } = {}): StrictText {
  const d = decodeText(bytes);
  if (!d.invalid) return { ok: true, text: d.text, encoding: d.encoding };
  const noMark = !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf);
  if (options.windows1252 && d.encoding === 'utf-8' && noMark && !d.multiByte) {
    const text = decodeWindows1252(bytes);
    if (text !== null) {
      const at = text.search(/[^\0-\x7f]/);
      return {
        ok: true,
        text,
        encoding: 'windows-1252',
        fallback: { ...lineColumn(text, at), char: text[at]! },
      };
    }
  }
  return {
    ok: false,
    ...lineColumn(d.text, d.invalid.offset),
    message: `${d.invalid.reason} (${d.invalid.bytes.length === 1 ? 'byte' : 'bytes'} ${hex(d.invalid.bytes)})`,
  };
}
