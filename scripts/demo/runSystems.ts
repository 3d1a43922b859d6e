// The demo's two recognizer systems: running pocketsphinx (or replaying its recorded output) and
// turning the result into checked system outputs for the manifest.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SystemOutput } from '../../src/core/model/systemOutput';
import { bigramArpa, DOMAIN_EXTRA_WORDS, DOMAIN_SENTENCES, domainVocabulary } from './domainLm';
import { treeProblems } from './goldCheck';
import { missingFromDictionary, MODEL_DIR } from './pocketsphinx';
import {
  MIN_LINK_POSTERIOR,
  NBEST,
  recognize,
  RecordedRecognition,
  toRaw16k,
  type RecognizerRun,
} from './recognize';
import { parseNbestLine, systemOutput } from './systems';

/** The committed raw recognizer output and the domain model, relative to resources/demo. */
export const RECOGNITION_FILE = 'recognition.json';
const DOMAIN_LM_FILE = 'domain-lm.arpa';

/** A system of the demo: name, description, recognizer arguments and outputs. */
export interface DemoSystem {
  name: string;
  description: string;
  args: readonly string[];
  outputs: SystemOutput[];
  /** The largest difference between the best and worst path score of one N-best list. */
  nbestSpread: number;
}

const SYSTEMS: readonly { name: string; description: string; lm: (demoDir: string) => string[] }[] = [
  {
    name: 'pocketsphinx-generic',
    description:
      'Free recognition with the generic US English language model that ships with pocketsphinx ' +
      '(en-us.lm.bin); the baselines annotate its words.',
    lm: () => ['-lm', path.join(MODEL_DIR, 'en-us.lm.bin')],
  },
  {
    name: 'pocketsphinx-domain',
    description:
      `Recognition constrained to the demo's domain: a bigram model (${DOMAIN_LM_FILE}, scripts/demo/domainLm.ts) ` +
      `estimated from ${DOMAIN_SENTENCES.length} hand-written sentences like the demo's (none of the 12 ` +
      `themselves) with ${DOMAIN_EXTRA_WORDS.length} distractor words; the baselines annotate its words.`,
    lm: (demoDir) => ['-lm', path.join(demoDir, DOMAIN_LM_FILE)],
  },
];

/** Decodes the audio with both systems and records the raw output in recognition.json. */
export function runRecognition(
  audio: readonly { id: string; wavFile: string }[],
  demoDir: string,
  workDir: string,
): RecordedRecognition {
  const missing = missingFromDictionary(domainVocabulary());
  if (missing.length > 0) throw new Error(`Domain words not in the dictionary: ${missing.join(', ')}`);
  fs.writeFileSync(path.join(demoDir, DOMAIN_LM_FILE), bigramArpa(DOMAIN_SENTENCES, DOMAIN_EXTRA_WORDS));
  const rawDir = path.join(workDir, 'raw16k');
  fs.mkdirSync(rawDir, { recursive: true });
  for (const a of audio) toRaw16k(a.wavFile, path.join(rawDir, `${a.id}.raw`));
  const ids = audio.map((a) => a.id);
  const runs: RecognizerRun[] = SYSTEMS.map((s) => {
    const lmArgs = s.lm(demoDir);
    return {
      system: s.name,
      // Paths inside resources/demo are recorded relative to it; the model paths stay absolute.
      args: lmArgs.map((a) => (a.startsWith(demoDir) ? path.relative(demoDir, a) : a)),
      utterances: recognize(ids, rawDir, lmArgs, path.join(workDir, s.name)),
    };
  });
  const recorded: RecordedRecognition = {
    recognizer: `pocketsphinx_batch (Debian pocketsphinx 0.8+5prealpha), models in ${MODEL_DIR}`,
    input: 'audio/<id>.wav resampled by sox to 16 kHz mono 16-bit without dither (-D)',
    note:
      `hypseg: the -hypseg line (frames of 10 ms); nbest: the -nbest ${NBEST} lines (words, path score in ` +
      `log base 1.0001); lattice: [word, startSec, endSec, posterior] of the -outlatfmt htk lattice links ` +
      `with posterior >= ${MIN_LINK_POSTERIOR}, silences and null nodes left out.`,
    audio: Object.fromEntries(audio.map((a) => [a.id, sha256(a.wavFile)])),
    runs,
  };
  fs.writeFileSync(path.join(demoDir, RECOGNITION_FILE), compactJson(recorded));
  return recorded;
}

