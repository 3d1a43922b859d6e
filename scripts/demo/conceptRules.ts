// Baseline concept extraction: hand-written rules over words, in the style of Boros et al.'s semantic
// units (`from X` → sourcecity:X, `to X` → goalcity:X …), and the typed semantic tree (Thomae et al. §5)
// that the same rules imply. A simple baseline written for the demo's sentences, not a parser.
import type { GoldConcept } from '../../src/core/gold/records';
import { conceptText } from '../../src/core/metrics/conceptAccuracy';
import { writeBracket } from '../../src/core/tree/bracket';
import { node, type TreeNode } from '../../src/core/tree/tree';
import { AIRLINES, DATE_WORDS, findNames, NUMBER_WORDS, TIME_WORDS } from './lexicon';

/** One extracted concept with the words it covers (inclusive) and its semantic-tree concept label. */
export interface SpannedConcept extends GoldConcept {
  first: number;
  last: number;
  /** Thomae-style label of the concept node (AOrigin, ADate …). */
  label: string;
  /** Words of the span (from `first`) that form the inner APlace / number node, when there is one. */
  inner?: { first: number; last: number; label: string };
}

const PLACE_CONCEPT: Readonly<Record<string, [string, string]>> = {
  from: ['sourcecity', 'AOrigin'],
  to: ['goalcity', 'ADestination'],
  in: ['location', 'ALocation'],
  at: ['location', 'ALocation'],
  near: ['near', 'ANear'],
};
const EVENTS: Readonly<Record<string, string>> = {
  met: 'meeting',
  meeting: 'meeting',
  announced: 'announcement',
  opened: 'opening',
};
const DEPART_VERBS = new Set(['leave', 'leaves', 'depart', 'departs']);

/**
 * Extracts concepts from (truecased) words, ordered by where they start. Names come from the gazetteer:
 * a place after from / to / in / at / near gives sourcecity / goalcity / location / near, a bare place
 * location; people give person, airlines airline, other organisations organisation (multi-word values
 * joined with `_`). Days and relative dates give date, times of day time (with a preceding on / at),
 * "flight N" flightnumber, "gate N" gate (with a preceding from), "return|single ticket" ticket,
 * "delayed" status, event verbs event, "jobs" / "office" topic; questions starting "when" with a
 * leave / depart verb give query:departuretime, "where … check" query:checkin, "connection"
 * query:connection.
 */
