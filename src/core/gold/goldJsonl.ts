// The gold standard as JSON Lines: one utterance per line with its words (times in seconds of its audio
// file), trees, entities, concepts, interpretations and labels. `sieve export --format jsonl` writes it and
// `sieve import --alignment FILE.jsonl` reads it back, so a project's annotation round-trips losslessly.
import { z } from 'zod';
import { Reporter, splitLines } from '../formats/common';
import { parseJsonWith } from '../formats/jsonText';
import type { ParseResult } from '../text/diagnostics';
import type { GoldRecords } from './records';
import { GoldConcept, GoldEntity, GoldLabels, GoldTree, GoldWord, goldProblems } from './records';

/** One line of a gold JSON Lines file. */
export const GoldLine = z.strictObject({
  id: z.string().min(1).max(200),
  /** The audio file's name without extension, when it is not the utterance id (several utterances per file). */
  audio: z.string().min(1).optional(),
  speaker: z.string().optional(),
  /** The transcript as written, when it is not just the words joined by spaces. */
  transcript: z.string().optional(),
  startSec: z.number().nonnegative().optional(),
  endSec: z.number().nonnegative().optional(),
  words: z.array(GoldWord),
  trees: z.array(GoldTree).optional(),
  entities: z.array(GoldEntity).optional(),
  concepts: z.array(GoldConcept).optional(),
  interpretations: z.array(z.string()).optional(),
  labels: GoldLabels.optional(),
});
export type GoldLine = z.infer<typeof GoldLine>;

/** Reads gold lines; schema errors, inconsistent gold and repeated ids are located diagnostics. */
export function parseGoldJsonl(text: string): ParseResult<GoldLine[]> {
  const report = new Reporter(text);
  const out: GoldLine[] = [];
  const seen = new Map<string, number>();
  for (const line of splitLines(text)) {
    if (line.text.trim() === '') continue;
    const g = parseJsonWith(line.text, line.offset, GoldLine, report, 'gold');
    if (!g) continue;
    const first = seen.get(g.id);
    if (first !== undefined) {
      report.error(line.offset, 'gold.duplicate', `utterance "${g.id}" is already on line ${first}`);
      continue;
    }
    seen.set(g.id, line.line);
    const problems = goldProblems(toRecords(g));
    if (problems.length > 0) {
      report.error(line.offset, 'gold.inconsistent', `utterance "${g.id}": ${problems[0]}`);
      continue;
    }
    out.push(g);
  }
  return { value: out, diagnostics: report.diagnostics };
}

/** The gold records a line holds. */
export function toRecords(g: GoldLine): GoldRecords {
  return {
    words: g.words,
    trees: g.trees ?? [],
    entities: g.entities ?? [],
    concepts: g.concepts ?? [],
    interpretations: g.interpretations ?? [],
    labels: g.labels ?? {},
  };
}

/** Writes one line per utterance, leaving out empty parts. */
export function writeGoldJsonl(
  items: readonly {
    id: string;
    audio?: string;
    speaker?: string;
    transcript?: string;
    startSec?: number;
    endSec?: number;
    gold: GoldRecords;
  }[],
): string {
  return items
    .map(({ id, audio, speaker, transcript, startSec, endSec, gold }) => {
      const joined = gold.words.map((w) => w.text).join(' ');
      const line: GoldLine = {
        id,
        ...(audio !== undefined && audio !== id ? { audio } : {}),
        ...(speaker ? { speaker } : {}),
        ...(transcript !== undefined && transcript !== joined ? { transcript } : {}),
        startSec,
        endSec,
        words: gold.words,
      };
      if (gold.trees.length > 0) line.trees = gold.trees;
      if (gold.entities.length > 0) line.entities = gold.entities;
      if (gold.concepts.length > 0) line.concepts = gold.concepts;
      if (gold.interpretations.length > 0) line.interpretations = gold.interpretations;
      if (Object.keys(gold.labels).length > 0) line.labels = gold.labels;
      return `${JSON.stringify(line)}\n`;
    })
    .join('');
}
