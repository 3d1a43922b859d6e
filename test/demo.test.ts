// The bundled demo project (resources/demo, made by `npm run demo`): it opens with intact audio, holds what
// its manifest says, its word boundaries match the audio and an independent pocketsphinx alignment, its
// hand-written gold is well formed, and its systems' outputs fit their own words and the utterances.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANNOTATION_SETTINGS } from '../src/core/edit/settings';
import { parseConceptList } from '../src/core/metrics/conceptAccuracy';
import { scoreTranscripts } from '../src/core/metrics/wordAccuracy';
import { ProjectManifest } from '../src/core/model/projectManifest';
import type { UtteranceDetail } from '../src/core/model/schemas';
import { parseTree } from '../src/core/tree/bracket';
import { leaves } from '../src/core/tree/tree';
import { readWavInfo } from '../src/main/audio/wav';
import { ProjectStore } from '../src/main/store/projectStore';
import { getSystemOutput } from '../src/main/store/systemStore';
import { annotate } from '../scripts/demo/baselines';
import { interpretationOf } from '../scripts/demo/conceptRules';
import { demoGold, entitySpan, treeProblems } from '../scripts/demo/goldCheck';
import { demoSystems, recordedRecognition } from '../scripts/demo/runSystems';
import { TRANSCRIPT_SYSTEM, transcriptSystem } from '../scripts/demo/transcriptSystem';
import { tempDir } from './helpers/tempProject';

const DEMO_DIR = path.resolve(import.meta.dirname, '../resources/demo');
const DEFAULT_TYPES = DEFAULT_ANNOTATION_SETTINGS.entityTypes.map((t) => t.type);

// Measured on the committed demo: the words are at least 41.7 dB louder (RMS) than the rest of their
// utterance, every single word at least 39.1 dB, and no pause of 20 ms or more rises above -59.3 dBFS
// (the noise floor is -67.5 dBFS). The boundaries are sharp: moving all words by only 20 ms drops the
// worst utterance's ratio to 14 dB, by 0.3 s to below 0 dB.
const MIN_WORDS_OVER_REST_DB = 30;
const MIN_WORD_OVER_REST_DB = 30;
const MAX_PAUSE_DBFS = -50;
const MIN_PAUSE_SEC = 0.02;
// Measured espeak-vs-pocketsphinx differences over all 103 word boundaries: mean |Δ| 15.9 ms (starts)
// and 14.0 ms (ends), the largest 70 ms (between "ticket" and "to" and between "gate" and "twelve", where
// one /t/ closure borders another); per utterance, the mean |Δ| of starts and ends together is at most
// 24.1 ms. pocketsphinx itself resolves 10 ms frames.
const MAX_BOUNDARY_DIFF_SEC = 0.1;
const MAX_MEAN_DIFF_SEC = 0.035;

interface Span {
  startSec: number;
  endSec: number;
}

interface PsFile {
  utterances: { id: string; words: { word: string; startSec: number; endSec: number }[] }[];
}

/** Mono 16-bit samples of a WAV file as floats in [-1, 1]. */
function readSamples(file: string): { rate: number; samples: Float64Array } {
  const buf = fs.readFileSync(file);
  const info = readWavInfo(buf, file);
  expect(info).toMatchObject({ format: 'pcm', bitsPerSample: 16, channels: 1, sampleRate: 22050 });
  const samples = new Float64Array(info.frames);
  for (let i = 0; i < info.frames; i++) samples[i] = buf.readInt16LE(info.dataOffset + 2 * i) / 32768;
  return { rate: info.sampleRate, samples };
}

/** RMS level in dBFS of the samples inside `spans`, taken together (clipped to the file). */
function levelDb(audio: { rate: number; samples: Float64Array }, spans: readonly Span[]): number {
  let sum = 0;
  let n = 0;
  for (const s of spans) {
    const from = Math.max(0, Math.round(s.startSec * audio.rate));
    const to = Math.min(audio.samples.length, Math.round(s.endSec * audio.rate));
    for (let i = from; i < to; i++) sum += audio.samples[i]! ** 2;
    n += Math.max(0, to - from);
  }
  return n === 0 ? -Infinity : 10 * Math.log10(sum / n);
}

