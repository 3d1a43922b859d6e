// The demo's domain language model: a bigram model estimated from hand-written sentences of the same
// kinds as the demo's (train enquiries, airport information, news), written out in ARPA format for
// pocketsphinx. None of the twelve demo sentences is among them, so the model knows the domain's words
// and phrases but not the test sentences themselves.

/** Training text: lower case, no punctuation, one sentence per string. */
export const DOMAIN_SENTENCES: readonly string[] = [
  // Train timetable enquiries.
  'i want to go from hamburg to munich',
  'i want to go from berlin to bonn tomorrow',
  'i want to travel from frankfurt to stuttgart',
  'when does the next train to berlin leave',
  'when does the train from munich to hamburg leave',
  'when does the last train to stuttgart leave tomorrow evening',
  'is there a connection from bonn to frankfurt tomorrow',
  'is there a train from stuttgart to berlin on friday morning',
  'is there a connection to hamburg on monday',
  'i need a ticket to hamburg',
  'i need a return ticket to munich leaving on monday morning',
  'i need a single ticket from bonn to berlin',
  // Airport information.
  'when does the flight to paris depart',
  'when does the next flight to boston leave',
  'flight nine to london leaves from gate seven at noon',
  'flight twelve to paris leaves from gate two at ten',
  'is the flight from london delayed',
  'is the plane to boston on time',
  'where can i check in for my flight to london',
  'where can i check in for the lufthansa flight to paris',
  'the lufthansa flight from munich is delayed',
  'the plane from boston leaves at noon',
  // News.
  'in london the prime minister met barack obama',
  'angela merkel met the united nations in new york',
  'barack obama held a meeting in berlin on monday',
  'the united nations opened an office in vienna',
  'siemens opened a new office in berlin',
  'microsoft announced new jobs in london',
  'lufthansa announced new flights to geneva',
  'in geneva angela merkel held a meeting on friday',
  'microsoft held a meeting near heathrow airport',
  'siemens announced a meeting in munich on friday',
  'the prime minister met angela merkel in paris',
];

/** Words the model knows without having seen them in a sentence (distractors for the recognizer). */
export const DOMAIN_EXTRA_WORDS: readonly string[] = (
  'vienna dublin madrid hanover bremen rome milan zurich dresden cologne amsterdam brussels oslo gatwick ' +
  'sunday saturday tuesday afternoon night arrive arrives departs three eleven google intel nokia airbus ' +
  'boeing putin blair chirac trains tickets flights meet gone plan rain'
).split(' ');

/**
 * Absolute discount subtracted from every seen bigram count (Ney, Essen & Kneser 1994; 0.5 is within
 * the range they report for small counts). It moves probability to unseen word pairs and unseen words.
 */
const DISCOUNT = 0.5;

const log10 = (x: number): string => Math.log10(x).toFixed(4);

/**
 * A bigram model as ARPA text. Unigrams: add-one estimates over the training words, the extra words
 * and `</s>` (`<s>` is never predicted: -99). Bigrams: interpolated absolute discounting,
 * P(w|v) = max(c(v,w) − D, 0)/c(v) + λ(v)·P1(w) with λ(v) = D·n(v)/c(v), n(v) the distinct successors
 * of v. An unseen pair then has exactly λ(v)·P1(w), so λ(v) is v's back-off weight in the ARPA file.
 */
export function bigramArpa(sentences: readonly string[], extraWords: readonly string[]): string {
  const unigram = new Map<string, number>();
  const bigram = new Map<string, Map<string, number>>();
  let tokens = 0;
  for (const s of sentences) {
    const words = ['<s>', ...s.split(/\s+/).filter((w) => w.length > 0), '</s>'];
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      if (k > 0) {
        unigram.set(w, (unigram.get(w) ?? 0) + 1);
        tokens++;
        const prev = words[k - 1]!;
        const next = bigram.get(prev) ?? new Map<string, number>();
        next.set(w, (next.get(w) ?? 0) + 1);
        bigram.set(prev, next);
      }
    }
  }
  for (const w of extraWords) if (!unigram.has(w)) unigram.set(w, 0);
  const vocab = [...unigram.keys()].sort();
  const p1 = new Map(vocab.map((w) => [w, (unigram.get(w)! + 1) / (tokens + vocab.length)]));

  const lambda = new Map<string, number>();
  const pairs: string[] = [];
  for (const v of [...bigram.keys()].sort()) {
    const next = bigram.get(v)!;
    let cv = 0;
    for (const c of next.values()) cv += c;
    const l = (DISCOUNT * next.size) / cv;
    lambda.set(v, l);
    for (const w of [...next.keys()].sort()) {
      const p = (next.get(w)! - DISCOUNT) / cv + l * p1.get(w)!;
      pairs.push(`${log10(p)} ${v} ${w}`);
    }
  }
  const uni = ['<s>', ...vocab].map((w) => {
    const p = w === '<s>' ? '-99' : log10(p1.get(w)!);
    const l = lambda.get(w);
    return l === undefined ? `${p} ${w}` : `${p} ${w} ${log10(l)}`;
  });
  return [
    '\\data\\',
    `ngram 1=${uni.length}`,
    `ngram 2=${pairs.length}`,
    '',
    '\\1-grams:',
    ...uni,
    '',
    '\\2-grams:',
    ...pairs,
    '',
    '\\end\\',
    '',
  ].join('\n');
}

/** Every word of the domain model (training and extra words), for the dictionary check. */
export function domainVocabulary(): string[] {
  const words = new Set<string>(DOMAIN_EXTRA_WORDS);
  for (const s of DOMAIN_SENTENCES) for (const w of s.split(/\s+/)) if (w) words.add(w);
  return [...words].sort();
}
