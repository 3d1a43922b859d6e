// `npm run demo`: regenerates resources/demo (audio, manifest with gold and systems, pocketsphinx
// cross-check, reports, demo.sieve) from utterances.ts and gold.ts. Deterministic and offline: espeak-ng,
// sox and pocketsphinx only. Recognition is replayed from recognition.json unless `-- --recognize` is
// given; without pocketsphinx, the forced alignment is replayed from pocketsphinx.json too.
import fs from 'node:fs';
import path from 'node:path';
import type { ProjectManifestInput } from '../../src/core/model/projectManifest';
import { createProject } from '../../src/main/store/createProject';
import { ProjectStore } from '../../src/main/store/projectStore';
import { DEMO_OWNER, DEMO_SECOND, addDemoAnnotators } from './annotators';
import { renderDemoReport } from './demoReport';
import { compileEspeakWords, synthesize } from './espeak';
import { demoGold } from './goldCheck';
import { gapsBetween, readPcm, rmsDb, writePcm, type Pcm } from './pcm';
import { type AlignedWord, forceAlign, missingFromDictionary, MODEL_DIR, round3 } from './pocketsphinx';
import { hasPocketsphinx } from './recognize';
import { diffStats, renderAlignmentReport, type UtteranceResult } from './report';
import { demoSystems, outputProblems, recordedRecognition, runRecognition } from './runSystems';
import { TRANSCRIPT_SYSTEM, transcriptSystem } from './transcriptSystem';
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

/** Forced alignment of a sentence: run now, or replayed from the committed pocketsphinx.json. */
type Aligner = (wavFile: string, words: readonly string[], id: string) => AlignedWord[];

function recordedAligner(): Aligner {
  const file = path.join(DEMO_DIR, 'pocketsphinx.json');
  const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    utterances: { id: string; words: AlignedWord[] }[];
  };
  return (_wav, words, id) => {
    const a = recorded.utterances.find((u) => u.id === id);
    if (!a || a.words.map((w) => w.word).join(' ') !== words.map((w) => w.toLowerCase()).join(' '))
      throw new Error(`${id}: pocketsphinx.json has no alignment of "${words.join(' ')}"`);
    return a.words;
  };
}

function buildUtterance(exe: string, utt: DemoUtterance, align: Aligner): UtteranceResult {
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
  const aligned = align(wavFile, expected, utt.id);
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
  const recognizeNow = process.argv.includes('--recognize');
  const havePs = hasPocketsphinx();
  if (recognizeNow && !havePs) throw new Error('--recognize needs pocketsphinx_batch and its en-us models');
  if (havePs) {
    const missing = missingFromDictionary(DEMO_UTTERANCES.flatMap((u) => spokenWords(u.text)));
    if (missing.length > 0) throw new Error(`Not in pocketsphinx's dictionary: ${missing.join(', ')}`);
  } else {
    console.log('pocketsphinx not found: replaying the recorded alignment and recognition');
  }
  const align: Aligner = havePs
    ? (wav, words) => forceAlign(wav, words, path.join(BUILD_DIR, 'align'))
    : recordedAligner();

  // Compile the synthesizer before anything is removed, so a machine without it keeps the demo intact.
  fs.rmSync(BUILD_DIR, { recursive: true, force: true });
  const exe = compileEspeakWords(BUILD_DIR);
  fs.rmSync(AUDIO_DIR, { recursive: true, force: true });
  fs.mkdirSync(AUDIO_DIR, { recursive: true });
  const results = DEMO_UTTERANCES.map((u) => buildUtterance(exe, u, align));

  const gold = results.map((r) => {
    const { gold: g, problems } = demoGold(
      r.utt.id,
      r.words.map((w) => w.text),
    );
    if (problems.length > 0) throw new Error(`${r.utt.id}: bad gold:\n  ${problems.join('\n  ')}`);
    return g;
  });
  const audio = results.map((r) => ({ id: r.utt.id, wavFile: path.join(AUDIO_DIR, `${r.utt.id}.wav`) }));
  const recognition = recognizeNow
    ? runRecognition(audio, DEMO_DIR, path.join(BUILD_DIR, 'recognize'))
    : recordedRecognition(DEMO_DIR, audio);
  const systems = [
    ...demoSystems(
      recognition,
      results.map((r) => ({ id: r.utt.id, durationSec: r.durationSec })),
    ),
    transcriptSystem(
      results.map((r) => ({ id: r.utt.id, words: r.words.map((w) => w.text), aligned: r.aligned })),
    ),
  ];
  for (const [i, o] of systems.at(-1)!.outputs.entries()) {
    const problems = outputProblems(o, results[i]!.durationSec);
    if (problems.length > 0) throw new Error(`${TRANSCRIPT_SYSTEM} ${o.id}:\n  ${problems.join('\n  ')}`);
  }

  const manifest: ProjectManifestInput = {
    name: 'SIEVE demo',
    description:
      'Synthetic spoken-dialogue demo: train timetable enquiries, airport information and news sentences ' +
      'with person, place and organisation names, spoken by four espeak-ng voices. Word times come from ' +
      "espeak-ng's own synthesis events (ALIGNMENT.md). Hand-written gold syntax and semantic trees, " +
      'entities, concepts and interpretations; two pocketsphinx recognizers and the force-aligned ' +
      'reference transcript, each with baseline annotation, as systems (DEMO.md).',
    audio: results.map((r) => ({ id: r.utt.id, path: `audio/${r.utt.id}.wav` })),
    utterances: results.map((r, i) => ({
      id: r.utt.id,
      audio: r.utt.id,
      speaker: r.utt.speaker,
      transcript: r.utt.text,
      wordSource: 'espeak-ng',
      words: r.words,
      ...gold[i]!,
    })),
    systems: systems.map((s) => ({ name: s.name, description: s.description, outputs: s.outputs })),
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

  fs.writeFileSync(
    path.join(DEMO_DIR, 'DEMO.md'),
    renderDemoReport(
      results.map((r, i) => ({
        id: r.utt.id,
        words: r.words.map((w) => w.text),
        concepts: gold[i]!.concepts,
        interpretations: gold[i]!.interpretations,
      })),
      systems,
    ),
  );

  // createProject refuses to overwrite, and stale WAL/SHM files must not survive next to a new project.
  for (const f of [PROJECT_FILE, `${PROJECT_FILE}-wal`, `${PROJECT_FILE}-shm`]) fs.rmSync(f, { force: true });
  await createProject(PROJECT_FILE, manifest, DEMO_DIR);
  const store = ProjectStore.open(PROJECT_FILE);
  try {
    const { utterances } = addDemoAnnotators(store.db);
    console.log(`annotators ${DEMO_OWNER} and ${DEMO_SECOND} on ${utterances.join(', ')}`);
  } finally {
    store.close();
  }
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
