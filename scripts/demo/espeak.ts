// Runs espeakWords.c, the libespeak-ng program that synthesizes a sentence and reports its word times.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const EspeakOutput = z.object({
  sampleRate: z.number().int().positive(),
  samples: z.number().int().nonnegative(),
  words: z.array(
    z.object({
      text: z.string().min(1),
      startMs: z.number().int().nonnegative(),
      endMs: z.number().int().nonnegative(),
      phonemes: z.array(z.string()),
    }),
  ),
});
/** What espeakWords prints: word times in milliseconds from the first sample of its WAV file. */
export type EspeakOutput = z.infer<typeof EspeakOutput>;

/** Compiles espeakWords.c into `buildDir` and returns the executable's path. */
export function compileEspeakWords(buildDir: string): string {
  fs.mkdirSync(buildDir, { recursive: true });
  const exe = path.join(buildDir, 'espeakWords');
  const source = path.join(import.meta.dirname, 'espeakWords.c');
  execFileSync('gcc', ['-O2', '-Wall', '-Wextra', '-std=c11', source, '-o', exe, '-lespeak-ng'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return exe;
}

/** Speaks `text` with `voice` at `rate` words per minute into `wavFile`; returns the word times. */
export function synthesize(
  exe: string,
  voice: string,
  rate: number,
  text: string,
  wavFile: string,
): EspeakOutput {
  const out = execFileSync(exe, [voice, String(rate), text, wavFile], { encoding: 'utf8' });
  return EspeakOutput.parse(JSON.parse(out));
}
