// `npm run demo`: regenerates resources/demo (audio, manifest, pocketsphinx cross-check, report, demo.sieve)
// from the sentences in utterances.ts. Deterministic and offline: espeak-ng, sox and pocketsphinx only.
import fs from 'node:fs';
import path from 'node:path';
import type { ProjectManifestInput } from '../../src/core/model/projectManifest';
import { createProject } from '../../src/main/store/createProject';
import { compileEspeakWords, synthesize } from './espeak';
import { gapsBetween, readPcm, rmsDb, writePcm, type Pcm } from './pcm';
import { forceAlign, missingFromDictionary, MODEL_DIR, round3 } from './pocketsphinx';
import { diffStats, renderAlignmentReport, type UtteranceResult } from './report';
import { DEMO_SPEAKERS, DEMO_UTTERANCES, type DemoUtterance } from './utterances';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO_DIR = path.join(ROOT, 'resources/demo');
const AUDIO_DIR = path.join(DEMO_DIR, 'audio');
const BUILD_DIR = path.join(import.meta.dirname, '.build');
const PROJECT_FILE = path.join(DEMO_DIR, 'demo.sieve');

// Silence around the speech, so every utterance has a measurable quiet part and the aligner a run-in.
const LEAD_MS = 300;
const TRAIL_MS = 300;
// Peak of the noise floor in 16-bit units (about -67.5 dBFS RMS): quiet, but not digital zero.
const NOISE_PEAK = 24;

/** The words of a written sentence as they are spoken: split at spaces, punctuation dropped. */
function spokenWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((t) => t.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((t) => t.length > 0);
}

/** A deterministic seed per utterance id (FNV-1a), so each file has its own but repeatable noise. */
function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h || 1;
}

/** Adds the lead-in and trailing silence and the noise floor, with integer arithmetic only. */
function dress(pcm: Pcm, seed: number): Pcm {
  const lead = (LEAD_MS * pcm.sampleRate) / 1000;
  const trail = (TRAIL_MS * pcm.sampleRate) / 1000;
  if (!Number.isInteger(lead) || !Number.isInteger(trail))
    throw new Error('padding is not a whole number of samples');
  const out = new Int16Array(lead + pcm.samples.length + trail);
  out.set(pcm.samples, lead);
  let x = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    // xorshift32
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    const noise = (x % (2 * NOISE_PEAK + 1)) - NOISE_PEAK;
    out[i] = Math.max(-32768, Math.min(32767, out[i]! + noise));
  }
  return { sampleRate: pcm.sampleRate, samples: out };
}

function buildUtterance(exe: string, utt: DemoUtterance): UtteranceResult {
  const rawFile = path.join(BUILD_DIR, 'raw', `${utt.id}.wav`);
  fs.mkdirSync(path.dirname(rawFile), { recursive: true });
  const spoken = synthesize(exe, utt.voice, utt.rate, utt.text, rawFile);
  const expected = spokenWords(utt.text);
  const got = spoken.words.map((w) => w.text);
  if (got.join(' ') !== expected.join(' '))
    throw new Error(`${utt.id}: espeak spoke "${got.join(' ')}", expected "${expected.join(' ')}"`);

  const raw = readPcm(rawFile);
  if (raw.sampleRate !== spoken.sampleRate || raw.samples.length !== spoken.samples)
    throw new Error(`${utt.id}: WAV file and espeak's report disagree`);
  const pcm = dress(raw, seedOf(utt.id));
  const wavFile = path.join(AUDIO_DIR, `${utt.id}.wav`);
  writePcm(wavFile, pcm);
  const durationSec = pcm.samples.length / pcm.sampleRate;

  const words = spoken.words.map((w) => ({
    text: w.text,
    startSec: round3((LEAD_MS + w.startMs) / 1000),
    endSec: round3((LEAD_MS + w.endMs) / 1000),
  }));
  const aligned = forceAlign(wavFile, expected, path.join(BUILD_DIR, 'align'));
  return {
    utt,
    durationSec,
    words,
    phonemes: spoken.words.map((w) => w.phonemes),
    aligned,
    wordsDb: rmsDb(pcm, words),
    gapsDb: rmsDb(pcm, gapsBetween(words, 0, durationSec)),
  };
}

