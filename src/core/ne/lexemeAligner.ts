// Stage 2's plug-in point (Burger et al. §2.2): three interchangeable aligners — text (sclite's one-to-one
// minimum edit distance), phonetic (Fisher & Fiscus 1993, one word against several) and time (overlap of
// word times) — all produce the same block alignment.
import type { CodedWords } from './document';
import type { AlignmentBuilder } from './alignment';

/** One way of aligning reference and hypothesis lexemes. */
export interface LexemeAligner {
  /** The aligner's name in settings signatures (`text`, `phonetic+cmudict`, `time`). */
  readonly name: string;
  /**
   * Whether runs of identical words are anchored first (Burger et al. §2.1). The time aligner is linear
   * and needs no anchors; the dynamic-programming aligners do on long texts.
   */
  readonly anchored: boolean;
  /** The longest range (words per side) one `alignRange` call should get; longer gaps are cut. */
  readonly maxSpan: number;
  /** Appends blocks covering ref[r0, r1) and hyp[h0, h1) to `out`, in order. */
  alignRange(
    ref: CodedWords,
    hyp: CodedWords,
    r0: number,
    r1: number,
    h0: number,
    h1: number,
    out: AlignmentBuilder,
  ): void;
}