/** The parts of [start, end) outside the (sorted) words. */
function pauses(words: readonly Span[], start: number, end: number): Span[] {
  const out: Span[] = [];
  let at = start;
  for (const w of words) {
    if (w.startSec > at) out.push({ startSec: at, endSec: w.startSec });
    at = Math.max(at, w.endSec);
  }
  if (end > at) out.push({ startSec: at, endSec: end });
  return out;
}

/** What is wrong with `words` as boundaries of the speech in `audio` between start and end; [] if nothing. */
function energyProblems(
  audio: { rate: number; samples: Float64Array },
  words: readonly (Span & { text: string })[],
  start: number,
  end: number,
): string[] {
  const problems: string[] = [];
  const rest = pauses(words, start, end);
  const restDb = levelDb(audio, rest);
  const wordsDb = levelDb(audio, words);
  if (wordsDb - restDb < MIN_WORDS_OVER_REST_DB)
    problems.push(`words only ${(wordsDb - restDb).toFixed(1)} dB above the rest`);
  for (const w of words) {
    const db = levelDb(audio, [w]);
    if (db - restDb < MIN_WORD_OVER_REST_DB)
      problems.push(`"${w.text}" only ${(db - restDb).toFixed(1)} dB above the rest`);
  }
  for (const p of rest) {
    if (p.endSec - p.startSec < MIN_PAUSE_SEC) continue;
    const db = levelDb(audio, [p]);
    if (db > MAX_PAUSE_DBFS)
      problems.push(`pause ${p.startSec.toFixed(3)}-${p.endSec.toFixed(3)} s at ${db.toFixed(1)} dBFS`);
  }
  return problems;
}

/** Where `words` and pocketsphinx's alignment of the same sentence disagree beyond the tolerances. */
function alignmentProblems(
  words: readonly (Span & { text: string })[],
  aligned: PsFile['utterances'][number]['words'],
): string[] {
  if (aligned.map((a) => a.word).join(' ') !== words.map((w) => w.text.toLowerCase()).join(' '))
    return ['different words'];
  const problems: string[] = [];
  let sum = 0;
  words.forEach((w, i) => {
    const a = aligned[i]!;
    for (const [what, d] of [
      ['start', w.startSec - a.startSec],
      ['end', w.endSec - a.endSec],
    ] as const) {
      sum += Math.abs(d);
      if (Math.abs(d) > MAX_BOUNDARY_DIFF_SEC) problems.push(`"${w.text}" ${what} off by ${d.toFixed(3)} s`);
    }
  });
  const mean = sum / (2 * words.length);
  if (mean > MAX_MEAN_DIFF_SEC) problems.push(`mean difference ${mean.toFixed(3)} s`);
  return problems;
}

/** Parses a bracket tree as the studio does and returns its leaves, failing on any diagnostic. */
function treeLeaves(bracket: string, typed: boolean, what: string): string[] {
  const { value, diagnostics } = parseTree(bracket, { typed });
  expect(diagnostics, what).toEqual([]);
  expect(value, what).not.toBeNull();
  return leaves(value!).map((l) => l.label);
}

const SYSTEM_NAMES = ['pocketsphinx-generic', 'pocketsphinx-domain', TRANSCRIPT_SYSTEM];
const RECOGNIZERS = SYSTEM_NAMES.slice(0, 2);

const shifted = <T extends Span>(words: readonly T[], by: number): T[] =>
  words.map((w) => ({ ...w, startSec: w.startSec + by, endSec: w.endSec + by }));