async function main(): Promise<void> {
  const missing = missingFromDictionary(DEMO_UTTERANCES.flatMap((u) => spokenWords(u.text)));
  if (missing.length > 0) throw new Error(`Not in pocketsphinx's dictionary: ${missing.join(', ')}`);

  fs.rmSync(AUDIO_DIR, { recursive: true, force: true });
  fs.rmSync(BUILD_DIR, { recursive: true, force: true });
  fs.mkdirSync(AUDIO_DIR, { recursive: true });
  const exe = compileEspeakWords(BUILD_DIR);
  const results = DEMO_UTTERANCES.map((u) => buildUtterance(exe, u));

  const manifest: ProjectManifestInput = {
    name: 'SIEVE demo',
    description:
      'Synthetic spoken-dialogue demo: train timetable enquiries, airport information and news sentences ' +
      'with person, place and organisation names, spoken by four espeak-ng voices. Word times come from ' +
      "espeak-ng's own synthesis events; see ALIGNMENT.md for a cross-check against pocketsphinx.",
    audio: results.map((r) => ({ id: r.utt.id, path: `audio/${r.utt.id}.wav` })),
    utterances: results.map((r) => ({
      id: r.utt.id,
      audio: r.utt.id,
      speaker: r.utt.speaker,
      transcript: r.utt.text,
      wordSource: 'espeak-ng',
      words: r.words,
    })),
  };
  fs.writeFileSync(path.join(DEMO_DIR, 'demo.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const ps = {
    aligner:
      'pocketsphinx_continuous (Debian pocketsphinx 0.8+5prealpha), forced alignment with a one-sentence JSGF grammar',
    model: MODEL_DIR,
    dictionary: 'cmudict-en-us.dict',
    input: 'audio/<id>.wav resampled to 16 kHz by sox',
    note: 'Times in seconds; 10 ms frames; endSec is the end of the last frame of the word.',
    utterances: results.map((r) => ({ id: r.utt.id, words: r.aligned })),
  };
  fs.writeFileSync(path.join(DEMO_DIR, 'pocketsphinx.json'), `${JSON.stringify(ps, null, 2)}\n`);
  fs.writeFileSync(
    path.join(DEMO_DIR, 'ALIGNMENT.md'),
    renderAlignmentReport(results, {
      leadSec: LEAD_MS / 1000,
      trailSec: TRAIL_MS / 1000,
      noisePeak: NOISE_PEAK,
      voices: DEMO_SPEAKERS,
    }),
  );

  // createProject refuses to overwrite, and stale WAL/SHM files must not survive next to a new project.
  for (const f of [PROJECT_FILE, `${PROJECT_FILE}-wal`, `${PROJECT_FILE}-shm`]) fs.rmSync(f, { force: true });
  await createProject(PROJECT_FILE, manifest, DEMO_DIR);
  const leftovers = fs.readdirSync(DEMO_DIR).filter((f) => /\.sieve(-wal|-shm|\.\d+\.tmp)/.test(f));
  if (leftovers.length > 0) throw new Error(`Left behind in resources/demo: ${leftovers.join(', ')}`);

  const s = diffStats(results);
  for (const r of results) {
    console.log(
      `${r.utt.id.padEnd(11)} ${r.utt.speaker} ${r.utt.voice.padEnd(9)} ${r.durationSec.toFixed(2)} s  ` +
        `words ${r.wordsDb.toFixed(1)} dBFS, outside ${r.gapsDb.toFixed(1)} dBFS  ${r.utt.text}`,
    );
  }
  console.log(
    `espeak - pocketsphinx over ${s.n} words: start mean |Δ| ${s.meanAbsStartMs.toFixed(1)} ms, max ${s.maxAbsStartMs} ms; ` +
      `end mean |Δ| ${s.meanAbsEndMs.toFixed(1)} ms, max ${s.maxAbsEndMs} ms`,
  );
  console.log(`wrote ${path.relative(ROOT, DEMO_DIR)}`);
}

await main();
