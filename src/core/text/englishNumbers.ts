// Spelled-out English numbers to digits, for the `whisper-en-1` normaliser: "twenty three" → 23,
// "nineteen ninety nine" → 1999, "thirty first" → 31st, "two point five million" → 2500000,
// "twenty dollars" → $20, "fifty percent" → 50%.

const ONES: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
}; // prettier-ignore
const TEENS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19,
}; // prettier-ignore
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
}; // prettier-ignore
const MULTIPLIERS: Record<string, number> = {
  hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12,
}; // prettier-ignore
const ORDINALS: Record<string, string> = {
  first: 'one', second: 'two', third: 'three', fourth: 'four', fifth: 'five', sixth: 'six',
  seventh: 'seven', eighth: 'eight', ninth: 'nine', tenth: 'ten', eleventh: 'eleven',
  twelfth: 'twelve', thirteenth: 'thirteen', fourteenth: 'fourteen', fifteenth: 'fifteen',
  sixteenth: 'sixteen', seventeenth: 'seventeen', eighteenth: 'eighteen', nineteenth: 'nineteen',
  twentieth: 'twenty', thirtieth: 'thirty', fortieth: 'forty', fiftieth: 'fifty', sixtieth: 'sixty',
  seventieth: 'seventy', eightieth: 'eighty', ninetieth: 'ninety', hundredth: 'hundred',
  thousandth: 'thousand', millionth: 'million', billionth: 'billion',
}; // prettier-ignore
const CURRENCIES: Record<string, string> = {
  dollar: '$', dollars: '$', pound: '£', pounds: '£', euro: '€', euros: '€', cent: '¢', cents: '¢',
}; // prettier-ignore

/** A number word's cardinal form and whether it was ordinal or plural ("twenties", "millions"). */
function baseOf(word: string): { base: string; ordinal: boolean; plural: boolean } | null {
  const known = (w: string): boolean => w in ONES || w in TEENS || w in TENS || w in MULTIPLIERS;
  if (known(word)) return { base: word, ordinal: false, plural: false };
  const ord = ORDINALS[word];
  if (ord !== undefined) return { base: ord, ordinal: true, plural: false };
  if (word.endsWith('ies') && known(`${word.slice(0, -3)}y`)) {
    return { base: `${word.slice(0, -3)}y`, ordinal: false, plural: true };
  }
  if (word.endsWith('s') && known(word.slice(0, -1)) && word !== 'tens') {
    return { base: word.slice(0, -1), ordinal: false, plural: true };
  }
  return null;
}

const suffixOf = (n: string): string => {
  const last2 = Number(n.slice(-2));
  if (last2 >= 11 && last2 <= 13) return 'th';
  return { '1': 'st', '2': 'nd', '3': 'rd' }[n.slice(-1)] ?? 'th';
};

/** Digits of a run of number words (no ordinal or plural inside), or null when it is not a number. */
function evaluate(run: readonly string[]): string | null {
  // Segments are concatenated: "nineteen ninety nine" is 19 then 99; within one, multipliers apply.
  let out = '';
  let total = 0;
  let cur = 0; // below the last multiplier ≥ 1000
  let small = -1; // the current value below 100, −1 when none
  let open = false; // a tens word that may still take its ones
  let used = false;
  const flush = (): void => {
    if (!used) return;
    out += String(total + cur + Math.max(small, 0));
    total = 0;
    cur = 0;
    small = -1;
    open = false;
    used = false;
  };
  for (const w of run) {
    const v = ONES[w] ?? TEENS[w] ?? TENS[w];
    if (v !== undefined) {
      if (open && w in ONES && v > 0) {
        small += v;
        open = false;
      } else {
        if (small >= 0) flush();
        small = v;
        open = w in TENS;
      }
      used = true;
      continue;
    }
    const m = MULTIPLIERS[w];
    if (m === undefined) return null;
    const unit = Math.max(small, 0) || (m === 100 || !used ? 1 : 0);
    used = true;
    if (m === 100) cur += unit * 100;
    else {
      total += (cur + unit || 1) * m;
      cur = 0;
    }
    small = -1;
    open = false;
  }
  flush();
  return out === '' ? null : out;
}

const isNumberWord = (w: string): boolean => baseOf(w) !== null;

/**
 * Replaces runs of spelled-out number words in `words` by digits: a run is number words, `and` between
 * them after `hundred`/`thousand`…, `point` followed by single digits (a decimal), an ordinal (`first`
 * … `billionth`, giving `1st` …) or a plural (`nineties` → `90s`) at its end. A following `percent`
 * gives `N%`, `dollars`/`pounds`/`euros`/`cents` a leading `$`/`£`/`€`/`¢`. `second` is an ordinal only
 * after a tens word (else it is the unit); digits before a multiplier are multiplied (`200 thousand`
 * → 200000); other digits pass through.
 */
export function numbersToDigits(words: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const mult = MULTIPLIERS[words[i + 1] ?? ''];
    if (/^\d+$/.test(w) && mult !== undefined) {
      // Digits and a spelled multiplier: "200 thousand" → 200000.
      out.push(String(BigInt(w) * BigInt(mult)));
      i += 2;
      continue;
    }
    if (!isNumberWord(w) || w === 'second') {
      out.push(w);
      i++;
      continue;
    }
    const run: string[] = [];
    let suffix = '';
    let j = i;
    while (j < words.length) {
      const word = words[j]!;
      if (word === 'and' && run.length > 0 && j + 1 < words.length && isNumberWord(words[j + 1]!)) {
        const prev = run[run.length - 1]!;
        if (prev in MULTIPLIERS) {
          j++;
          continue;
        }
        break;
      }
      const b = baseOf(word);
      if (b === null) break;
      // "second" is an ordinal only after a tens word ("twenty second"); else it is the unit.
      if (word === 'second' && !(run[run.length - 1]! in TENS)) break;
      run.push(b.base);
      j++;
      if (b.ordinal || b.plural) {
        suffix = b.ordinal ? 'ordinal' : 's';
        break;
      }
    }
    let digits = evaluate(run);
    if (digits === null) {
      out.push(w);
      i++;
      continue;
    }
    // A decimal: "point" and single digits, then maybe a multiplier ("two point five million").
    if (suffix === '' && words[j] === 'point' && words[j + 1] !== undefined && words[j + 1]! in ONES) {
      let frac = '';
      let k = j + 1;
      for (; k < words.length && words[k]! in ONES; k++) frac += String(ONES[words[k]!]);
      const mult = MULTIPLIERS[words[k] ?? ''];
      if (mult !== undefined && mult >= 1000) {
        const scaled = Math.round(Number(`${digits}.${frac}`) * mult);
        digits = String(scaled);
        k++;
      } else digits = `${digits}.${frac}`;
      j = k;
    }
    if (suffix === 'ordinal') digits += suffixOf(digits);
    else if (suffix === 's') digits += 's';
    const next = words[j];
    if (suffix === '' && next === 'percent') {
      out.push(`${digits}%`);
      j++;
    } else if (suffix === '' && next !== undefined && next in CURRENCIES) {
      out.push(`${CURRENCIES[next]}${digits}`);
      j++;
    } else out.push(digits);
    i = j;
  }
  return out;
}