describe('demo project', () => {
  const manifest = ProjectManifest.parse(
    JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'demo.manifest.json'), 'utf8')),
  );
  const ps = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'pocketsphinx.json'), 'utf8')) as PsFile;
  // Opening a project migrates it and writes WAL files, so only a copy is ever opened.
  const tmp = tempDir('sieve-demo-');
  let store: ProjectStore;
  let details: UtteranceDetail[];

  beforeAll(() => {
    fs.cpSync(DEMO_DIR, tmp.dir, { recursive: true });
    store = ProjectStore.open(path.join(tmp.dir, 'demo.sieve'));
    details = store.listUtterances().map((u) => store.getUtterance(u.id));
  });
  afterAll(() => {
    store?.close();
    tmp.cleanup();
  });

  const audioOf = (d: UtteranceDetail) => readSamples(path.join(tmp.dir, d.audio.path));

  it('opens with every audio file intact', () => {
    const summary = store.summary();
    expect(summary.name).toBe('SIEVE demo');
    expect(summary.utterances).toBeGreaterThanOrEqual(8);
    expect(summary.audioProblems).toEqual([]);
    for (const d of details) expect(d.audio.state).toBe('ok');
  });

  it('types every gold and system entity as a default entity key makes it', () => {
    // Pressing an entity key over an entity gives it the key's type: a type no key makes would be
    // changed by accident (the demo's P, L and O once were, into PERSON, LOCATION, ORGANIZATION).
    expect(store.annotationSettings().settings.entityTypes).toEqual(DEFAULT_ANNOTATION_SETTINGS.entityTypes);
    const gold = store.db.prepare('SELECT DISTINCT type FROM gold_entity').pluck().all() as string[];
    const systems = manifest.systems.flatMap((s) =>
      s.outputs.flatMap((o) => (o.entities ?? []).map((e) => e.type)),
    );
    expect(gold.length).toBeGreaterThan(0);
    expect(systems.length).toBeGreaterThan(0);
    for (const type of new Set([...gold, ...systems])) expect(DEFAULT_TYPES).toContain(type);
  });

  it('holds exactly the utterances and words of its manifest', () => {
    const summary = store.summary();
    expect(summary.utterances).toBe(manifest.utterances.length);
    expect(summary.words).toBe(manifest.utterances.reduce((n, u) => n + u.words.length, 0));
    expect(details.map((d) => d.utterance.id)).toEqual(manifest.utterances.map((u) => u.id));
    for (const [i, u] of manifest.utterances.entries()) {
      const d = details[i]!;
      expect(d.utterance).toMatchObject({ speaker: u.speaker, transcript: u.transcript, startSec: 0 });
      expect(d.audio.path).toBe(`audio/${u.id}.wav`);
      expect(d.utterance.endSec).toBeCloseTo(d.audio.durationSec, 9);
      expect(d.words.map((w) => ({ text: w.text, startSec: w.startSec, endSec: w.endSec }))).toEqual(u.words);
      for (const w of d.words) expect(w.source).toBe('espeak-ng');
    }
  });

  it('has words inside their utterance, in order, without overlap', () => {
    for (const { utterance: u, words } of details) {
      let prevEnd = u.startSec;
      for (const w of words) {
        expect(w.startSec, `${u.id} "${w.text}"`).toBeGreaterThanOrEqual(prevEnd);
        expect(w.endSec, `${u.id} "${w.text}"`).toBeGreaterThan(w.startSec);
        prevEnd = w.endSec;
      }
      expect(prevEnd).toBeLessThanOrEqual(u.endSec);
    }
  });

  it('has word boundaries that match the speech in the audio', () => {
    for (const d of details) {
      const { utterance: u, words } = d;
      expect(energyProblems(audioOf(d), words, u.startSec, u.endSec), u.id).toEqual([]);
    }
  });

  it('agrees with the pocketsphinx forced alignment', () => {
    expect(ps.utterances.map((p) => p.id)).toEqual(details.map((d) => d.utterance.id));
    for (const [i, d] of details.entries()) {
      expect(alignmentProblems(d.words, ps.utterances[i]!.words), d.utterance.id).toEqual([]);
    }
  });

  it('would notice words shifted by 0.3 s', () => {
    for (const by of [0.3, -0.3]) {
      for (const [i, d] of details.entries()) {
        const { utterance: u, words } = d;
        const moved = shifted(words, by);
        expect(energyProblems(audioOf(d), moved, u.startSec, u.endSec), `${u.id} ${by}`).not.toEqual([]);
        expect(alignmentProblems(moved, ps.utterances[i]!.words), `${u.id} ${by}`).not.toEqual([]);
      }
    }
  });

  describe('gold annotation', () => {
    it('has a syntax and a typed semantic tree per utterance whose leaves are the words', () => {
      for (const u of manifest.utterances) {
        const words = u.words.map((w) => w.text);
        expect(u.trees?.map((t) => [t.name, t.typed])).toEqual([
          ['syntax', false],
          ['semantic', true],
        ]);
        for (const t of u.trees!) {
          expect(treeLeaves(t.bracket, t.typed, `${u.id} ${t.name}`)).toEqual(words);
          expect(treeProblems(t.bracket, t.typed, words), `${u.id} ${t.name}`).toEqual([]);
        }
        const syntax = parseTree(u.trees![0]!.bracket).value!;
        expect(syntax.label, u.id).not.toBe('');
        const semantic = parseTree(u.trees![1]!.bracket, { typed: true }).value!;
        expect(semantic.type).toBe('root');
        expect(leaves(semantic).every((l) => l.type === 'word')).toBe(true);
      }
    });

    it('has entities, concepts, interpretations and labels that fit the words', () => {
      for (const u of manifest.utterances) {
        expect(u.entities!.length, u.id).toBeGreaterThan(0);
        for (const e of u.entities!) {
          expect(DEFAULT_TYPES).toContain(e.type);
          expect(e.lastWord, u.id).toBeLessThan(u.words.length);
        }
        expect(u.concepts!.length, u.id).toBeGreaterThan(0);
        expect(u.interpretations!.length).toBeGreaterThanOrEqual(1);
        expect(u.interpretations!.length).toBeLessThanOrEqual(2);
        for (const i of u.interpretations!) expect(parseConceptList(i).diagnostics, i).toEqual([]);
        expect(parseConceptList(u.interpretations![0]!).value).toEqual(u.concepts);
        expect(u.labels).toEqual({ inputKind: 'asr' });
      }
      const named = manifest.utterances.flatMap((u) =>
        u.entities!.map(
          (e) =>
            `${e.type} ${u.words
              .slice(e.firstWord, e.lastWord + 1)
              .map((w) => w.text)
              .join(' ')}`,
        ),
      );
      // Spot checks against the sentences (utterances.ts).
      expect(named).toContain('PERSON Angela Merkel');
      expect(named).toContain('ORGANIZATION United Nations');
      expect(named).toContain('LOCATION Heathrow airport');
    });

    it('is what gold.ts says, with no problems, and is stored in the project', () => {
      for (const u of manifest.utterances) {
        const { gold, problems } = demoGold(
          u.id,
          u.words.map((w) => w.text),
        );
        expect(problems, u.id).toEqual([]);
        const { trees, entities, concepts, interpretations, labels } = u;
        expect({ trees, entities, concepts, interpretations, labels }, u.id).toEqual(gold);
        const stored = store.goldState(u.id).gold;
        expect(stored, u.id).toMatchObject(gold);
      }
    });

    it('refuses broken trees and missing entities', () => {
      const words = ['I', 'want', 'to', 'go'];
      expect(treeProblems('(S (PRP I) (VBP want) (TO to) (VB go))', false, words)).toEqual([]);
      expect(treeProblems('(S (PRP I) (VBP want) (TO to) (VB go)', false, words)[0]).toMatch(/never closed/);
      expect(treeProblems('(S (PRP I) (VBP want) (TO to))', false, words)[0]).toMatch(/not the words/);
      expect(treeProblems('(S (PRP I) (VP want to) (VB go))', false, words)[0]).toMatch(/preterminal/);
      expect(treeProblems('( (S (PRP I) (VBP want) (TO to) (VB go)) )', false, words)).toContain(
        'empty root label (outer wrapper)',
      );
      expect(treeProblems('(root:S (word:I) (want) (word:to) (word:go))', true, words)[0]).toMatch(
        /TYPE:LABEL/,
      );
      expect(
        treeProblems('(root:S (word:I) (concept:A (concept:want)) (word:to) (word:go))', true, words),
      ).toEqual(['node "want" has type "concept", expected "word"']);
      expect(entitySpan(words, { type: 'LOCATION', text: 'Bonn' })).toBeNull();
      expect(entitySpan(['to', 'Bonn', 'to', 'Bonn'], { type: 'LOCATION', text: 'Bonn', nth: 1 })).toEqual({
        type: 'LOCATION',
        firstWord: 3,
        lastWord: 3,
      });
    });

    it('is reproduced from the gold words by the baseline concept rules', () => {
      // DEMO.md says so: the systems' concept errors then come from recognition alone.
      for (const u of manifest.utterances) {
        const a = annotate(u.words.map((w) => w.text));
        expect(interpretationOf(a.concepts), u.id).toBe(u.interpretations![0]);
        expect(a.trees.find((t) => t.name === 'semantic')?.bracket, u.id).toBe(u.trees![1]!.bracket);
        expect(a.entities, u.id).toEqual(u.entities);
      }
    });
  });

  describe('systems', () => {
    const durations = new Map<string, number>();
    beforeAll(() => {
      for (const d of details) durations.set(d.utterance.id, d.audio.durationSec);
    });

    it('are stored with an output for every utterance', () => {
      expect(manifest.systems.map((s) => s.name)).toEqual(SYSTEM_NAMES);
      const stored = store.systems();
      expect(stored.map((s) => s.name).sort()).toEqual([...SYSTEM_NAMES].sort());
      for (const s of stored) {
        expect(s.outputs).toBe(12);
        const sys = manifest.systems.find((m) => m.name === s.name)!;
        for (const u of manifest.utterances) {
          const out = getSystemOutput(store.db, s.id, u.id);
          expect(out, `${s.name} ${u.id}`).toEqual(sys.outputs.find((o) => o.id === u.id));
        }
      }
      for (const s of manifest.systems)
        expect(s.outputs.map((o) => o.id)).toEqual(manifest.utterances.map((u) => u.id));
    });

    it('have words with times inside their utterance, in order, and confidences', () => {
      for (const s of manifest.systems) {
        for (const o of s.outputs) {
          const end = durations.get(o.id)!;
          let prevEnd = 0;
          expect(o.words!.length, `${s.name} ${o.id}`).toBeGreaterThan(0);
          for (const w of o.words!) {
            const what = `${s.name} ${o.id} "${w.text}"`;
            expect(w.startSec!, what).toBeGreaterThanOrEqual(prevEnd);
            expect(w.endSec!, what).toBeGreaterThan(w.startSec!);
            expect(w.endSec!, what).toBeLessThanOrEqual(end);
            // The recognizers give lattice confidences; a forced alignment of the transcript gives none.
            if (RECOGNIZERS.includes(s.name)) {
              expect(w.confidence, what).toBeGreaterThanOrEqual(0);
              expect(w.confidence, what).toBeLessThanOrEqual(1);
            } else expect(w.confidence, what).toBeUndefined();
            prevEnd = w.endSec!;
          }
        }
      }
    });

    it('have trees whose leaves are their own words, and entities within them', () => {
      for (const s of manifest.systems) {
        for (const o of s.outputs) {
          const words = o.words!.map((w) => w.text);
          expect(o.trees!.map((t) => [t.name, t.typed])).toEqual([
            ['syntax', false],
            ['semantic', true],
          ]);
          for (const t of o.trees!) {
            expect(treeLeaves(t.bracket, t.typed, `${s.name} ${o.id} ${t.name}`)).toEqual(words);
            expect(treeProblems(t.bracket, t.typed, words)).toEqual([]);
          }
          for (const e of o.entities!) expect(e.lastWord, `${s.name} ${o.id}`).toBeLessThan(words.length);
        }
      }
    });

    it('have ranked N-best lists of probabilities', () => {
      for (const s of manifest.systems) {
        for (const o of s.outputs) {
          const list = o.nbest!;
          expect(list.length, `${s.name} ${o.id}`).toBeGreaterThan(0);
          for (let k = 1; k < list.length; k++)
            expect(list[k]!.score).toBeLessThanOrEqual(list[k - 1]!.score);
          expect(new Set(list.map((e) => e.interpretation)).size).toBe(list.length);
          // Probabilities rounded to 1e-6 each.
          expect(Math.abs(list.reduce((t, e) => t + e.score, 0) - 1)).toBeLessThan(1e-5 * list.length);
          for (const e of list) expect(parseConceptList(e.interpretation).diagnostics).toEqual([]);
        }
      }
    });

    it('are real recognizers: imperfect, the domain one better', () => {
      const refs = manifest.utterances.map((u) => ({ id: u.id, words: u.words.map((w) => w.text) }));
      const wer = (name: string): number =>
        scoreTranscripts(
          refs,
          manifest.systems
            .find((s) => s.name === name)!
            .outputs.map((o) => ({ id: o.id, words: o.words!.map((w) => w.text) })),
          { ignoreCase: true },
        ).wer!;
      // 64.1 % and 6.8 % when recorded (NIST sclite gives the same on these words).
      expect(wer('pocketsphinx-generic')).toBeGreaterThan(wer('pocketsphinx-domain'));
      expect(wer('pocketsphinx-domain')).toBeGreaterThan(0);
    });

    it('refuse to replay recognizer output of other audio', () => {
      const swapped = [{ id: 'train-01', wavFile: path.join(DEMO_DIR, 'audio/train-02.wav') }];
      expect(() => recordedRecognition(DEMO_DIR, swapped)).toThrow(/Audio changed .*: train-01/);
    });

    it('are rebuilt from the recorded recognizer output alone', () => {
      const systems = demoSystems(
        recordedRecognition(
          DEMO_DIR,
          manifest.audio.map((a) => ({ id: a.id, wavFile: path.join(DEMO_DIR, a.path) })),
        ),
        manifest.utterances.map((u) => ({ id: u.id, durationSec: durations.get(u.id)! })),
      );
      const transcript = transcriptSystem(
        manifest.utterances.map((u) => ({
          id: u.id,
          words: u.words.map((w) => w.text),
          aligned: ps.utterances.find((a) => a.id === u.id)!.words.map((w) => ({ ...w, entry: w.word })),
        })),
      );
      expect(
        [...systems, transcript].map((s) => ({
          name: s.name,
          description: s.description,
          outputs: s.outputs,
        })),
      ).toEqual(manifest.systems);
    });

    it("include the force-aligned transcript: the gold words at pocketsphinx's times", () => {
      const sys = manifest.systems.find((s) => s.name === TRANSCRIPT_SYSTEM)!;
      for (const u of manifest.utterances) {
        const out = sys.outputs.find((o) => o.id === u.id)!;
        expect(out.words!.map((w) => w.text)).toEqual(u.words.map((w) => w.text));
        const aligned = ps.utterances.find((a) => a.id === u.id)!.words;
        expect(out.words!.map((w) => [w.startSec, w.endSec])).toEqual(
          aligned.map((w) => [w.startSec, w.endSec]),
        );
      }
    });
  });
});
