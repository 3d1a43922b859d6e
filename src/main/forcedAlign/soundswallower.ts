// The forced aligner proper: soundswallower (PocketSphinx compiled to WebAssembly, with its US-English
// and French acoustic models and dictionaries in the package). A window of audio and its words become a
// one-sentence grammar (optional silence between words); the Viterbi search places the words, and a
// second, state-level alignment within them gives each phone its score, from which the word's
// confidence is computed (src/core/forcedAlign/confidence.ts).
//
// With soundswallower's default beams (1e-48) the search of a sentence of synthetic or read speech often
// loses the grammar's only path and ends with "Final result does not match the grammar"; with a grammar
// of one sentence the search space is small, so the beams are opened wide (1e-200, nearly no pruning)
// and the windows kept short (src/core/forcedAlign/anchors.ts) so that the cost stays linear.
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { wordConfidence } from '../../core/forcedAlign/confidence';
import type { PlacedWord } from '../../core/forcedAlign/anchors';
import type { AlignLanguage, AlignWord } from './types';
import type { Decoder, Segment, SoundSwallowerModule } from 'soundswallower';

/** The rate the acoustic models were trained at; audio is resampled to it. */
export const MODEL_RATE = 16000;

/** The search settings that change where words land (part of the aligner's signature). */
export interface SearchSettings {
  /** Beam widths of the Viterbi search (beam, wbeam, pbeam). */
  beam: number;
  /** Frames per second of the acoustic features. */
  frameRate: number;
  /** Probability of an optional silence between two words. */
  silenceProbability: number;
}

/** Wide beams (see the module's header), 100 frames a second, PocketSphinx's silence probability. */
export const DEFAULT_SEARCH: SearchSettings = { beam: 1e-200, frameRate: 100, silenceProbability: 0.005 };

/** The folder of soundswallower's models, found through Node's module resolution. */
export function modelFolder(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('soundswallower')), 'model');
}

let modulePromise: Promise<SoundSwallowerModule> | undefined;

/** Loads the WebAssembly module once per thread, its messages kept off the console. */
function loadModule(): Promise<SoundSwallowerModule> {
  // `modelBase` (where the models are, with a trailing separator) is read by the module but missing from
  // its type: passed through a variable, the object is checked for the properties the type does name.
  const overrides = {
    modelBase: modelFolder() + path.sep,
    print: () => undefined,
    printErr: () => undefined,
  };
  modulePromise ??= import('soundswallower').then((m) => m.default(overrides));
  return modulePromise;
}

/** A word's place in a window, before it becomes a `PlacedWord`. */
export interface WindowOutcome {
  words: (PlacedWord | null)[] | null;
  /** Why the window has no words (the search failed), for the warnings. */
  failure?: string;
}

/** One language's decoder with its phone set; aligns windows of audio one at a time. */
export class SoundSwallowerAligner {
  private added = new Map<string, string>();

  private constructor(
    private readonly decoder: Decoder,
    private readonly phones: ReadonlySet<string>,
    readonly settings: SearchSettings,
  ) {}

  /** A decoder for `lang` with `settings`. */
  static async create(
    lang: AlignLanguage,
    settings: SearchSettings = DEFAULT_SEARCH,
  ): Promise<SoundSwallowerAligner> {
    const ss = await loadModule();
    const folder = path.join(modelFolder(), lang);
    const decoder = new ss.Decoder({
      hmm: folder,
      loglevel: 'FATAL',
      samprate: MODEL_RATE,
      frate: settings.frameRate,
      beam: settings.beam,
      wbeam: settings.beam,
      pbeam: settings.beam,
      silprob: settings.silenceProbability,
    });
    await decoder.initialize();
    const phoneset = JSON.parse(
      await fs.promises.readFile(path.join(folder, 'phoneset.json'), 'utf8'),
    ) as Record<string, string>;
    return new SoundSwallowerAligner(decoder, new Set(Object.keys(phoneset)), settings);
  }

