// Stage 4 (Burger et al. §2.4): a mapped reference/hypothesis entity pair is compared on three
// independent components — type, extent and content — through the lexeme alignment.
import type { EntitySpan } from '../model/annotation';
import type { LexemeAlignment } from './alignment';

/** The three judgements of one mapped pair. */
export interface NeJudgement {
  type: boolean;
  /** Extent under the extent tolerance in force. */
  extent: boolean;
  content: boolean;
}

// True when every word in [a, b) of one side sits in a block with a word error.
function allErrors(block: Int32Array, correct: Uint8Array, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (correct[block[k]!] === 1) return false;
  return true;
}

/**
 * One boundary of a pair. The words "between" the two boundaries are, on the reference side, those
 * between the reference boundary and where the block holding the hypothesis boundary starts (ends), and
 * symmetrically on the hypothesis side. Strict extent (§2.4: "the first word of the hypothesis NE to align
 * with the first word of the reference NE") means there are none: both entities start (end) exactly where
 * one block starts (ends) — so GINGRICH against NEWT GOOD (of GOOD RICH) is wrong, Example 4 Hyp4. With
 * tolerance k, up to k words per side are forgiven, but only when they are all word errors (§2.4: "the
 * tolerance only comes into play if there are word errors adjacent to the boundary"); a boundary moved
 * across a correctly recognised word (Hyp5) stays wrong. Requiring every forgiven word to be an error, not
 * only the one next to the boundary, is this implementation's reading for k ≥ 2.
 */
function boundaryOk(
  refWord: number,
  hypWord: number,
  refEdge: number,
  hypEdge: number,
  a: LexemeAlignment,
  tolerance: number,
): boolean {
  const refLo = Math.min(refWord, refEdge);
  const refHi = Math.max(refWord, refEdge);
  const hypLo = Math.min(hypWord, hypEdge);
  const hypHi = Math.max(hypWord, hypEdge);
  if (refLo === refHi && hypLo === hypHi) return true;
  if (Math.max(refHi - refLo, hypHi - hypLo) > tolerance) return false;
  return allErrors(a.refBlock, a.correct, refLo, refHi) && allErrors(a.hypBlock, a.correct, hypLo, hypHi);
}

/** Whether the extents of `ref` and `hyp` agree under the alignment, forgiving `tolerance` words. */
export function extentCorrect(
  ref: EntitySpan,
  hyp: EntitySpan,
  a: LexemeAlignment,
  tolerance: number,
): boolean {
  const bRf = a.refBlock[ref.firstWord]!;
  const bHf = a.hypBlock[hyp.firstWord]!;
  const bRl = a.refBlock[ref.lastWord]!;
  const bHl = a.hypBlock[hyp.lastWord]!;
  // Boundaries as word positions: a start sits before its first word, an end after its last word.
  const startOk = boundaryOk(ref.firstWord, hyp.firstWord, a.refStart[bHf]!, a.hypStart[bRf]!, a, tolerance);
  const endOk = boundaryOk(
    ref.lastWord + 1,
    hyp.lastWord + 1,
    a.refStart[bHl + 1]!,
    a.hypStart[bRl + 1]!,
    a,
    tolerance,
  );
  return startOk && endOk;
}

/**
 * Content (§2.4): "a region of intersection between the reference and the hypothesis text is computed,
 * and there must be no word errors in this region" — every block from the later of the two starts to the
 * earlier of the two ends is one word against one identical word. The extent tolerance plays no part.
 * Entities with no block in common (never a mapped pair) have no content to judge and are wrong.
 */
export function contentCorrect(ref: EntitySpan, hyp: EntitySpan, a: LexemeAlignment): boolean {
  const from = Math.max(a.refBlock[ref.firstWord]!, a.hypBlock[hyp.firstWord]!);
  const to = Math.min(a.refBlock[ref.lastWord]!, a.hypBlock[hyp.lastWord]!);
  if (from > to) return false;
  for (let b = from; b <= to; b++) if (a.correct[b] !== 1) return false;
  return true;
}

/** Type, extent (with `tolerance`) and content of a mapped pair (§2.4). */
export function judgePair(
  ref: EntitySpan,
  hyp: EntitySpan,
  a: LexemeAlignment,
  tolerance: number,
): NeJudgement {
  return {
    // §2.4: "A hypothesis type is correct only if it is the same as the corresponding reference type."
    type: ref.type === hyp.type,
    extent: extentCorrect(ref, hyp, a, tolerance),
    content: contentCorrect(ref, hyp, a),
  };
}
