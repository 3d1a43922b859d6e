import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { speak, tempDir } from '../../../test/helpers/tempProject';
import { probeAudio } from './audioFile';
import { flacLayout } from './decodeCompressed';

function has(tool: string, args: string[]): boolean {
  try {
    execFileSync(tool, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasSox = has('sox', ['--version']);
const hasLame = has('lame', ['--version']);

const t = tempDir();
afterAll(() => t.cleanup());
const wav = path.join(t.dir, 'speech.wav');
speak(wav, 'When does the next train to Hamburg leave');

describe('audio probing', () => {
  // sox (Debian package sox) encodes the FLAC and Ogg files; CI installs it.
  it.skipIf(!hasSox)(
    'decodes FLAC exactly (the last frame included) and Ogg Vorbis to the same length (skipped without sox)',
    async () => {
      const ref = await probeAudio(wav);
      for (const ext of ['flac', 'ogg']) {
        const file = path.join(t.dir, `speech.${ext}`);
        execFileSync('sox', [wav, file]);
        const p = await probeAudio(file);
        expect(p.sampleRate).toBe(ref.sampleRate);
        expect(p.durationSec).toBeCloseTo(ref.durationSec, 4);
        expect(p.peaks.length).toBe(ref.peaks.length);
        const worst = Math.max(...p.peaks.map((v, i) => Math.abs(v - ref.peaks[i]!)));
        // FLAC is lossless (up to the decoders' integer-to-float scaling); Vorbis is lossy.
        expect(worst).toBeLessThan(ext === 'flac' ? 1e-4 : 0.15);
      }
      const bytes = new Uint8Array(fs.readFileSync(path.join(t.dir, 'speech.flac')));
      expect(flacLayout(bytes)?.totalSamples).toBe(Math.round(ref.durationSec * ref.sampleRate));
    },
  );

  // lame (Debian package lame) encodes the MP3; CI installs it.
  it.skipIf(!hasLame)(
    'decodes MP3 (its duration includes the encoder delay, within 80 ms; skipped without lame)',
    async () => {
      const ref = await probeAudio(wav);
      const file = path.join(t.dir, 'speech.mp3');
      execFileSync('lame', ['--quiet', wav, file]);
      const p = await probeAudio(file);
      expect(p.sampleRate).toBe(ref.sampleRate);
      expect(Math.abs(p.durationSec - ref.durationSec)).toBeLessThan(0.08);
      expect(Math.max(...p.peaks)).toBeGreaterThan(0.3);
    },
  );

  it('refuses unknown formats and undecodable files with BAD_FILE naming the file', async () => {
    const junk = path.join(t.dir, 'junk.flac');
    fs.writeFileSync(junk, 'fLaC not really');
    await expect(probeAudio(junk)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: expect.stringContaining('junk.flac'),
    });
    const aiff = path.join(t.dir, 'x.aiff');
    fs.writeFileSync(aiff, 'FORM');
    await expect(probeAudio(aiff)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: expect.stringContaining('unsupported'),
    });
    await expect(probeAudio(path.join(t.dir, 'none.wav'))).rejects.toMatchObject({ code: 'FILE_MISSING' });
  });

  it('refuses a pipe, a device or a folder without reading it (a read would block or never end)', async () => {
    const fifo = path.join(t.dir, 'pipe.wav');
    execFileSync('mkfifo', [fifo]);
    const device = path.join(t.dir, 'zero.wav');
    fs.symlinkSync('/dev/zero', device);
    const folder = path.join(t.dir, 'folder.wav');
    fs.mkdirSync(folder);
    for (const file of [fifo, device, folder])
      await expect(probeAudio(file), file).rejects.toMatchObject({
        code: 'BAD_FILE',
        message: expect.stringMatching(/not a regular file/),
      });
  });
});
