// Numbers written in digits, spelled as words the aligner's dictionary has. Only the simple cases:
// whole numbers below a billion, English years, decimals and English ordinals. Anything else is left to
// the pronunciation fallback, which reads digits one by one.

/** The languages SIEVE aligns. */
export type AlignLang = 'en-us' | 'fr-fr';

const EN_SMALL = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
]; // prettier-ignore
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

const FR_SMALL = [
  'zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze',
  'douze', 'treize', 'quatorze', 'quinze', 'seize', 'dix-sept', 'dix-huit', 'dix-neuf',
]; // prettier-ignore
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** The largest number spelled out (a billion and above is read digit by digit). */
export const MAX_SPELLED = 999_999_999;

function enBelowThousand(n: number): string[] {
  const out: string[] = [];
  if (n >= 100) {
    out.push(EN_SMALL[Math.floor(n / 100)]!, 'hundred');
    n %= 100;
  }
  if (n >= 20) {
    out.push(EN_TENS[Math.floor(n / 10)]!);
    if (n % 10 > 0) out.push(EN_SMALL[n % 10]!);
  } else if (n > 0 || out.length === 0) out.push(EN_SMALL[n]!);
  return out;
}

function enCardinal(n: number): string[] {
  if (n === 0) return ['zero'];
  const out: string[] = [];
  for (const [size, name] of [
    [1_000_000, 'million'],
    [1_000, 'thousand'],
  ] as const) {
    if (n >= size) {
      out.push(...enBelowThousand(Math.floor(n / size)), name);
      n %= size;
    }
  }
  if (n > 0) out.push(...enBelowThousand(n));
  return out;
}

// French tens and units below 100, with the traditional `et` (vingt et un, soixante et onze) and the
// vigesimal seventies to nineties (soixante-dix, quatre-vingts, quatre-vingt-onze).
function frBelowHundred(n: number, last: boolean): string[] {
  if (n < 20) return [FR_SMALL[n]!];
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 7 || tens === 9) {
    const base = tens === 7 ? 'soixante' : 'quatre-vingt';
    if (tens === 7 && unit === 1) return ['soixante', 'et', 'onze'];
    return [base, FR_SMALL[10 + unit]!];
  }
  if (tens === 8)
    return unit === 0 ? [last ? 'quatre-vingts' : 'quatre-vingt'] : ['quatre-vingt', FR_SMALL[unit]!];
  if (unit === 0) return [FR_TENS[tens]!];
  if (unit === 1) return [FR_TENS[tens]!, 'et', 'un'];
  return [FR_TENS[tens]!, FR_SMALL[unit]!];
}

function frBelowThousand(n: number, last: boolean): string[] {
  const out: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) {
    if (hundreds > 1) out.push(FR_SMALL[hundreds]!);
    out.push(hundreds > 1 && rest === 0 && last ? 'cents' : 'cent');
  }
  if (rest > 0) out.push(...frBelowHundred(rest, last));
  return out;
}

function frCardinal(n: number): string[] {
  if (n === 0) return ['zéro'];
  const out: string[] = [];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (millions > 0) out.push(...frBelowThousand(millions, true), millions > 1 ? 'millions' : 'million');
  if (thousands === 1) out.push('mille');
  else if (thousands > 1) out.push(...frBelowThousand(thousands, false), 'mille');
  if (rest > 0) out.push(...frBelowThousand(rest, true));
  return out;
}

// English years as they are said: 1984 "nineteen eighty four", 1900 "nineteen hundred", 2024 "twenty
// twenty four"; 2000–2009 are "two thousand (one)".
function enYear(n: number): string[] {
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return [...enBelowThousand(high), 'hundred'];
  const lowWords = low < 10 ? ['oh', EN_SMALL[low]!] : enBelowThousand(low);
  return [...enBelowThousand(high), ...lowWords];
}

const EN_ORDINAL_IRREGULAR: Readonly<Record<string, string>> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function enOrdinalWord(word: string): string {
  if (word in EN_ORDINAL_IRREGULAR) return EN_ORDINAL_IRREGULAR[word]!;
  if (word.endsWith('y')) return `${word.slice(0, -1)}ieth`;
  return `${word}th`;
}

/**
 * The words for a whole number written in digits (`n` at most `MAX_SPELLED`), or null when it is larger.
 * `year` reads English four-digit numbers from 1100 to 2099 (not 2000–2009) as years are said.
 */
export function cardinalWords(n: number, lang: AlignLang, options: { year?: boolean } = {}): string[] | null {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SPELLED) return null;
  if (lang === 'fr-fr') return frCardinal(n);
  if (options.year && n >= 1100 && n <= 2099 && !(n >= 2000 && n <= 2009)) return enYear(n);
  return enCardinal(n);
}

/**
 * The spoken words of a number token (`42`, `1,000` in English, `3.5` / `3,5`, `21st`, `1er`), or null
 * when the token is not a number SIEVE spells out.
 */
export function numberWords(token: string, lang: AlignLang): string[] | null {
  const decimalMark = lang === 'fr-fr' ? ',' : '.';
  let m = /^(\d{1,3}(?:,\d{3})+|\d+)$/.exec(token);
  if (m && lang === 'en-us') {
    const digits = m[1]!.replaceAll(',', '');
    if (digits.length > 1 && digits.startsWith('0')) return null;
    return cardinalWords(Number(digits), lang, { year: digits.length === 4 && !m[1]!.includes(',') });
  }
  m = /^(\d+)$/.exec(token);
  if (m) {
    if (m[1]!.length > 1 && m[1]!.startsWith('0')) return null;
    return cardinalWords(Number(m[1]), lang);
  }
  const decimal = new RegExp(`^(\\d+)\\${decimalMark}(\\d+)$`).exec(token);
  if (decimal) {
    const whole = cardinalWords(Number(decimal[1]), lang);
    if (!whole) return null;
    const small = lang === 'fr-fr' ? FR_SMALL : EN_SMALL;
    const fraction = [...decimal[2]!].map((d) => small[Number(d)]!);
    return [...whole, lang === 'fr-fr' ? 'virgule' : 'point', ...fraction];
  }
  if (lang === 'en-us') {
    const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(token);
    if (ordinal) {
      const words = cardinalWords(Number(ordinal[1]), lang);
      if (!words) return null;
      return [...words.slice(0, -1), enOrdinalWord(words.at(-1)!)];
    }
  } else {
    const ordinal = /^(\d+)(er|re|e|ème)$/.exec(token);
    if (ordinal) {
      const n = Number(ordinal[1]);
      if (n === 1) return [ordinal[2] === 're' ? 'première' : 'premier'];
      const words = cardinalWords(n, lang);
      if (!words) return null;
      const last = words.at(-1)!.replace(/s$/, '');
      const stem = last.endsWith('e')
        ? last.slice(0, -1)
        : last === 'cinq'
          ? 'cinqu'
          : last === 'neuf'
            ? 'neuv'
            : last;
      return [...words.slice(0, -1), `${stem}ième`];
    }
  }
  return null;
}
