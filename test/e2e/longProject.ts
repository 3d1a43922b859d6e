// A project of one long utterance (thousands of words on synthetic syllables), made with the CLI the way
// an annotator's import would make it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeWav } from '../helpers/wavFixture';

/** What `makeLongProject` made: the project file, the utterance's id, its words and its duration. */
export interface LongProject {
  file: string;
  id: string;
  words: { text: string; startSec: number; endSec: number }[];
  durationSec: number;
}

/**
 * A project with one utterance of `count` words of 0.24 s (pauses of 0.06 s, a longer one every 7 words)
 * over an 8 kHz recording: 3,000 words make about 16 minutes. With `annotated`, the utterance also has an
 * entity on the first two words of each run of 7, a tree (S over clauses of 10 runs, a phrase per run),
 * and a system "asr" with the same words (every 5th one misrecognized) and entities. The system has no
 * tree: scoring a tree of thousands of words against another (tree edit distance) takes minutes.
 */
export function makeLongProject(dir: string, count: number, annotated = false): LongProject {
  const root = path.resolve(import.meta.dirname, '..', '..');
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  const words: LongProject['words'] = [];
  let t = 0.5;
  for (let i = 0; i < count; i++) {
    words.push({ text: `w${i}`, startSec: +t.toFixed(3), endSec: +(t + 0.24).toFixed(3) });
    t += i % 7 === 6 ? 0.5 : 0.3;
  }
  const durationSec = Math.ceil(t + 1);
  const sr = 8000;
  // Each word is a tone burst; the samples are computed from the time alone (no search per sample).
  writeWav(path.join(dir, 'audio', 'long.wav'), durationSec, sr, (x) => {
    const f0 = 120 + 30 * Math.sin(x / 3);
    return 0.4 * Math.abs(Math.sin(Math.PI * x * 3.3)) * Math.sin(2 * Math.PI * f0 * x);
  });
  const utterance = { id: 'long-talk', audio: 'long', speaker: 'synth', words };
  const manifest = {
    name: 'Long utterance',
    audio: [{ id: 'long', path: 'audio/long.wav' }],
    utterances: [annotated ? { ...utterance, entities: entities(count), trees: [tree(words)] } : utterance],
    systems: annotated
      ? [
          {
            name: 'asr',
            outputs: [
              {
                id: 'long-talk',
                words: words.map((w, i) => (i % 5 === 4 ? { ...w, text: `x${i}` } : w)),
                entities: entities(count),
              },
            ],
          },
        ]
      : [],
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const file = path.join(dir, 'long.sieve');
  execFileSync(process.execPath, [
    path.join(root, 'out/main/cli.js'),
    'create',
    file,
    path.join(dir, 'manifest.json'),
  ]);
  return { file, id: 'long-talk', words, durationSec };
}

/** An entity over the first two words of each run of 7 (PERSON and LOCATION in turn). */
function entities(count: number): { type: string; firstWord: number; lastWord: number }[] {
  const out = [];
  for (let i = 0; i + 1 < count; i += 7)
    out.push({ type: i % 14 === 0 ? 'PERSON' : 'LOCATION', firstWord: i, lastWord: i + 1 });
  return out;
}

/** A tree over the words: S over clauses (C) of up to 10 runs of 7 words, each run a phrase (P). */
function tree(words: readonly { text: string }[]): { name: string; typed: boolean; bracket: string } {
  const clauses: string[] = [];
  for (let c = 0; c < words.length; c += 70) {
    const phrases: string[] = [];
    for (let p = c; p < Math.min(c + 70, words.length); p += 7)
      phrases.push(
        `(P ${words
          .slice(p, Math.min(p + 7, c + 70, words.length))
          .map((w) => w.text)
          .join(' ')})`,
      );
    clauses.push(`(C ${phrases.join(' ')})`);
  }
  return { name: 'syntax', typed: false, bracket: `(S ${clauses.join(' ')})` };
}
