// Named-entity scoring at the size of Burger et al.'s HUB-4 test (§3: "179,000 words … 6150 entities"):
// a seeded reference of real English words with ~6,000 entities, a recognizer output with ~20% word errors
// and timed words, tagged with some type, boundary and missed/spurious errors. Scored as one long document
// (anchoring does the work) and as ~7,000 utterances of 25 words, with each aligner and both mappings.
import { dictionary } from 'cmu-pronouncing-dictionary';
import type { EntitySpan, TimedWord } from '../src/core/model/annotation';
import type { NeDocument } from '../src/core/ne/document';
import type { LexemeAligner } from '../src/core/ne/lexemeAligner';
import { phoneticAligner } from '../src/core/ne/phoneticAligner';
import { parseNeSgml } from '../src/core/ne/readers/sgml';
import { scoreNe } from '../src/core/ne/scoreNe';
import { textAligner } from '../src/core/ne/textAligner';
import { timeAligner } from '../src/core/ne/timeAligner';
import { seededRandom, type BenchSuite } from './harness';

const WORDS = 179_000;
const UTTERANCE = 25;
const TYPES = ['PERSON', 'LOCATION', 'ORGANIZATION', 'DATE', 'MONEY'];

interface Pair {
  ref: NeDocument;
  hyp: NeDocument;
}

function makeCorpus(seed: number): { utterances: Pair[]; wordErrors: number } {
  const rnd = seededRandom(seed);
  // A Zipf-like vocabulary of 20,000 dictionary words (every 5th plain key), so phones are real.
  const keys = Object.keys(dictionary).filter((k) => /^[a-z]+$/.test(k));
  const vocab = Array.from({ length: 20_000 }, (_, k) => keys[(k * 5) % keys.length]!.toUpperCase());
  const pick = () =>
    vocab[Math.min(vocab.length - 1, Math.floor(Math.exp(rnd() * Math.log(vocab.length))) - 1)]!;
  const utterances: Pair[] = [];
  let t = 0;
  let wordErrors = 0;
  for (let u = 0; u < WORDS / UTTERANCE; u++) {
    const refWords: TimedWord[] = [];
    const hypWords: TimedWord[] = [];
    const refToHyp: number[] = [];
    for (let k = 0; k < UTTERANCE; k++) {
      const w: TimedWord = { text: pick(), startSec: t, endSec: t + 0.3 };
      t += 0.35;
      refWords.push(w);
      const jitter = () => (rnd() - 0.5) * 0.06;
      const x = rnd();
      refToHyp.push(hypWords.length);
      if (x < 0.05) {
        wordErrors++; // deletion
        refToHyp[k] = -1;
      } else if (x < 0.15) {
        wordErrors++; // substitution
        hypWords.push({ text: pick(), startSec: w.startSec! + jitter(), endSec: w.endSec! + jitter() });
      } else if (x < 0.2) {
        wordErrors++; // insertion: the word's time split in two
        const mid = w.startSec! + 0.15;
        hypWords.push(
          { text: w.text, startSec: w.startSec!, endSec: mid },
          { text: pick(), startSec: mid, endSec: w.endSec! },
        );
      } else hypWords.push({ ...w, startSec: w.startSec! + jitter(), endSec: w.endSec! + jitter() });
    }
    // Keep hypothesis times ordered after jitter.
    for (let j = 1; j < hypWords.length; j++) {
      const prev = hypWords[j - 1]!;
      if (hypWords[j]!.startSec! < prev.startSec!) hypWords[j]!.startSec = prev.startSec;
      if (hypWords[j]!.endSec! < hypWords[j]!.startSec!) hypWords[j]!.endSec = hypWords[j]!.startSec;
    }
    // About 6,000 reference entities (0.84 per utterance), projected onto the hypothesis with errors.
    const refEntities: EntitySpan[] = [];
    const hypEntities: EntitySpan[] = [];
    let at = 0;
    while (at < UTTERANCE) {
      at += Math.floor(rnd() * 37);
      const len = 1 + Math.floor(rnd() * 3);
      if (at + len > UTTERANCE) break;
      const e = { type: TYPES[Math.floor(rnd() * TYPES.length)]!, firstWord: at, lastWord: at + len - 1 };
      refEntities.push(e);
      const hs = refToHyp.slice(e.firstWord, e.lastWord + 1).filter((h) => h >= 0);
      const x = rnd();
      if (hs.length > 0 && x < 0.85) {
        let first = hs[0]!;
        let last = hs[hs.length - 1]!;
        if (rnd() < 0.1 && last + 1 < hypWords.length) last++; // boundary error
        if (rnd() < 0.05 && first > 0 && first - 1 > (hypEntities.at(-1)?.lastWord ?? -1)) first--;
        const type = rnd() < 0.05 ? TYPES[Math.floor(rnd() * TYPES.length)]! : e.type;
        hypEntities.push({ type, firstWord: first, lastWord: last });
      }
      at += len;
    }
    if (rnd() < 0.05 && hypWords.length > 0 && (hypEntities.at(-1)?.lastWord ?? -1) < hypWords.length - 1) {
      hypEntities.push({
        type: 'ORGANIZATION',
        firstWord: hypWords.length - 1,
        lastWord: hypWords.length - 1,
      });
    }
    utterances.push({
      ref: { words: refWords, entities: refEntities },
      hyp: { words: hypWords, entities: hypEntities },
    });
  }
  return { utterances, wordErrors };
}

