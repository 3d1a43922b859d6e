// The forced aligner's test set: read sentences synthesized by espeak-ng in several voices and at several
// speaking rates, with exact word times from libespeak-ng's own events (scripts/demo/espeakWords.c), and
// the same utterances joined into one long recording with one transcript.
//
//   npx tsx scripts/align/synthSet.ts [OUT_DIR]      (default scripts/align/.build/set)
//
// Writes OUT_DIR/<id>.wav and OUT_DIR/set.json ({ utterances: [{ id, voice, rate, text, file, durationSec,
// words: [{ text, startSec, endSec }] }] }), and OUT_DIR/long.wav with OUT_DIR/long.json (the same words,
// shifted to their place in the long recording, where each sentence's readings are 50 sentences apart). Each utterance has 0.3 s of quiet before and after the
// speech and a constant noise floor, as the demo's recordings (scripts/demo/buildDemo.ts). espeak-ng
// speaks some word pairs as one unit with one WORD event; such a sentence is left out, and named.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileEspeakWords, synthesize } from '../demo/espeak';
import { type Pcm, readPcm, writePcm } from '../demo/pcm';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Voices (language + variant; f1 is the female variant without echo) and rates in words per minute. */
export const SET_VOICES = ['en-us', 'en', 'en+f1', 'en-us+m3', 'en+m1'] as const;
export const SET_RATES = [130, 160, 190, 220] as const;

const LEAD_MS = 300;
const NOISE_PEAK = 24;

/** Plain read sentences, written for this set (common words, a few names). */
export const SET_SENTENCES: readonly string[] = [
  'The old bridge over the river was painted green last summer.',
  'She keeps her keys in a small box near the door.',
  'We walked along the beach until the sun went down.',
  'The children built a tall tower from wooden blocks.',
  'A cold wind blew across the empty field all night.',
  'He forgot to water the plants before he left on holiday.',
  'Our neighbours have a friendly dog that barks at every car.',
  'The library closes early on Sundays and public holidays.',
  'Please put these heavy boxes down near my desk.',
  'The baker sells fresh bread every morning at seven.',
  'My brother learned to swim when he was very young.',
  'The meeting was moved to the large room upstairs.',
  'Rain fell softly onto our quiet farmhouse.',
  'They planted apple trees along their garden wall.',
  'The pilot told the passengers to keep their belts fastened.',
  'A yellow kite was caught between two tall oaks.',
  'The students listened carefully while the teacher spoke.',
  'We found an old map hidden inside the wooden chest.',
  'The museum opens a new exhibition about ancient ships next month.',
  'Her sister plays violin with our city orchestra.',
  'The farmer drove his tractor slowly down the narrow lane.',
  'Most birds leave the northern lakes before the winter comes.',
  'He painted the kitchen walls a warm shade of orange.',
  'The train was late because snow covered its tracks.',
  'Nobody knew where the strange noise was coming from.',
  'The doctor asked him to rest for several days.',
  'A small boat drifted slowly toward the rocky shore.',
  'The shop near our corner sells newspapers and sweets.',
  'Maria wrote a long letter to her grandmother in Spain.',
  'That clock near our hall stopped working years ago.',
  'We need more chairs for our guests tonight.',
  'The river flooded many houses during spring.',
  'He carried the sleeping child up the stairs to bed.',
  'The soup tasted better after it had cooked slowly.',
  'Thomas fixed the broken fence behind the barn.',
  'The hotel stands on a hill above the harbour.',
  'She laughed when the cat jumped onto the piano.',
  'The workers finished the new road before the deadline.',
  'Every evening the lighthouse sends its beam across the sea.',
  'The young actor forgot his lines during the first scene.',
  'Bright flowers grew between old stones.',
  'The bus driver waited patiently for everyone.',
  'Peter bought a second hand bicycle from his cousin.',
  'The desert becomes very cold after the sun has set.',
  'We heard thunder far away as the storm approached.',
  'The recipe calls for butter, sugar and three large eggs.',
  'Anna spent the whole afternoon reading outside.',
  'The police closed the street after the accident.',
  'A thick fog covered the valley early that morning.',
  'The band played until midnight and everyone danced.',
];

/** One synthesized utterance with espeak's word times (seconds from the file's first sample). */
export interface SetUtterance {
  id: string;
  voice: string;
  rate: number;
  text: string;
  file: string;
  durationSec: number;
  words: { text: string; startSec: number; endSec: number }[];
}

