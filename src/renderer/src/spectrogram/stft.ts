// A short-time Fourier transform for the spectrogram view: Hann windows, an in-place radix-2 FFT on
// typed arrays, magnitudes in dB. Plain TypeScript (no DOM), so it is tested directly.

/** In-place radix-2 FFT of `re`/`im` (length a power of two). */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const nr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = nr;
      }
    }
  }
}

/** A spectrogram: `frames` columns of `bins` magnitudes in dB (frame-major), and its time step. */
export interface Spectrogram {
  frames: number;
  bins: number;
  hopSec: number;
  /** Hz covered by the bins (0 … maxHz). */
  maxHz: number;
  db: Float32Array;
}

/**
 * The spectrogram of `samples` (one channel at `sampleRate`): 25 ms Hann windows every 5 ms (Praat's
 * broadband defaults are 5 ms windows; 25 ms shows formants and harmonics together), up to `maxHz`.
 */
export function stft(samples: Float32Array, sampleRate: number, maxHz = 8000): Spectrogram {
  const win = Math.round(0.025 * sampleRate);
  const hop = Math.max(1, Math.round(0.005 * sampleRate));
  let size = 1;
  while (size < win) size <<= 1;
  const bins = Math.max(1, Math.min(size / 2, Math.floor((maxHz / sampleRate) * size)));
  const frames = Math.max(0, Math.floor((samples.length - win) / hop) + 1);
  const db = new Float32Array(frames * bins);
  const hann = new Float64Array(win);
  for (let i = 0; i < win; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (win - 1));
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let f = 0; f < frames; f++) {
    re.fill(0);
    im.fill(0);
    const off = f * hop;
    for (let i = 0; i < win; i++) re[i] = samples[off + i]! * hann[i]!;
    fft(re, im);
    for (let k = 0; k < bins; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!;
      db[f * bins + k] = 10 * Math.log10(p + 1e-12);
    }
  }
  return { frames, bins, hopSec: hop / sampleRate, maxHz: (bins * sampleRate) / size, db };
}
