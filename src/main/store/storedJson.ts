// How the project file keeps its large JSON values: a system's output of an utterance (`system_output`) and
// a pair's cached scores (`score_cache`). Each is a BLOB: one byte naming the encoding, then the encoded
// JSON text. Encoding 1 is the UTF-8 text compressed with raw DEFLATE (RFC 1951, node:zlib); the JSON reads
// back character for character, so what is scored and shown is what was written. These values are 1–10 kB
// of JSON whose keys and numbers repeat, and DEFLATE keeps about a quarter of them (figures in
// docs/formats.md). Every reader and writer of the two tables goes through this module, and a later
// encoding takes the next tag, leaving those already written readable.
import zlib from 'node:zlib';
import { damagedProject } from './projectFile';

/** The tag of raw DEFLATE over the UTF-8 JSON text. */
const DEFLATE_RAW = 1;

/**
 * DEFLATE's level, zlib's default. On the benchmark project's values level 1 encoded about 1.5× faster but
 * 8 % larger; Brotli (quality 5) was 13 % smaller but 2.3× slower to encode and slower to decode.
 */
const LEVEL = 6;

/** The stored form of `json` (text JSON.stringify made), for a `system_output` or `score_cache` row. */
export function encodeStoredJson(json: string): Buffer {
  const body = zlib.deflateRawSync(json, { level: LEVEL });
  const stored = Buffer.allocUnsafe(body.length + 1);
  stored[0] = DEFLATE_RAW;
  body.copy(stored, 1);
  return stored;
}

/**
 * The JSON text a stored value holds, exactly as it was given to `encodeStoredJson`. `file` names the
 * project in the error for a value this SIEVE cannot read (an unknown tag, or data that does not decompress).
 */
export function decodeStoredJson(stored: Uint8Array, file: string): string {
  if (stored.length > 0 && stored[0] === DEFLATE_RAW) {
    try {
      return zlib.inflateRawSync(stored.subarray(1)).toString('utf8');
    } catch (err) {
      throw damagedProject(file, `a stored output or score does not decompress (${(err as Error).message})`);
    }
  }
  throw damagedProject(
    file,
    stored.length === 0
      ? 'a stored output or score is empty'
      : `a stored output or score has an encoding this SIEVE does not know (${stored[0]})`,
  );
}