/** Indented JSON with every lattice link on one line (the file stays small and readable). */
function compactJson(recorded: RecordedRecognition): string {
  const links: string[] = [];
  const text = JSON.stringify(
    recorded,
    (key, value: unknown) =>
      key === 'lattice'
        ? (value as unknown[]).map((l) => `@link${links.push(JSON.stringify(l)) - 1}@`)
        : value,
    1,
  );
  return `${text.replace(/"@link(\d+)@"/g, (_m, k: string) => links[Number(k)]!)}\n`;
}

const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/**
 * The recognizer output recorded in resources/demo/recognition.json; refused when an audio file of
 * `audio` differs from the one that was decoded.
 */
export function recordedRecognition(
  demoDir: string,
  audio: readonly { id: string; wavFile: string }[],
): RecordedRecognition {
  const file = path.join(demoDir, RECOGNITION_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run demo -- --recognize`);
  const recorded = RecordedRecognition.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const changed = audio.filter((a) => recorded.audio[a.id] !== sha256(a.wavFile)).map((a) => a.id);
  if (changed.length > 0)
    throw new Error(`Audio changed since ${RECOGNITION_FILE}: ${changed.join(', ')}; add -- --recognize`);
  return recorded;
}

/** What is wrong with a system output for an utterance of `durationSec` seconds ([] when sound). */
export function outputProblems(o: SystemOutput, durationSec: number): string[] {
  const problems: string[] = [];
  const words = (o.words ?? []).map((w) => w.text);
  let prevEnd = 0;
  for (const w of o.words ?? []) {
    const { startSec: s, endSec: e } = w;
    if (s == null || e == null || s < prevEnd || e <= s || e > durationSec + 1e-9)
      problems.push(`word "${w.text}" at ${s}-${e} s is out of order or outside 0-${durationSec} s`);
    prevEnd = e ?? prevEnd;
  }
  for (const t of o.trees ?? [])
    for (const p of treeProblems(t.bracket, t.typed, words)) problems.push(`${t.name} tree: ${p}`);
  for (const e of o.entities ?? [])
    if (e.lastWord >= words.length) problems.push(`entity ${e.type} ends after the last word`);
  return problems;
}

/** The systems' outputs, checked against the utterances (ids, times, trees, entity spans). */
export function demoSystems(
  recorded: RecordedRecognition,
  utterances: readonly { id: string; durationSec: number }[],
): DemoSystem[] {
  if (recorded.runs.map((r) => r.system).join(' ') !== SYSTEMS.map((s) => s.name).join(' '))
    throw new Error(`${RECOGNITION_FILE} records other systems: run npm run demo -- --recognize`);
  return recorded.runs.map((run, k) => {
    const ids = run.utterances.map((u) => u.id);
    if (ids.join(' ') !== utterances.map((u) => u.id).join(' '))
      throw new Error(`${run.system}: recorded utterances ${ids.join(', ')} do not match the demo's`);
    const outputs = run.utterances.map(systemOutput);
    outputs.forEach((o, i) => {
      const problems = outputProblems(o, utterances[i]!.durationSec);
      if (problems.length > 0) throw new Error(`${run.system} ${o.id}:\n  ${problems.join('\n  ')}`);
    });
    let nbestSpread = 0;
    for (const u of run.utterances) {
      const scores = u.nbest.map((l) => parseNbestLine(l).score);
      if (scores.length > 0) nbestSpread = Math.max(nbestSpread, Math.max(...scores) - Math.min(...scores));
    }
    const { description } = SYSTEMS[k]!;
    return { name: run.system, description, args: run.args, outputs, nbestSpread };
  });
}
