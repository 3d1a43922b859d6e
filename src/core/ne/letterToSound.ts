// A small letter-to-sound fallback for words missing from the pronouncing dictionary (names, new words:
// Burger et al. §4 mention "novel words"). It only has to put similar spellings on similar phones so the
// phonetic aligner can line them up; it is not a pronunciation model.

const DIGITS = [
  'Z IH R OW',
  'W AH N',
  'T UW',
  'TH R IY',
  'F AO R',
  'F AY V',
  'S IH K S',
  'S EH V AH N',
  'EY T',
  'N AY N',
];

// Letter groups, longest first; `^` marks a rule that applies only at the start of the word.
const GROUPS: readonly (readonly [string, string])[] = [
  ['tch', 'CH'], ['sch', 'S K'], ['igh', 'AY'],
  ['^kn', 'N'], ['^wr', 'R'], ['^gn', 'N'], ['^ps', 'S'],
  ['ch', 'CH'], ['sh', 'SH'], ['th', 'TH'], ['ph', 'F'], ['wh', 'W'], ['ck', 'K'], ['ng', 'NG'],
  ['qu', 'K W'], ['gh', ''], ['ee', 'IY'], ['ea', 'IY'], ['oo', 'UW'], ['ou', 'AW'], ['ow', 'OW'],
  ['ai', 'EY'], ['ay', 'EY'], ['oa', 'OW'], ['oi', 'OY'], ['oy', 'OY'], ['au', 'AO'], ['aw', 'AO'],
  ['ie', 'IY'], ['ei', 'EY'], ['ey', 'IY'], ['ew', 'UW'], ['er', 'ER'], ['ir', 'ER'], ['ur', 'ER'],
  ['ar', 'AA R'], ['or', 'AO R'],
]; // prettier-ignore

const SINGLE: Readonly<Record<string, string>> = {
  a: 'AE', b: 'B', c: 'K', d: 'D', e: 'EH', f: 'F', g: 'G', h: 'HH', i: 'IH', j: 'JH', k: 'K', l: 'L',
  m: 'M', n: 'N', o: 'AA', p: 'P', q: 'K', r: 'R', s: 'S', t: 'T', u: 'AH', v: 'V', w: 'W', x: 'K S',
  y: 'IY', z: 'Z',
}; // prettier-ignore

const VOWELS = 'aeiouy';

/**
 * ARPAbet phones for `word` by spelling rules: letter groups (`ch`, `ee`, `igh` …), soft `c`/`g` before
 * e/i/y, a silent final `e`, doubled consonants read once, digits by their names. Accents are dropped;
 * a character no rule covers becomes `?` (a phone that matches only itself).
 */
export function letterToSound(word: string): string[] {
  const w = word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const phones: string[] = [];
  const emit = (s: string): void => {
    if (s !== '') phones.push(...s.split(' '));
  };
  let i = 0;
  while (i < w.length) {
    const ch = w[i]!;
    if (ch >= '0' && ch <= '9') {
      emit(DIGITS[ch.charCodeAt(0) - 48]!);
      i++;
      continue;
    }
    if (!(ch in SINGLE)) {
      if (/[\p{L}\p{N}]/u.test(ch)) phones.push('?');
      i++;
      continue;
    }
    // A doubled consonant is one sound (`ll`, `ss`).
    if (i > 0 && w[i - 1] === ch && !VOWELS.includes(ch)) {
      i++;
      continue;
    }
    const group = GROUPS.find(([g]) =>
      g.startsWith('^') ? i === 0 && w.startsWith(g.slice(1)) : w.startsWith(g, i),
    );
    if (group) {
      emit(group[1]);
      i += group[0].replace('^', '').length;
      continue;
    }
    const next = w[i + 1] ?? '';
    if (ch === 'e' && i === w.length - 1 && i >= 2) {
      i++; // silent final e (`make`, `rose`)
      continue;
    }
    if ((ch === 'c' || ch === 'g') && 'eiy'.includes(next) && next !== '') emit(ch === 'c' ? 'S' : 'JH');
    else if (ch === 'y' && i === 0 && VOWELS.includes(next) && next !== '') emit('Y');
    else emit(SINGLE[ch]!);
    i++;
  }
  return phones;
}
