import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTextStrict } from '../../core/formats/decodeText';
import { cliSandbox } from '../../../test/helpers/runSieve';
import { MAX_TEXT_FILE_BYTES, readTextFile } from './readTextFile';

const box = cliSandbox();
const bad = (name: string): string => {
  box.write(name, '');
  fs.writeFileSync(path.join(box.dir(), name), Buffer.from('ok\ncaf\xe9 x\n', 'latin1'));
  return name;
};

describe('readTextFile', () => {
  it('reads every byte sequence exactly as core decodeTextStrict does (the platform decodes well-formed UTF-8)', () => {
    box.write('any.txt', '');
    const file = path.join(box.dir(), 'any.txt');
    const marks = [[], [0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe], [0], [0x41, 0]];
    const text = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => [...Buffer.from(s, 'utf8')]);
    const raw = fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 });
    fc.assert(
      fc.property(fc.constantFrom(...marks), fc.oneof(text, raw), fc.boolean(), (mark, body, cp) => {
        const bytes = Uint8Array.from([...mark, ...body]);
        fs.writeFileSync(file, bytes);
        const want = decodeTextStrict(bytes, { windows1252: cp });
        const got = readTextFile(file, { windows1252: cp });
        if (want.ok) expect(got).toMatchObject({ ok: true, text: want.text });
        else expect(got.ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the file, line, column and bytes of invalid UTF-8, and says when a file cannot be read', () => {
    const file = path.join(box.dir(), bad('a.txt'));
    expect(readTextFile(file, { name: 'a.txt' })).toEqual({
      ok: false,
      issue: {
        file: 'a.txt',
        line: 2,
        column: 4,
        message: 'invalid UTF-8 (bytes E9 20); save the file as UTF-8',
      },
    });
    expect(readTextFile(path.join(box.dir(), 'none.txt'))).toMatchObject({
      ok: false,
      issue: { message: /ENOENT/ },
    });
  });

  it('refuses a text file over the size limit, and anything but a regular file, without reading it', () => {
    // A sparse file: its size is checked, its (absent) bytes are never read.
    const file = path.join(box.dir(), 'huge.ctm');
    fs.writeFileSync(file, 'u 1 0 1 a\n');
    fs.truncateSync(file, MAX_TEXT_FILE_BYTES + 1);
    expect(readTextFile(file, { name: 'huge.ctm' })).toEqual({
      ok: false,
      issue: {
        file: 'huge.ctm',
        message:
          '268,435,457 bytes, more than SIEVE reads from one text file (256 MiB); split it into smaller files',
      },
    });
    expect(readTextFile(box.dir(), { name: 'dir' })).toEqual({
      ok: false,
      issue: { file: 'dir', message: 'not a regular file' },
    });
  });

  // Every command that reads a user's text file refuses invalid UTF-8 with its location.
  const commands: [string, (f: string) => string[]][] = [
    ['wer', (f) => ['wer', f, f]],
    ['ca', (f) => ['ca', f, f]],
    ['nbest', (f) => ['nbest', f]],
    ['compare', (f) => ['compare', f, f, '--metric', 'wer']],
    ['ne', (f) => ['ne', '--ref', f, '--hyp', f]],
    ['ted', (f) => ['ted', '--jsonl', f]],
    ['tna', (f) => ['tna', f, f]],
    ['structiou', (f) => ['structiou', '--jsonl', f]],
    ['parseval', (f) => ['parseval', f, f]],
    ['create', (f) => ['create', 'out.sieve', f]],
  ];
  for (const [name, argv] of commands)
    it(`sieve ${name} refuses a file that is not UTF-8`, async () => {
      const r = await box.sieve(...argv(bad('in.txt')));
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/in\.txt:2:4: invalid UTF-8 \(bytes E9 20\)/);
      expect(r.err).not.toMatch(/in\.txt: .*in\.txt/);
    });
});
