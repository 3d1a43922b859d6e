import { describe, expect, it } from 'vitest';
import { fft, stft } from './stft';

/** The discrete Fourier transform by its definition: the slow oracle. */
function dft(x: number[]): { re: number[]; im: number[] } {
  const n = x.length;
  const re: number[] = [];
  const im: number[] = [];
  for (let k = 0; k < n; k++) {
    let r = 0;
    let i = 0;
    for (let t = 0; t < n; t++) {
      r += x[t]! * Math.cos((-2 * Math.PI * k * t) / n);
      i += x[t]! * Math.sin((-2 * Math.PI * k * t) / n);
    }
    re.push(r);
    im.push(i);
  }
  return { re, im };
}

describe('fft', () => {
  it('matches the DFT on random input', () => {
    for (const n of [1, 2, 8, 64]) {
      const x = Array.from({ length: n }, (_, i) => Math.sin(i * 1.7) + ((i * 7919) % 13) / 13);
      const re = Float64Array.from(x);
      const im = new Float64Array(n);
      fft(re, im);
      const want = dft(x);
      for (let k = 0; k < n; k++) {
        expect(re[k]).toBeCloseTo(want.re[k]!, 9);
        expect(im[k]).toBeCloseTo(want.im[k]!, 9);
      }
    }
  });
});

describe('stft', () => {
  it('puts a 1 kHz tone in the 1 kHz bin', () => {
    const sr = 16000;
    const x = Float32Array.from({ length: sr / 2 }, (_, i) => Math.sin((2 * Math.PI * 1000 * i) / sr));
    const s = stft(x, sr);
    expect(s.hopSec).toBeCloseTo(0.005, 6);
    expect(s.frames).toBe(Math.floor((x.length - 400) / 80) + 1);
    const frame = s.db.subarray(10 * s.bins, 11 * s.bins);
    const peak = frame.indexOf(Math.max(...frame));
    expect((peak * sr) / 512).toBeCloseTo(1000, -1);
  });
});
