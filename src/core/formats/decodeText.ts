// Turns the bytes of a text file into a string without platform decoders (core has neither TextDecoder
// nor Buffer). Praat writes UTF-16 big-endian with a byte-order mark as soon as a label is not ASCII, and
// other tools write UTF-8, with or without a mark, so the readers of this folder take strings and callers
// decode files here.

/** The encodings `decodeText` recognises. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** A decoded text, the encoding found, and how many malformed sequences became U+FFFD. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  replaced: number;
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
  return {
    text: fromUnits(units, count + odd),
    encoding: little ? 'utf-16le' : 'utf-16be',
    replaced: odd,
  };
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
  const emit = (c: number): void => {
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
        units[n++] = 0xfffd;
        replaced++;
      }
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence ends here; the byte is read again as the start of something new.
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
    units[n++] = 0xfffd;
    replaced++;
  }
  return { text: fromUnits(units, n), encoding: 'utf-8', replaced };
}