const spokenWords = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((t) => t.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((t) => t.length > 0);

/** Quiet before and after the speech, and a deterministic noise floor (xorshift32 seeded by `seed`). */
function dress(pcm: Pcm, seed: number): Pcm {
  const pad = (LEAD_MS * pcm.sampleRate) / 1000;
  const out = new Int16Array(2 * pad + pcm.samples.length);
  out.set(pcm.samples, pad);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = Math.max(-32768, Math.min(32767, out[i]! + (x % (2 * NOISE_PEAK + 1)) - NOISE_PEAK));
  }
  return { sampleRate: pcm.sampleRate, samples: out };
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/** `sNN-R` → R × 1000 + NN: readings first, sentences second. */
function rank(id: string): number {
  const m = /^s(\d+)-(\d+)$/.exec(id)!;
  return Number(m[2]) * 1000 + Number(m[1]);
}

/** Synthesizes the set into `outDir`; returns its utterances and the ones left out. */
export function buildSet(outDir: string): { utterances: SetUtterance[]; skipped: string[] } {
  fs.mkdirSync(outDir, { recursive: true });
  const exe = compileEspeakWords(path.join(outDir, 'bin'));
  const utterances: SetUtterance[] = [];
  const skipped: string[] = [];
  const pieces: Int16Array[] = [];
  const longWords: SetUtterance['words'] = [];
  let longSamples = 0;
  let rate0 = 0;
  // Each sentence four times: voices and rates in turn, so every voice meets every rate.
  let k = 0;
  SET_SENTENCES.forEach((text, s) => {
    for (let rep = 0; rep < 4; rep++, k++) {
      const voice = SET_VOICES[k % SET_VOICES.length]!;
      const rate = SET_RATES[(k + Math.floor(k / SET_VOICES.length)) % SET_RATES.length]!;
      const id = `s${String(s + 1).padStart(2, '0')}-${rep + 1}`;
      const raw = path.join(outDir, 'raw', `${id}.wav`);
      fs.mkdirSync(path.dirname(raw), { recursive: true });
      const spoken = synthesize(exe, voice, rate, text, raw);
      const expected = spokenWords(text);
      if (spoken.words.map((w) => w.text).join(' ') !== expected.join(' ')) {
        skipped.push(
          `${id} (${voice}, ${rate} wpm): espeak-ng spoke "${spoken.words.map((w) => w.text).join(' ')}"`,
        );
        continue;
      }
      const pcm = dress(readPcm(raw), 0x9e3779b9 ^ k);
      rate0 ||= pcm.sampleRate;
      if (pcm.sampleRate !== rate0) throw new Error(`${id}: ${pcm.sampleRate} Hz, the others ${rate0} Hz`);
      const file = `${id}.wav`;
      writePcm(path.join(outDir, file), pcm);
      const words = spoken.words.map((w) => ({
        text: w.text,
        startSec: r3((LEAD_MS + w.startMs) / 1000),
        endSec: r3((LEAD_MS + w.endMs) / 1000),
      }));
      const durationSec = pcm.samples.length / pcm.sampleRate;
      utterances.push({ id, voice, rate, text, file, durationSec, words });
      pieces.push(pcm.samples);
    }
  });
  // The long recording takes each sentence's first reading in order, then the second readings, and so
  // on: a sentence read four times in a row would leave the aligner no way to tell the readings apart.
  const order = utterances.map((u, k) => k).sort((a, b) => rank(utterances[a]!.id) - rank(utterances[b]!.id));
  const longPieces: Int16Array[] = [];
  for (const k of order) {
    const offset = longSamples / rate0;
    for (const w of utterances[k]!.words)
      longWords.push({ text: w.text, startSec: r3(offset + w.startSec), endSec: r3(offset + w.endSec) });
    longPieces.push(pieces[k]!);
    longSamples += pieces[k]!.length;
  }
  fs.writeFileSync(path.join(outDir, 'set.json'), JSON.stringify({ utterances, skipped }, null, 1) + '\n');
  const long = new Int16Array(longSamples);
  let at = 0;
  for (const p of longPieces) {
    long.set(p, at);
    at += p.length;
  }
  writePcm(path.join(outDir, 'long.wav'), { sampleRate: rate0, samples: long });
  fs.writeFileSync(
    path.join(outDir, 'long.json'),
    JSON.stringify({ file: 'long.wav', durationSec: longSamples / rate0, words: longWords }) + '\n',
  );
  fs.rmSync(path.join(outDir, 'raw'), { recursive: true, force: true });
  return { utterances, skipped };
}

/** The set's default folder (ignored by git). */
export const DEFAULT_SET_DIR = path.join(here, '.build', 'set');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? DEFAULT_SET_DIR);
  const { utterances, skipped } = buildSet(out);
  const sec = utterances.reduce((s, u) => s + u.durationSec, 0);
  console.log(`${utterances.length} utterances, ${(sec / 60).toFixed(1)} min, in ${out}`);
  for (const s of skipped) console.log(`left out: ${s}`);
}
