// Free recognition of the demo audio with Debian's pocketsphinx_batch: the 1-best words with their
// frames (-hypseg), N-best lists (-nbest) and the word lattice with link posteriors (-outlatfmt htk), all
// from one decoding run. What it prints is kept raw, so the demo can be rebuilt without pocketsphinx.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MODEL_DIR } from './pocketsphinx';

const HMM = path.join(MODEL_DIR, 'en-us');
const DICT = path.join(MODEL_DIR, 'cmudict-en-us.dict');
/** Hypotheses per N-best list (many differ only in silences or pronunciation variants). */
export const NBEST = 20;
/** Lattice links below this posterior are not recorded (keeps recognition.json small). */
export const MIN_LINK_POSTERIOR = 0.001;

/** A lattice link as recorded: word (variant stripped), start and end in seconds, posterior. */
export const LatticeLink = z.tuple([z.string(), z.number(), z.number(), z.number()]);
export type LatticeLink = z.infer<typeof LatticeLink>;

/** What pocketsphinx printed for one utterance. */
export const RecognizedUtterance = z.strictObject({
  id: z.string(),
  /** The -hypseg line: `id S sc T total A ascr L lscr` then `startFrame ascr lscr word` … `endFrame`. */
  hypseg: z.string(),
  /** The -nbest lines: words then the path score (log base 1.0001), best first. */
  nbest: z.array(z.string()),
  /** Links of the -outlatfmt htk lattice with posterior ≥ MIN_LINK_POSTERIOR, silence and nulls left out. */
  lattice: z.array(LatticeLink),
});
export type RecognizedUtterance = z.infer<typeof RecognizedUtterance>;

/** One recognizer configuration and its raw outputs. */
export const RecognizerRun = z.strictObject({
  system: z.string(),
  args: z.array(z.string()),
  utterances: z.array(RecognizedUtterance),
});
export type RecognizerRun = z.infer<typeof RecognizerRun>;

/** The committed file of recorded recognizer outputs (resources/demo/recognition.json). */
export const RecordedRecognition = z.strictObject({
  recognizer: z.string(),
  input: z.string(),
  note: z.string(),
  /** SHA-256 of each decoded audio/<id>.wav, so a replay notices audio that changed since. */
  audio: z.record(z.string(), z.string()),
  runs: z.array(RecognizerRun),
});
export type RecordedRecognition = z.infer<typeof RecordedRecognition>;

/** Whether pocketsphinx_batch and the en-us models are installed. */
export function hasPocketsphinx(): boolean {
  if (!fs.existsSync(HMM) || !fs.existsSync(DICT)) return false;
  try {
    execFileSync('pocketsphinx_batch', ['-logfn', '/dev/null'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // Without arguments it exits with an error but exists; a missing program is ENOENT.
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** Whether a lattice or hypothesis token is a word (not <s>, </s>, <sil>, [NOISE], !NULL …). */
export function isWord(token: string): boolean {
  return !/^[<[!]/.test(token);
}

/** A dictionary entry without its pronunciation variant: "to(3)" → "to". */
export function stripVariant(token: string): string {
  return token.replace(/\(\d+\)$/, '');
}

/** Reads the links of an HTK lattice: node times and words (`I=`), links with posterior (`J=`). */
function readLattice(text: string): LatticeLink[] {
  const nodes = new Map<string, { t: number; w: string }>();
  const links: LatticeLink[] = [];
  for (const line of text.split('\n')) {
    const f = Object.fromEntries(line.split('\t').map((kv) => kv.split('=') as [string, string]));
    if (f['I'] !== undefined) nodes.set(f['I'], { t: Number(f['t']), w: f['W'] ?? '' });
  }
  for (const line of text.split('\n')) {
    const f = Object.fromEntries(line.split('\t').map((kv) => kv.split('=') as [string, string]));
    if (f['J'] === undefined) continue;
    // A link carries the word of its start node, from that node's time to its end node's time.
    const from = nodes.get(f['S']!)!;
    const to = nodes.get(f['E']!)!;
    const p = Number(f['p']);
    if (isWord(from.w) && p >= MIN_LINK_POSTERIOR) links.push([stripVariant(from.w), from.t, to.t, p]);
  }
  return links.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[0].localeCompare(b[0]) || b[3] - a[3]);
}

/**
 * Decodes every `<id>.raw` (16 kHz mono 16-bit, headerless) in `rawDir` with `lmArgs` (e.g. `-lm file`)
 * in one pocketsphinx_batch run and returns what it printed per utterance.
 */
export function recognize(
  ids: readonly string[],
  rawDir: string,
  lmArgs: readonly string[],
  workDir: string,
): RecognizedUtterance[] {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(workDir, 'nbest'), { recursive: true });
  fs.mkdirSync(path.join(workDir, 'lat'), { recursive: true });
  const ctl = path.join(workDir, 'ctl');
  fs.writeFileSync(ctl, `${ids.join('\n')}\n`);
  const hypseg = path.join(workDir, 'hypseg');
  execFileSync('pocketsphinx_batch', [
    ...['-adcin', 'yes', '-cepdir', rawDir, '-cepext', '.raw', '-ctl', ctl],
    ...['-hmm', HMM, '-dict', DICT, ...lmArgs],
    ...['-hyp', path.join(workDir, 'hyp'), '-hypseg', hypseg],
    ...['-nbest', String(NBEST), '-nbestdir', path.join(workDir, 'nbest')],
    ...['-outlatdir', path.join(workDir, 'lat'), '-outlatfmt', 'htk'],
    ...['-logfn', path.join(workDir, 'log')],
  ]);
  const segLines = fs.readFileSync(hypseg, 'utf8').split('\n');
  return ids.map((id) => {
    const seg = segLines.find((l) => l.startsWith(`${id} `));
    if (!seg) throw new Error(`pocketsphinx_batch gave no -hypseg line for ${id}`);
    const nbest = fs
      .readFileSync(path.join(workDir, 'nbest', `${id}.hyp`), 'utf8')
      .split('\n')
      .filter((l) => l.trim().length > 0);
    const lattice = readLattice(fs.readFileSync(path.join(workDir, 'lat', `${id}.lat`), 'utf8'));
    return { id, hypseg: seg.trim(), nbest, lattice };
  });
}

/** Resamples a WAV file to headerless 16 kHz mono 16-bit samples, without dither (repeatable). */
export function toRaw16k(wavFile: string, rawFile: string): void {
  execFileSync('sox', [
    '-D',
    wavFile,
    '-r',
    '16000',
    '-b',
    '16',
    '-c',
    '1',
    '-e',
    'signed-integer',
    '-t',
    'raw',
    rawFile,
  ]);
}

/** The pocketsphinx_batch arguments that identify the model, for the record. */
export const MODEL_ARGS: readonly string[] = ['-hmm', HMM, '-dict', DICT];