/** All utterances as one document (word indices shifted). */
function joined(pairs: readonly Pair[]): Pair {
  const join = (docs: NeDocument[]): NeDocument => {
    const words: TimedWord[] = [];
    const entities: EntitySpan[] = [];
    for (const d of docs) {
      const base = words.length;
      words.push(...d.words);
      for (const e of d.entities)
        entities.push({ type: e.type, firstWord: e.firstWord + base, lastWord: e.lastWord + base });
    }
    return { words, entities };
  };
  return { ref: join(pairs.map((p) => p.ref)), hyp: join(pairs.map((p) => p.hyp)) };
}

function toSgml(docs: readonly NeDocument[]): string {
  return docs
    .map((d) => {
      const open = new Map(d.entities.map((e) => [e.firstWord, e]));
      const close = new Set(d.entities.map((e) => e.lastWord));
      return d.words
        .map(
          (w, k) =>
            `${open.has(k) ? `<ENAMEX TYPE="${open.get(k)!.type}"> ` : ''}${w.text}${close.has(k) ? ' </ENAMEX>' : ''}`,
        )
        .join(' ');
    })
    .join('\n');
}

/** Scoring a HUB-4-sized corpus with the text, time and phonetic aligners. */
export const neBench: BenchSuite = {
  name: 'ne',
  async run(measure) {
    const { utterances, wordErrors } = makeCorpus(20261123);
    const long = joined(utterances);
    const refWords = long.ref.words.length;
    const data = {
      refWords,
      hypWords: long.hyp.words.length,
      refEntities: long.ref.entities.length,
      hypEntities: long.hyp.entities.length,
      wordErrorRate: Number((wordErrors / refWords).toFixed(3)),
    };
    console.log(`ne corpus ${JSON.stringify(data)}`);
    const phonetic = phoneticAligner({
      lookup: (w) => dictionary[w.toLowerCase()]?.split(' '),
      lexicon: 'cmudict',
    });
    const aligners: [string, LexemeAligner, number][] = [
      ['text', textAligner, 3],
      ['time', timeAligner, 3],
      ['phonetic', phonetic, 1],
    ];
    const refSgml = toSgml(utterances.map((u) => u.ref));
    const hypSgml = toSgml(utterances.map((u) => u.hyp));
    await measure('read SGML', { words: refWords + data.hypWords, lines: utterances.length * 2 }, () => {
      parseNeSgml(refSgml);
      parseNeSgml(hypSgml);
    });
    for (const [layout, pairs] of [
      ['one document', [long]],
      ['utterances', utterances],
    ] as const) {
      for (const [name, aligner, runs] of aligners) {
        for (const mapping of ['greedy', 'optimal'] as const) {
          if (name === 'phonetic' && mapping === 'optimal') continue;
          let f = { overallF: Number.NaN, entityF: Number.NaN };
          const result = await measure(
            `score ${name} ${mapping}`,
            { layout, documents: pairs.length, refWords, refEntities: data.refEntities },
            () => {
              const r = scoreNe(pairs, { aligner, mapping });
              f = { overallF: r.score.overall.f, entityF: r.score.entity.f };
            },
            { runs },
          );
          result.extra = { overallF: Number(f.overallF.toFixed(4)), entityF: Number(f.entityF.toFixed(4)) };
        }
      }
    }
  },
};