export function extractConcepts(words: readonly string[]): SpannedConcept[] {
  const lower = words.map((w) => w.toLowerCase());
  const out: SpannedConcept[] = [];
  const taken = new Array<boolean>(words.length).fill(false);
  const add = (c: SpannedConcept): void => {
    for (let k = c.first; k <= c.last; k++) taken[k] = true;
    out.push(c);
  };
  const free = (k: number): boolean => k >= 0 && k < words.length && !taken[k];

  for (const m of findNames(words)) {
    const value = words.slice(m.first, m.last + 1).join('_');
    if (m.type === 'LOCATION') {
      const prep = free(m.first - 1) ? PLACE_CONCEPT[lower[m.first - 1]!] : undefined;
      const first = prep ? m.first - 1 : m.first;
      const inner = { first: m.first, last: m.last, label: 'APlace' };
      if (prep) add({ attribute: prep[0], value, first, last: m.last, label: prep[1], inner });
      else add({ attribute: 'location', value, first, last: m.last, label: 'ALocation', inner });
    } else if (m.type === 'PERSON') {
      add({ attribute: 'person', value, first: m.first, last: m.last, label: 'APerson' });
    } else if (AIRLINES.has(lower[m.first]!)) {
      add({ attribute: 'airline', value, first: m.first, last: m.last, label: 'AAirline' });
    } else {
      add({ attribute: 'organisation', value, first: m.first, last: m.last, label: 'AOrganisation' });
    }
  }
  const hasDepartVerb = lower.some((w) => DEPART_VERBS.has(w));
  for (let i = 0; i < words.length; i++) {
    if (!free(i)) continue;
    const w = lower[i]!;
    const next = lower[i + 1];
    const number = next === undefined ? undefined : NUMBER_WORDS.get(next);
    if (i === 0 && w === 'when' && hasDepartVerb) {
      add({ attribute: 'query', value: 'departuretime', first: i, last: i, label: 'AQuery' });
    } else if (i === 0 && w === 'where' && lower.includes('check')) {
      const end = lower.indexOf('check') + (lower[lower.indexOf('check') + 1] === 'in' ? 1 : 0);
      if ([...Array(end - i + 1).keys()].every((k) => free(i + k)))
        add({ attribute: 'query', value: 'checkin', first: i, last: end, label: 'AQuery' });
    } else if (w === 'connection') {
      add({ attribute: 'query', value: 'connection', first: i, last: i, label: 'AQuery' });
    } else if (DATE_WORDS.has(w) || TIME_WORDS.has(w)) {
      const date = DATE_WORDS.has(w);
      const prep = free(i - 1) && lower[i - 1] === (date ? 'on' : 'at') ? i - 1 : i;
      const value = date && w !== 'today' && w !== 'tomorrow' ? words[i]! : w;
      const [attribute, label] = date ? ['date', 'ADate'] : ['time', 'ATime'];
      add({ attribute, value, first: prep, last: i, label });
    } else if ((w === 'flight' || w === 'gate') && number !== undefined && free(i + 1)) {
      const flight = w === 'flight';
      const first = !flight && free(i - 1) && lower[i - 1] === 'from' ? i - 1 : i;
      add({
        attribute: flight ? 'flightnumber' : 'gate',
        value: String(number),
        first,
        last: i + 1,
        label: flight ? 'AFlight' : 'AGate',
        inner: { first: i + 1, last: i + 1, label: flight ? 'AFlightNumber' : 'AGateNumber' },
      });
    } else if ((w === 'return' || w === 'single') && next === 'ticket' && free(i + 1)) {
      add({ attribute: 'ticket', value: w, first: i, last: i + 1, label: 'ATicket' });
    } else if (w === 'delayed') {
      add({ attribute: 'status', value: 'delayed', first: i, last: i, label: 'AStatus' });
    } else if (EVENTS[w] && !out.some((c) => c.attribute === 'event')) {
      const held = w === 'meeting' && lower[i - 2] === 'held' && free(i - 2) && free(i - 1);
      add({ attribute: 'event', value: EVENTS[w]!, first: held ? i - 2 : i, last: i, label: 'AEvent' });
    } else if (w === 'jobs' || w === 'office') {
      const adj = w === 'jobs' && free(i - 1) && lower[i - 1] === 'new' ? i - 1 : i;
      add({ attribute: 'topic', value: w, first: adj, last: i, label: 'ATopic' });
    }
  }
  return out.sort((a, b) => a.first - b.first);
}

/** The canonical interpretation string of a concept list: `attribute:value` in order, space-separated. */
export function interpretationOf(concepts: readonly GoldConcept[]): string {
  return concepts.map(conceptText).join(' ');
}

/**
 * The typed semantic tree of `words` under the extracted concepts: a `root:S` dummy root, one
 * `concept` node per extracted concept over its words (with an inner APlace or number node), and the
 * remaining words as `word` leaves of the root (Thomae et al. §5: levels may be skipped). Null for no words.
 */
export function semanticTree(words: readonly string[], concepts: readonly SpannedConcept[]): string | null {
  if (words.length === 0) return null;
  const word = (k: number): TreeNode => node(words[k]!, [], 'word');
  const children: TreeNode[] = [];
  let i = 0;
  for (const c of concepts) {
    for (; i < c.first; i++) children.push(word(i));
    const kids: TreeNode[] = [];
    for (let k = c.first; k <= c.last; k++) {
      if (c.inner && k === c.inner.first) {
        const inner: TreeNode[] = [];
        for (; k <= c.inner.last; k++) inner.push(word(k));
        k--;
        kids.push(node(c.inner.label, inner, 'concept'));
      } else kids.push(word(k));
    }
    children.push(node(c.label, kids, 'concept'));
    i = c.last + 1;
  }
  for (; i < words.length; i++) children.push(word(i));
  return writeBracket(node('S', children, 'root'), { typed: true, leafBrackets: true });
}
