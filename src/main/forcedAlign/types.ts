// The forced aligner's request and result: what the import, the CLI and the studio's re-alignment send
// to `alignSpeech`, and what they get back. Plain data, so it crosses to the worker thread as it is.

/** The languages whose acoustic model and dictionary ship with the aligner. */
export const ALIGN_LANGUAGES = ['en-us', 'fr-fr'] as const;
export type AlignLanguage = (typeof ALIGN_LANGUAGES)[number];

/** One word to place: the normalised token the aligner sees, and its phones when the model's dictionary lacks it. */
export interface AlignWord {
  /** The word as the aligner sees it (lower case, no punctuation): see `normaliseTranscript`. */
  token: string;
  /**
   * Phones in the model's phone set, space-separated (ARPAbet for en-us), for a token the model's
   * dictionary does not have; null or absent: the dictionary's own pronunciation is used.
   */
  phones?: string | null;
}

/** A word whose times are known and must not move (a boundary the annotator confirmed). */
export interface FixedWord {
  /** Index into `AlignRequest.words`. */
  index: number;
  startSec: number;
  endSec: number;
}

/** One recording (or a stretch of it) and the words spoken in it, in order. */
export interface AlignRequest {
  /** A WAV file (any rate, any channel count: mixed to mono) or FLAC/MP3/Ogg Vorbis. */
  audioPath: string;
  /** Where the stretch starts and ends in the recording (default: the whole recording). */
  startSec?: number;
  endSec?: number;
  words: AlignWord[];
  lang: AlignLanguage;
  /** Words whose times stay as given; only the stretches between them are aligned. */
  fixed?: FixedWord[];
}

/** Where one word was placed, and how sure the aligner is (see `wordConfidence`). */
export interface AlignedWord {
  startSec: number;
  endSec: number;
  /** In [0, 1]; the aligner's acoustic score per frame, mapped as `wordConfidence` documents. */
  confidence: number;
}

/** One entry per request word, in order: null where the word could not be placed (times are never invented). */
export interface AlignResult {
  words: (AlignedWord | null)[];
  /** What the user should know (words not placed, stretches that failed, the audio resampled …). */
  warnings: string[];
}

/** How a caller follows and stops an alignment. */
export interface AlignOptions {
  /** Aborting stops the worker thread at once; the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Seconds of audio aligned so far, of the total, each time a piece is done. */
  onProgress?: (done: number, total: number) => void;
}
