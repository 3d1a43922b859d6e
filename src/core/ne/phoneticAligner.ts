// The phonetic aligner (Burger et al. §2.2, after Fisher & Fiscus 1993): words are compared through their
// pronunciations and aligned phone against phone, so one word may align with several (NEW YORK ↔ NEWARK,
// GINGRICH ↔ GOOD RICH). Pronunciations come from a lookup the caller supplies (the CLI passes the CMU
// Pronouncing Dictionary), with the letter-to-sound rules for words it lacks.
import { linksToBlocks } from './alignment';
import { letterToSound } from './letterToSound';
import type { LexemeAligner } from './lexemeAligner';
import {
  BOUNDARY,
  BOUNDARY_INDEL,
  PHONE_CODES,
  PHONE_INDEL,
  PHONE_SUBSTITUTION,
  UNKNOWN_PHONE,
  phoneCode,
} from './phones';

/** Pronunciation of a word as ARPAbet phones (stress digits allowed), or undefined when unknown. */
export type PronunciationLookup = (word: string) => readonly string[] | undefined;

/** Where the phonetic aligner gets pronunciations. */
export interface PhoneticAlignerOptions {
  /** Dictionary lookup; words it does not know (and every word without one) go to letter-to-sound. */
  lookup?: PronunciationLookup;
  /** Name of the lexicon in the signature (`cmudict`); `lts` when there is no lookup. */
  lexicon?: string;
}

// Scratch buffers shared by all calls (alignment is synchronous), grown on demand.
let rowA = new Int32Array(256);
let rowB = new Int32Array(256);
let trace = new Uint8Array(1 << 16);
const DIAG = 0;
const UP = 1; // a reference phone or boundary left unaligned
const LEFT = 2; // a hypothesis phone or boundary left unaligned

interface PhoneString {
  phone: Uint8Array;
  /** Word of each phone, relative to the range start; −1 for a boundary. */
  word: Int32Array;
  length: number;
}

/** A phonetic aligner over `options.lookup` with the letter-to-sound fallback. */
export function phoneticAligner(options: PhoneticAlignerOptions = {}): LexemeAligner {
  const cache = new Map<string, Uint8Array>();
  const phonesOf = (text: string): Uint8Array => {
    let p = cache.get(text);
    if (p === undefined) {
      const found = options.lookup?.(text);
      const phones = found && found.length > 0 ? found : letterToSound(text);
      p = phones.length > 0 ? Uint8Array.from(phones, phoneCode) : Uint8Array.of(UNKNOWN_PHONE);
      cache.set(text, p);
    }
    return p;
  };
  // The phones of words[a, b) with a boundary between neighbouring words.
  const phoneString = (text: readonly string[], a: number, b: number): PhoneString => {
    const parts: Uint8Array[] = [];
    let length = Math.max(0, b - a - 1);
    for (let i = a; i < b; i++) {
      const p = phonesOf(text[i]!);
      parts.push(p);
      length += p.length;
    }
    const phone = new Uint8Array(length);
    const word = new Int32Array(length);
    let k = 0;
    parts.forEach((p, w) => {
      if (w > 0) {
        phone[k] = BOUNDARY;
        word[k++] = -1;
      }
      for (let q = 0; q < p.length; q++) {
        phone[k] = p[q]!;
        word[k++] = w;
      }
    });
    return { phone, word, length };
  };

  return {
    name: `phonetic+${options.lookup ? (options.lexicon ?? 'lexicon') : 'lts'}`,
    anchored: true,
    // About five phones a word: 200 words a side is a table of about a million cells. Work on texts with no
    // shared runs at all (every gap cut at this length) grows with this bound, so it is kept small.
    maxSpan: 200,
    alignRange(ref, hyp, r0, r1, h0, h1, out) {
      const hypLo = new Int32Array(r1 - r0).fill(-1);
      const hypHi = new Int32Array(r1 - r0).fill(-1);
      if (r1 > r0 && h1 > h0) {
        const p = phoneString(ref.text, r0, r1);
        const q = phoneString(hyp.text, h0, h1);
        alignPhones(p, q, h0, hypLo, hypHi);
      }
      linksToBlocks(r0, r1, h0, h1, hypLo, hypHi, out);
    },
  };
}

/**
 * Minimum-cost phone alignment of `p` against `q` (costs in `phones.ts`; among equal moves the diagonal,
 * then the deletion, as sclite does); every pair of phones on the path links their two words.
 */
function alignPhones(p: PhoneString, q: PhoneString, h0: number, hypLo: Int32Array, hypHi: Int32Array): void {
  const n = p.length;
  const m = q.length;
  const w = m + 1;
  if (rowA.length < w) {
    rowA = new Int32Array(2 * w);
    rowB = new Int32Array(2 * w);
  }
  if (trace.length < (n + 1) * w) trace = new Uint8Array(Math.max((n + 1) * w, 2 * trace.length));
  const tr = trace;
  let prev = rowA;
  let cur = rowB;
  const pp = p.phone;
  const qp = q.phone;
  prev[0] = 0;
  for (let j = 1; j <= m; j++) {
    prev[j] = prev[j - 1]! + (qp[j - 1] === BOUNDARY ? BOUNDARY_INDEL : PHONE_INDEL);
    tr[j] = LEFT;
  }
  for (let i = 1; i <= n; i++) {
    const a = pp[i - 1]!;
    const delA = a === BOUNDARY ? BOUNDARY_INDEL : PHONE_INDEL;
    const row = a * PHONE_CODES;
    const base = i * w;
    cur[0] = prev[0]! + delA;
    tr[base] = UP;
    for (let j = 1; j <= m; j++) {
      const b = qp[j - 1]!;
      const diag = prev[j - 1]! + PHONE_SUBSTITUTION[row + b]!;
      const up = prev[j]! + delA;
      const left = cur[j - 1]! + (b === BOUNDARY ? BOUNDARY_INDEL : PHONE_INDEL);
      if (diag <= up && diag <= left) {
        cur[j] = diag;
        tr[base + j] = DIAG;
      } else if (up < left) {
        cur[j] = up;
        tr[base + j] = UP;
      } else {
        cur[j] = left;
        tr[base + j] = LEFT;
      }
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const move = tr[i * w + j]!;
    if (move === DIAG) {
      const rw = p.word[i - 1]!;
      const hw = q.word[j - 1]!;
      if (rw >= 0 && hw >= 0) {
        const h = h0 + hw;
        if (hypLo[rw]! < 0 || h < hypLo[rw]!) hypLo[rw] = h;
        if (h > hypHi[rw]!) hypHi[rw] = h;
      }
      i--;
      j--;
    } else if (move === UP) i--;
    else j--;
  }
}
