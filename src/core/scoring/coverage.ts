// What a system outputs, and which corpus metrics an utterance counts in. sclite's rule: an utterance with
// a reference but no hypothesis is scored against an empty hypothesis, so a system cannot improve its WER
// by leaving out the hard utterances. SIEVE applies it to every part a system outputs: a system that gives
// trees named "syntax" for some utterances is scored on every utterance with a gold "syntax" tree, the
// others as if it had proposed no tree. `onlyCovered` is the other figure, over the covered utterances only.
import type { GoldRecords } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import type { OutputPart } from './utteranceScores';

/** The parts a system outputs for at least one utterance: what an utterance without them is missing. */
export interface SystemProfile {
  words: boolean;
  concepts: boolean;
  /** Entities over the system's own words (entities need words). */
  entities: boolean;
  nbest: boolean;
  /** Tree names in `byName` order, each with whether the system's trees of that name are typed. */
  trees: { name: string; typed: boolean }[];
}

/** The corpus metrics' names, one place for the scorer, the corpus figures and the reports. */
export const METRIC = {
  wer: 'WER',
  /** Character error rate over the same words as WER (after the same GLM and normaliser), split as `sieve cer`. */
  cer: 'CER',
  concepts: 'Concept accuracy',
  nodeAccuracy: (tree: string) => `Node accuracy (${tree})`,
  structIou: (tree: string) => `Struct-IoU (${tree})`,
  parseval: (tree: string) => `ParsEval F1 (${tree})`,
  entities: 'Entity F1',
  nbest: ['FRecall@1', 'NDCG@3'] as readonly string[],
} as const;

/** The part of an output a metric is computed from (`tree:NAME` for a tree's metrics). */
export type { OutputPart };

/** An empty profile, to be extended output by output with `addToProfile`. */
export function emptyProfile(): SystemProfile {
  return { words: false, concepts: false, entities: false, nbest: false, trees: [] };
}

/** Adds one output's parts to `profile` (in place) and returns it. */
export function addToProfile(profile: SystemProfile, output: Omit<SystemOutput, 'id'>): SystemProfile {
  if (output.words) profile.words = true;
  if (output.concepts) profile.concepts = true;
  if (output.entities && output.words) profile.entities = true;
  if (output.nbest) profile.nbest = true;
  for (const t of output.trees ?? []) {
    const known = profile.trees.find((p) => p.name === t.name);
    if (known) known.typed ||= t.typed;
    else {
      profile.trees.push({ name: t.name, typed: t.typed });
      profile.trees.sort(byName);
    }
  }
  return profile;
}

/** The order of a profile's trees: by name, UTF-16 code units (so every store lists them alike). */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The profile of a set of outputs (one system's). */
export function systemProfile(outputs: Iterable<Omit<SystemOutput, 'id'>>): SystemProfile {
  const p = emptyProfile();
  for (const o of outputs) addToProfile(p, o);
  return p;
}

/**
 * The output scored for an utterance: the system's own, with every part the system outputs elsewhere but
 * not here filled in as an empty hypothesis (no words, no concepts, no entities, an empty N-best list; a
 * missing tree is scored as no tree), and the list of the parts so filled.
 */
export function completeOutput(
  id: string,
  output: SystemOutput | null,
  profile: SystemProfile,
): { output: SystemOutput; missing: OutputPart[] } {
  const out: SystemOutput = { ...(output ?? { id }) };
  const missing: OutputPart[] = [];
  if (profile.words && !out.words) {
    out.words = [];
    missing.push('words');
  }
  if (profile.concepts && !out.concepts) {
    out.concepts = [];
    missing.push('concepts');
  }
  if (profile.entities && (!out.entities || missing.includes('words'))) {
    // Entities over words the output does not have cannot stand: all of the gold's are missed.
    out.entities = [];
    missing.push('entities');
  }
  if (profile.nbest && !out.nbest) {
    out.nbest = [];
    missing.push('nbest');
  }
  for (const t of profile.trees)
    if (!(out.trees ?? []).some((o) => o.name === t.name)) missing.push(`tree:${t.name}`);
  return { output: out, missing };
}

/**
 * The corpus metrics the utterance counts in (the N of a figure's n / N): those whose gold the utterance has
 * and whose part the system outputs. Every utterance has a word tier (possibly empty); a tree's metrics need a
 * gold tree of that name (typed or not); the N-best figures need gold interpretations.
 */
export function expectedMetrics(gold: GoldRecords, profile: SystemProfile): string[] {
  const out: string[] = [];
  if (profile.words) out.push(METRIC.wer, METRIC.cer);
  if (profile.concepts) out.push(METRIC.concepts);
  for (const t of profile.trees) {
    const g = gold.trees.find((x) => x.name === t.name);
    if (!g) continue;
    out.push(METRIC.nodeAccuracy(t.name));
    out.push(METRIC.structIou(t.name));
    out.push(METRIC.parseval(t.name));
  }
  if (profile.entities) out.push(METRIC.entities);
  if (profile.nbest && gold.interpretations.length > 0) out.push(...METRIC.nbest);
  return out;
}

/** The part of the output a corpus metric is computed from. */
export function partOfMetric(metric: string): OutputPart | null {
  if (metric === METRIC.wer || metric === METRIC.cer) return 'words';
  if (metric === METRIC.concepts) return 'concepts';
  if (metric === METRIC.entities) return 'entities';
  if (METRIC.nbest.includes(metric)) return 'nbest';
  const m = /^(?:Node accuracy|Struct-IoU|ParsEval F1) \((.*)\)$/s.exec(metric);
  return m ? `tree:${m[1]!}` : null;
}
