// Reads a system's output files (JSON Lines of SystemOutput, CTM of recognized words) into one output per
// utterance. Several files may contribute different parts of the same utterance's output.
import path from 'node:path';
import { parseConcepts } from '../../core/formats/concepts';
import { parseCtm } from '../../core/formats/ctm';
import { parseNbestJsonl } from '../../core/formats/nbestJsonl';
import { parseSystemJsonl } from '../../core/formats/systemJsonl';
import type { UtteranceAnnotation } from '../../core/model/annotation';
import { writeBracket } from '../../core/tree/bracket';
import type { SystemOutput } from '../../core/model/systemOutput';
import { LineIndex, type ParseResult, diagnosticAt } from '../../core/text/diagnostics';
import { type ImportIssue, located } from './scanCorpus';
import { readTextFile, type TextFile } from './readTextFile';

type OutputReader = (text: string) => ParseResult<SystemOutput[]>;

/**
 * The stored form of an annotation line: trees as bracket text. Gold-only parts (interpretations, labels)
 * are not part of a system's output; a line carrying them gets a warning and they are left out.
 */
function toSystemOutput(a: UtteranceAnnotation): { output: SystemOutput; dropped: string[] } {
  const output: SystemOutput = { id: a.id };
  if (a.words) output.words = a.words;
  if (a.trees)
    output.trees = a.trees.map((t) => ({
      name: t.name,
      typed: t.typed,
      bracket: writeBracket(t.tree, { typed: t.typed }),
    }));
  if (a.entities) output.entities = a.entities;
  if (a.concepts) output.concepts = a.concepts;
  if (a.nbest) output.nbest = a.nbest;
  const dropped = (['interpretations', 'labels'] as const).filter((k) => a[k] !== undefined);
  return { output, dropped };
}

const READERS: Record<string, OutputReader> = {
  '.jsonl': (text) => {
    const r = parseSystemJsonl(text);
    const diagnostics = [...r.diagnostics];
    // Lines come in file order: each id is looked for after the previous one, and located through one
    // index of the line starts, so a file of 100,000 such lines is not searched from its start each time.
    let index: LineIndex | null = null;
    let from = 0;
    const value = r.value.map((a) => {
      const { output, dropped } = toSystemOutput(a);
      if (dropped.length > 0) {
        const found = text.indexOf(`"${a.id}"`, from);
        const at = found < 0 ? from : found;
        from = at;
        index ??= new LineIndex(text);
        diagnostics.push(
          diagnosticAt(
            index,
            at,
            'system.gold-only',
            `utterance "${a.id}": ${dropped.join(' and ')} belong to the gold standard and were left out`,
            'warning',
          ),
        );
      }
      return output;
    });
    return { value, diagnostics };
  },
  // Attribute–value lists, one utterance per line, each line starting with its utterance id.
  '.concepts': (text) => {
    const r = parseConcepts(text, { ids: 'always' });
    return {
      value: r.value.map((l) => ({ id: l.id ?? '', concepts: l.concepts })),
      diagnostics: r.diagnostics,
    };
  },
  // N-best lists in the `sieve nbest` line shape; gold lists on those lines are not part of an output.
  '.nbest': (text) => {
    const r = parseNbestJsonl(text);
    return { value: r.value.map((l) => ({ id: l.id, nbest: l.nbest ?? [] })), diagnostics: r.diagnostics };
  },
  '.ctm': (text) => {
    const r = parseCtm(text);
    return { value: r.value.map((u) => ({ id: u.id, words: u.words })), diagnostics: r.diagnostics };
  },
};

/** The file extensions `readSystemFiles` understands. */
export const SYSTEM_FILE_EXTENSIONS = Object.keys(READERS);

/** One system output file: its name (the extension picks the reader) and how to get its text. */
export interface SystemSource {
  name: string;
  read(): TextFile;
}

/** What reading a system's files gives: outputs per utterance, with located errors and warnings. */
export interface SystemRead {
  outputs: SystemOutput[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** Outputs per utterance read from files on disk. */
export function readSystemFiles(files: readonly string[]): SystemRead {
  return readSystemSources(files.map((file) => ({ name: file, read: () => readTextFile(file) })));
}

/**
 * Outputs per utterance from file contents the studio sent (already decoded to text); the same readers
 * and merge rules as files on disk. A leading byte-order mark is not part of the text.
 */
export function readSystemUploads(files: readonly { name: string; content: string }[]): SystemRead {
  return readSystemSources(
    files.map((f) => ({ name: f.name, read: () => ({ ok: true, text: f.content.replace(/^\uFEFF/, '') }) })),
  );
}

/** Outputs per utterance read from `sources`, with located errors and warnings. */
export function readSystemSources(sources: readonly SystemSource[]): SystemRead {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const merged = new Map<string, { output: SystemOutput; from: Map<string, string> }>();
  for (const source of sources) {
    const file = source.name;
    const reader = READERS[path.extname(file).toLowerCase()];
    if (!reader) {
      errors.push({
        file,
        message: `unknown system output format; use ${SYSTEM_FILE_EXTENSIONS.join(', ')}`,
      });
      continue;
    }
    const read = source.read();
    if (!read.ok) {
      errors.push(read.issue);
      continue;
    }
    const r = reader(read.text);
    const loc = located(file, r.diagnostics);
    for (const i of loc.errors) errors.push(i);
    for (const i of loc.warnings) warnings.push(i);
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
