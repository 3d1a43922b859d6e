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
 * over an 8 kHz recording: 3,000 words make about 16 minutes.
 */
export function makeLongProject(dir: string, count: number): LongProject {
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
  const manifest = {
    name: 'Long utterance',
    audio: [{ id: 'long', path: 'audio/long.wav' }],
    utterances: [{ id: 'long-talk', audio: 'long', speaker: 'synth', words }],
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
