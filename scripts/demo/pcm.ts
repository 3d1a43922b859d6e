// Mono 16-bit PCM in and out of WAV files, and the energy measures used to check word boundaries.
import fs from 'node:fs';
import { readWavInfo } from '../../src/main/audio/wav';

/** Mono 16-bit samples and their rate. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/** Reads a mono 16-bit PCM WAV file; anything else is refused, since the demo writes nothing else. */
export function readPcm(file: string): Pcm {
  const buf = fs.readFileSync(file);
  const info = readWavInfo(buf, file);
  if (info.format !== 'pcm' || info.bitsPerSample !== 16 || info.channels !== 1)
    throw new Error(`${file}: expected mono 16-bit PCM`);
  const samples = new Int16Array(info.frames);
  for (let i = 0; i < info.frames; i++) samples[i] = buf.readInt16LE(info.dataOffset + 2 * i);
  return { sampleRate: info.sampleRate, samples };
}

/** Writes a canonical 44-byte-header mono 16-bit WAV file. */
export function writePcm(file: string, pcm: Pcm): void {
  const n = pcm.samples.length;
  const buf = Buffer.alloc(44 + 2 * n);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + 2 * n, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(pcm.sampleRate, 24);
  buf.writeUInt32LE(pcm.sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(2 * n, 40);
  for (let i = 0; i < n; i++) buf.writeInt16LE(pcm.samples[i]!, 44 + 2 * i);
  fs.writeFileSync(file, buf);
}

/** A time span in seconds. */
export interface Span {
  startSec: number;
  endSec: number;
}

/** The parts of [startSec, endSec) that no span covers; spans must be sorted and disjoint. */
export function gapsBetween(spans: readonly Span[], startSec: number, endSec: number): Span[] {
  const gaps: Span[] = [];
  let at = startSec;
  for (const s of spans) {
    if (s.startSec > at) gaps.push({ startSec: at, endSec: s.startSec });
    at = Math.max(at, s.endSec);
  }
  if (endSec > at) gaps.push({ startSec: at, endSec });
  return gaps;
}

/** Root-mean-square level, in dBFS, of the samples inside the given spans taken together. */
export function rmsDb(pcm: Pcm, spans: readonly Span[]): number {
  let sum = 0;
  let count = 0;
  for (const s of spans) {
    const from = Math.max(0, Math.round(s.startSec * pcm.sampleRate));
    const to = Math.min(pcm.samples.length, Math.round(s.endSec * pcm.sampleRate));
    for (let i = from; i < to; i++) {
      const v = pcm.samples[i]! / 32768;
      sum += v * v;
    }
    count += Math.max(0, to - from);
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count);
}
