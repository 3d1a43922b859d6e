// The small hand-made lexicon behind the demo's baseline annotators: Penn Treebank part-of-speech tags,
// written forms of names (for truecasing lower-case recognizer output) and a gazetteer of names.

/** Words by Penn Treebank tag, one tag a line; unknown words are guessed by `posOf`. */
const POS_TABLE = `
DT a an the this that
PRP$ my his her our your their its
PRP i you he she it we they me us
EX there
WRB when where how
WP what who
IN from in at on for near with of by if
TO to
CC and or but
RB not
RP up off
MD can will would could should must
VBZ is does leaves departs arrives goes
VBD was got met held announced opened did
VBP are do want need am
VB go leave depart arrive check travel meet be get
VBN delayed gone
VBG leaving
JJ next last new single prime
NN meeting train connection ticket return flight plane gate airport office minister time morning
NN evening afternoon night noon tomorrow today plan rain
NNS trains tickets flights jobs
NNP united
NNPS nations
CD one two three four five six seven eight nine ten eleven twelve`;

const POS = new Map<string, string>();
for (const line of POS_TABLE.trim().split('\n')) {
  const [tag, ...words] = line.split(' ');
  for (const w of words) POS.set(w, tag!);
}

/** The value of a number word, for flight and gate numbers. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  'one two three four five six seven eight nine ten eleven twelve'.split(' ').map((w, i) => [w, i + 1]),
);

/**
 * Gazetteer entity types (Burger et al. §1: P person, L location, O organisation), named as MUC's ENAMEX
 * types and the project's default entity keys (P, L, O) make them.
 */
export type NameType = 'PERSON' | 'LOCATION' | 'ORGANIZATION';

/** Names by type, lower case, comma-separated; the longest match wins when one name contains another. */
const NAMES: Readonly<Record<NameType, string>> = {
  LOCATION:
    'bonn, berlin, hamburg, frankfurt, munich, stuttgart, london, boston, paris, geneva, vienna, dublin, ' +
    'madrid, hanover, bremen, rome, milan, zurich, dresden, cologne, amsterdam, brussels, oslo, new york, ' +
    'germany, france, england, heathrow, heathrow airport, gatwick, gatwick airport',
  PERSON: 'angela merkel, merkel, barack obama, obama, putin, tony blair, blair, chirac',
  ORGANIZATION: 'united nations, siemens, microsoft, lufthansa, google, intel, nokia, airbus, boeing',
};

/** Organisations that are airlines: the concept extractor reads them as `airline`, not `organisation`. */
export const AIRLINES: ReadonlySet<string> = new Set(['lufthansa']);

/** Days and relative dates (`date` concepts) and times of day (`time` concepts). */
export const DATE_WORDS: ReadonlySet<string> = new Set(
  'monday tuesday wednesday thursday friday saturday sunday today tomorrow'.split(' '),
);
/** Times of day. */
export const TIME_WORDS: ReadonlySet<string> = new Set(['morning', 'afternoon', 'evening', 'night', 'noon']);

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const NAME_LIST: { words: string[]; type: NameType }[] = (Object.keys(NAMES) as NameType[])
  .flatMap((type) => NAMES[type].split(', ').map((n) => ({ words: n.split(' '), type })))
  .sort((a, b) => b.words.length - a.words.length);
// Words of names (proper nouns wherever they occur, except "airport" and "new").
const NAME_WORDS = new Set<string>(
  NAME_LIST.flatMap((n) => n.words).filter((w) => w !== 'airport' && w !== 'new'),
);

/** The Penn Treebank tag of a word: the lexicon's, else a guess from its shape (suffix rules). */
export function posOf(word: string): string {
  const w = word.toLowerCase();
  const known = POS.get(w);
  if (known) return known;
  if (DAYS.includes(w) || NAME_WORDS.has(w)) return 'NNP';
  if (w.endsWith('ing')) return 'VBG';
  if (w.endsWith('ed')) return 'VBD';
  if (w.endsWith('ly')) return 'RB';
  if (w.endsWith("'s") || w.endsWith("n't")) return 'VBZ';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return 'NNS';
  return 'NN';
}

/**
 * Truecases lower-case recognizer output: the words of names found by `findNames` (except "airport"),
 * the days and "I" get their capital, and so does the first word (the gold transcripts are sentences).
 */
export function truecase(words: readonly string[]): string[] {
  const lower = words.map((w) => w.toLowerCase());
  const cap = lower.map((w, i) => i === 0 || w === 'i' || DAYS.includes(w));
  for (const m of findNames(lower))
    for (let k = m.first; k <= m.last; k++) if (lower[k] !== 'airport') cap[k] = true;
  return lower.map((w, i) => (cap[i] ? w.charAt(0).toUpperCase() + w.slice(1) : w));
}

/** A name found in a word sequence: its type and inclusive word span. */
export interface NameMatch {
  type: NameType;
  first: number;
  last: number;
}

/** Gazetteer lookup, left to right, longest match first, case-insensitive; matches do not overlap. */
export function findNames(words: readonly string[]): NameMatch[] {
  const lower = words.map((w) => w.toLowerCase());
  const out: NameMatch[] = [];
  let i = 0;
  while (i < lower.length) {
    const hit = NAME_LIST.find((n) => n.words.every((w, k) => lower[i + k] === w));
    if (hit) {
      out.push({ type: hit.type, first: i, last: i + hit.words.length - 1 });
      i += hit.words.length;
    } else i++;
  }
  return out;
}
