// What the sc_stats-style significance tests read from a scored corpus: each utterance's speaker and
// counts, and its alignment steps (for MAPSSWE).
import type { CorpusWer } from '../metrics/wordAccuracy';
import type { UtteranceAlignment } from '../stats/mapsswe';
import type { UtteranceCounts } from '../stats/sctkTests';

/** One system's utterances as the significance tests take them. */
export interface SystemUtterances {
  counts: UtteranceCounts[];
  alignments: UtteranceAlignment[];
}

/**
 * Turns a scored corpus (scored with alignments) into the tests' inputs, each utterance's speaker from
 * `speakerOf(id)`.
 */
export function systemUtterances(scored: CorpusWer, speakerOf: (id: string) => string): SystemUtterances {
  const counts: UtteranceCounts[] = [];
  const alignments: UtteranceAlignment[] = [];
  for (const u of scored.utterances) {
    const { C, S, D, I } = u.stats;
    counts.push({ id: u.id, speaker: speakerOf(u.id), C, S, D, I });
    alignments.push({ id: u.id, steps: u.alignment.map((p) => ({ op: p.op, ref: p.ref })) });
  }
  return { counts, alignments };
}
