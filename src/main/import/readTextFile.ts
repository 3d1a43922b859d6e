// Reads a user's input file as text, strictly: UTF-8 or UTF-16 (see `decodeTextStrict`); malformed bytes
// are a located problem, never replacement characters in imported data.
import fs from 'node:fs';
import { decodeTextStrict } from '../../core/formats/decodeText';
import type { ImportIssue } from './scanCorpus';

/**
 * The largest text file read (256 MiB). Files are read whole and parsed in memory, which takes several
 * times their size; far larger ones ran out of memory (a JavaScript string holds at most about 512 M
 * characters). Checked before reading, so a huge file is refused at once.
 */
export const MAX_TEXT_FILE_BYTES = 256 * 1024 * 1024;

/** A file's text (with a warning when it was read as Windows-1252), or why it could not be read. */
export type TextFile = { ok: true; text: string; warning?: ImportIssue } | { ok: false; issue: ImportIssue };

/**
 * Reads `file` strictly. `windows1252` lets a file with no UTF-8 in it be read as Windows-1252, as Praat
 * does for TextGrids; the answer then carries a warning saying so. `name` is how issues name the file.
 */
export function readTextFile(file: string, options: { windows1252?: boolean; name?: string } = {}): TextFile {
  const name = options.name ?? file;
  let bytes: Uint8Array;
  try {
    const stat = fs.statSync(file);
    // A FIFO or a device would block the read or never end it.
    if (!stat.isFile()) return { ok: false, issue: { file: name, message: 'not a regular file' } };
    if (stat.size > MAX_TEXT_FILE_BYTES)
      return {
        ok: false,
        issue: {
          file: name,
          message: `${stat.size.toLocaleString('en-US')} bytes, more than SIEVE reads from one text file (256 MiB); split it into smaller files`,
        },
      };
    // A view of the bytes read, not a copy of them (a copy doubled the memory a large file takes).
    const read = fs.readFileSync(file);
    bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
  } catch (err) {
    return { ok: false, issue: { file: name, message: (err as Error).message } };
  }
  const fast = wellFormedUtf8(bytes);
  if (fast !== null) return { ok: true, text: fast };
  const r = decodeTextStrict(bytes, { windows1252: options.windows1252 });
  if (!r.ok)
    return {
      ok: false,
      issue: { file: name, line: r.line, column: r.column, message: `${r.message}; save the file as UTF-8` },
    };
  if (!r.fallback) return { ok: true, text: r.text };
  return {
    ok: true,
    text: r.text,
    warning: {
      file: name,
      line: r.fallback.line,
      column: r.fallback.column,
      message: `not UTF-8: read as Windows-1252 (Latin-1), as Praat reads such files; check "${r.fallback.char}" here`,
    },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of bytes that `decodeTextStrict` would read as UTF-8 and that are well-formed UTF-8, decoded by
 * the platform (several times faster than core's decoder, which has no platform to call on); null for
 * anything else (UTF-16, malformed bytes), which core's decoder then reads or locates. A UTF-8 byte-order
 * mark is not part of the text, in both.
 */
function wellFormedUtf8(bytes: Uint8Array): string | null {
  const [b0, b1] = [bytes[0], bytes[1]];
  if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0xff && b1 === 0xfe)) return null;
  if (bytes.length >= 2 && (b0 === 0) !== (b1 === 0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The text of a file given on the command line, or an error whose message is `file:line:column: …`
 * (`file: …` when the file cannot be read at all); `name` is the file as the user wrote it.
 */
export function readTextFileOrThrow(file: string, name: string): string {
  const r = readTextFile(file, { name });
  if (r.ok) return r.text;
  const i = r.issue;
  throw new Error(`${i.file}${i.line !== undefined ? `:${i.line}:${i.column ?? 1}` : ''}: ${i.message}`);
}