  /**
   * The name the decoder knows `word` by: the token itself when its dictionary has it, else the token
   * added with the given phones; null when it has neither (or phones outside the model's phone set).
   */
  dictionaryName(word: AlignWord): string | null {
    const token = word.token.trim().replace(/\s+/g, '_').toLowerCase();
    if (!token) return null;
    if (this.added.has(token)) return this.added.get(token) === (word.phones ?? '') ? token : null;
    if (this.decoder.lookup_word(token) !== null) return token;
    const phones = word.phones?.trim();
    if (!phones) return null;
    const list = phones.split(/\s+/);
    if (!list.every((p) => this.phones.has(p) && p !== 'SIL' && !p.startsWith('+'))) return null;
    this.decoder.add_words([token, list.join(' ')]);
    this.added.set(token, phones);
    return token;
  }

  /** The phones the decoder's dictionary gives `name`, or null. */
  pronunciation(name: string): string | null {
    return this.decoder.lookup_word(name);
  }

  /**
   * Aligns `names` (dictionary names, in order) in `pcm` (mono, MODEL_RATE) that starts at `offsetSec`.
   * Words shorter than the model's minimum (three frames a phone) cannot fit: the window fails. An
   * `open` window may end after any of the words (at least the first): the others come back null.
   */
  alignWindow(pcm: Float32Array, offsetSec: number, names: readonly string[], open = false): WindowOutcome {
    if (names.length === 0) return { words: [] };
    try {
      if (open && names.length > 1 && names.every((n) => JSGF_TOKEN.test(n)))
        this.decoder.set_grammar(prefixGrammar(names));
      else this.decoder.set_align_text(names.join(' '));
      this.decoder.start();
      this.decoder.process_audio(pcm, false, true);
      this.decoder.stop();
      // An empty hypothesis: the search ended without reaching the sentence's last word.
      if (this.decoder.get_text().trim() === '') return { words: null, failure: NO_PATH };
      const result = this.decoder.get_alignment({ align_level: 1 });
      return { words: this.readResult(result, names, offsetSec, open) };
    } catch (err) {
      return { words: null, failure: (err as Error).message };
    }
  }

  private readResult(
    result: Segment | undefined,
    names: readonly string[],
    offsetSec: number,
    open: boolean,
  ): (PlacedWord | null)[] {
    const segs = (result?.w ?? []).filter((s) => !isFiller(s.t));
    if (open ? segs.length === 0 || segs.length > names.length : segs.length !== names.length)
      throw new Error(NO_PATH);
    const fr = this.settings.frameRate;
    // Times from whole frames, rounded to the microsecond: a word's end and the next word's start are then
    // the very same number.
    const at = (frame: number): number => Math.round((offsetSec + frame / fr) * 1e6) / 1e6;
    const placed = segs.map((s, k) => {
      if (s.t.replace(/\(\d+\)$/, '') !== names[k])
        throw new Error(`the aligner returned "${s.t}" for "${names[k]}"`);
      const first = Math.round(s.b * fr);
      const frames = Math.max(1, Math.round(s.d * fr));
      const phones = (s.w ?? []).map((p) => p.p);
      return {
        startSec: at(first),
        endSec: at(first + frames),
        confidence: wordConfidence(phones.length > 0 ? phones : [s.p], frames),
      };
    });
    return [...placed, ...new Array<null>(names.length - placed.length).fill(null)];
  }

  /** Frees the decoder's memory in the WebAssembly heap. */
  dispose(): void {
    this.decoder.delete();
  }
}

/** A word JSGF reads as one token (no white space, no operator, no quote). */
const JSGF_TOKEN = /^[^\s=;|*+<>()[\]{}/"]+$/;

/** A grammar of the words in order that may stop after any of them: `a [b [c]]`. */
function prefixGrammar(names: readonly string[]): string {
  const body =
    names[0]! +
    names
      .slice(1)
      .map((n) => ` [${n}`)
      .join('') +
    ']'.repeat(names.length - 1);
  return `#JSGF V1.0;\ngrammar window;\npublic <window> = ${body};\n`;
}

const NO_PATH = 'no path through the words reached the end of the audio: do they match what is said?';

function isFiller(t: string): boolean {
  return t.startsWith('<') || t.startsWith('[') || t.startsWith('+');
}
