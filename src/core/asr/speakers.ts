// The speaker of an utterance id under sclite's `-i` id types (SCTK align.c `extract_speaker`), for trn files
// that carry no speaker of their own.
import { MetricInputError } from '../errors';

/** sclite's utterance id types: rm, spu_id and swb (up to the first `-`, else `_`), wsj and atis (first 3 characters), sp (the whole id). */
export const SPEAKER_ID_MODES = ['rm', 'spu_id', 'swb', 'wsj', 'atis', 'sp'] as const;

/** One of sclite's `-i` id types. */
export type SpeakerIdMode = (typeof SPEAKER_ID_MODES)[number];

/**
 * The speaker sclite derives from an utterance id (given without its parentheses): `rm`, `spu_id`, `swb` —
 * the id up to its first `-`, or when it has none up to its first `_` (an id with neither is an error in
 * sclite, and here); `wsj`, `atis` — its first three characters; `sp` — the whole id, one speaker per
 * utterance.
 */
export function speakerFromId(id: string, mode: SpeakerIdMode): string {
  switch (mode) {
    case 'sp':
      return id;
    case 'wsj':
    case 'atis':
      return id.slice(0, 3);
    default: {
      let p = id.indexOf('-');
      if (p < 0) p = id.indexOf('_');
      if (p < 0)
        throw new MetricInputError(`utterance id "${id}" has no '-' or '_' to end its speaker (-i ${mode})`);
      return id.slice(0, p);
    }
  }
}
