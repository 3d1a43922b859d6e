// Reads a system's output files (JSON Lines of SystemOutput, CTM of recognized words) into one output per
// utterance. Several files may contribute different parts of the same utterance's output.
import path from 'node:path';
import { parseCtm } from '../../core/formats/ctm';
import { parseSystemOutputJsonl } from '../../core/formats/systemOutputJsonl';
import type { SystemOutput } from '../../core/model/systemOutput';
import type { ParseResult } from '../../core/text/diagnostics';
import { type ImportIssue, located, readText } from './scanCorpus';

type OutputReader = (text: string) => ParseResult<SystemOutput[]>;

const READERS: Record<string, OutputReader> = {
  '.jsonl': parseSystemOutputJsonl,
  '.ctm': (text) => {
    const r = parseCtm(text);
    return { value: r.value.map((u) => ({ id: u.id, words: u.words })), diagnostics: r.diagnostics };
  },
};

/** The file extensions `readSystemFiles` understands. */
export const SYSTEM_FILE_EXTENSIONS = Object.keys(READERS);

/** Outputs per utterance read from `files`, with located errors and warnings. */
export function readSystemFiles(files: readonly string[]): {
  outputs: SystemOutput[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
} {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const merged = new Map<string, { output: SystemOutput; from: Map<string, string> }>();
  for (const file of files) {
    const reader = READERS[path.extname(file).toLowerCase()];
    if (!reader) {
      errors.push({
        file,
        message: `unknown system output format; use ${SYSTEM_FILE_EXTENSIONS.join(', ')}`,
      });
      continue;
    }
    let text: string;
    try {
      text = readText(file);
    } catch (err) {
      errors.push({ file, message: (err as Error).message });
      continue;
    }
    const r = reader(text);
    const loc = located(file, r.diagnostics);
    errors.push(...loc.errors);
    warnings.push(...loc.warnings);
    for (const o of r.value) {
      const entry = merged.get(o.id) ?? { output: { id: o.id }, from: new Map<string, string>() };
      merged.set(o.id, entry);
      for (const [key, value] of Object.entries(o)) {
        if (key === 'id' || value === undefined) continue;
        const earlier = entry.from.get(key);
        if (earlier !== undefined) {
          errors.push({ file, message: `utterance "${o.id}": ${key} given twice (also in ${earlier})` });
          continue;
        }
        entry.from.set(key, file);
        (entry.output as Record<string, unknown>)[key] = value;
      }
    }
  }
  return { outputs: [...merged.values()].map((e) => e.output), errors, warnings };
}
