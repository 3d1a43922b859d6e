// The ARPAbet phone set of the CMU Pronouncing Dictionary and the phone-to-phone costs of the phonetic
// aligner. Fisher & Fiscus (1993), which Burger et al. §2.2 use, align words through their phones so that
// similar-sounding words line up; the costs below grade a substitution by broad phonetic class.

/** The 39 ARPAbet phones (stress digits removed), in code order from 1. */
export const ARPABET: readonly string[] = [
  'AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW',
  'B', 'D', 'G', 'K', 'P', 'T',
  'CH', 'DH', 'F', 'HH', 'JH', 'S', 'SH', 'TH', 'V', 'Z', 'ZH',
  'M', 'N', 'NG',
  'L', 'R', 'W', 'Y',
]; // prettier-ignore

/** Code of the word boundary between two words' phones. */
export const BOUNDARY = 0;
/** Code of a phone outside ARPAbet (a character no rule knows); it matches only itself. */
export const UNKNOWN_PHONE = ARPABET.length + 1;
/** Number of phone codes (boundary, 39 phones, unknown). */
export const PHONE_CODES = ARPABET.length + 2;

const CODE = new Map(ARPABET.map((p, k) => [p, k + 1]));

/** The code of an ARPAbet phone, stress digits ignored (`UW1` → code of `UW`); UNKNOWN_PHONE otherwise. */
export function phoneCode(phone: string): number {
  return CODE.get(phone.replace(/[0-9]+$/, '').toUpperCase()) ?? UNKNOWN_PHONE;
}

// Broad classes: 0 vowels, 1 stops, 2 fricatives and affricates, 3 nasals, 4 liquids and glides, 5 other.
function phoneClass(code: number): number {
  if (code >= 1 && code <= 15) return 0;
  if (code <= 21) return 1;
  if (code <= 32) return 2;
  if (code <= 35) return 3;
  if (code <= 39) return 4;
  return 5;
}

/** Cost of leaving a phone unaligned. */
export const PHONE_INDEL = 2;
/** Cost of leaving a word boundary unaligned: cheap, so one word may align with several. */
export const BOUNDARY_INDEL = 1;
/** A cost no alignment takes (a boundary against a phone). */
export const FORBIDDEN = 1 << 20;

/**
 * Substitution costs between phone codes, row-major `PHONE_CODES × PHONE_CODES`: 0 for identity, 2 within
 * a broad class, 3 between consonant classes or a liquid/glide against a vowel, and otherwise dearer than
 * a deletion plus an insertion (so unrelated phones are never paired). Boundaries pair only with
 * boundaries.
 */
export const PHONE_SUBSTITUTION: Int32Array = (() => {
  const n = PHONE_CODES;
  const t = new Int32Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      let c: number;
      if (a === b) c = 0;
      else if (a === BOUNDARY || b === BOUNDARY) c = FORBIDDEN;
      else {
        const ca = phoneClass(a);
        const cb = phoneClass(b);
        if (ca === 5 || cb === 5) c = 2 * PHONE_INDEL + 1;
        else if (ca === cb) c = 2;
        else if (ca !== 0 && cb !== 0) c = 3;
        else if (ca === 4 || cb === 4) c = 3;
        else c = 2 * PHONE_INDEL + 1;
      }
      t[a * n + b] = c;
    }
  }
  return t;
})();
