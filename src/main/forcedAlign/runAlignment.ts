// One alignment request, start to end, in the thread that runs it: the audio read stretch by stretch,
// the stretches between fixed words, long stretches in anchored windows, and the checks that keep a
// failed or implausible alignment from handing out times.
import { AppError } from '../../core/errors';
import { DEFAULT_WINDOWS, alignInWindows, stretchesBetweenFixed } from '../../core/forcedAlign/anchors';
import type { PlacedWord, WindowOptions } from '../../core/forcedAlign/anchors';
import { openPcmSource } from './pcmSource';
import { DEFAULT_SEARCH, MODEL_RATE, SoundSwallowerAligner } from './soundswallower';
import type { SearchSettings } from './soundswallower';
import type { AlignRequest, AlignResult, AlignedWord } from './types';
import { ALIGN_LANGUAGES } from './types';

/**
 * A stretch whose words' median confidence is below this is taken for a transcript that does not match
 * its audio: its words are not placed. On the synthesized set (docs/alignment.md) every matching
 * utterance's median is above 0.5; another sentence or silence usually ends the search without a path
 * before this check is needed.
 */
export const MIN_STRETCH_CONFIDENCE = 0.3;

/**
 * A stretch whose words' median confidence is below this is kept, with a warning: French speech aligned
 * as English scored a median of 0.56, but so do 9 of the synthesized set's 200 matching utterances.
 */
export const POOR_STRETCH_CONFIDENCE = 0.6;

/** Everything that changes where words land: the search and the windows. */
export interface EngineSettings {
  search: SearchSettings;
  windows: WindowOptions;
  minStretchConfidence: number;
  /** Below this median confidence a stretch is kept but the user is warned. */
  poorStretchConfidence: number;
}

export const DEFAULT_ENGINE: EngineSettings = {
  search: DEFAULT_SEARCH,
  windows: DEFAULT_WINDOWS,
  minStretchConfidence: MIN_STRETCH_CONFIDENCE,
  poorStretchConfidence: POOR_STRETCH_CONFIDENCE,
};

/** The lowest sample rate aligned: the models' mel filters span 130–3700 Hz (feat_params.json). */
export const MIN_SOURCE_RATE = 8000;

/** Minimum frames a phone takes in the model's three-state HMMs. */
const FRAMES_PER_PHONE = 3;

const aligners = new Map<string, Promise<SoundSwallowerAligner>>();

/** The thread's aligner for `lang` and `search`, made on first use and kept for the thread's life. */
function alignerFor(lang: AlignRequest['lang'], search: SearchSettings): Promise<SoundSwallowerAligner> {
  const key = `${lang} ${search.beam} ${search.frameRate} ${search.silenceProbability}`;
  let a = aligners.get(key);
  if (!a) {
    a = SoundSwallowerAligner.create(lang, search);
    aligners.set(key, a);
  }
  return a;
}

/** Aligns `request`; `onProgress` hears seconds of audio done of the total. */
export async function runAlignment(
  request: AlignRequest,
  onProgress: (done: number, total: number) => void = () => undefined,
  settings: EngineSettings = DEFAULT_ENGINE,
): Promise<AlignResult> {
  if (!ALIGN_LANGUAGES.includes(request.lang))
    throw new AppError(
      'INVALID_INPUT',
      `Unknown aligner language "${request.lang}"; use ${ALIGN_LANGUAGES.join(' or ')}.`,
    );
  const n = request.words.length;
  const warnings: string[] = [];
  const words: (AlignedWord | null)[] = new Array<AlignedWord | null>(n).fill(null);
  if (n === 0) return { words, warnings: ['The transcript has no words: nothing to align.'] };
  const source = await openPcmSource(request.audioPath, MODEL_RATE);
  try {
    const fromSec = Math.max(0, request.startSec ?? 0);
    const toSec = Math.min(source.durationSec, request.endSec ?? source.durationSec);
    if (!(toSec > fromSec))
      throw new AppError(
        'INVALID_INPUT',
        `${request.audioPath}: the stretch ${fromSec}–${toSec} s holds no audio (the recording lasts ${source.durationSec.toFixed(3)} s).`,
      );
    if (source.sourceRate < MIN_SOURCE_RATE)
      throw new AppError(
        'BAD_FILE',
        `${request.audioPath}: ${source.sourceRate} Hz is too low to align: the acoustic model's filters reach 3700 Hz, which needs at least ${MIN_SOURCE_RATE} Hz.`,
        { path: request.audioPath },
      );
    if (source.sourceRate !== MODEL_RATE)
      warnings.push(
        `The audio (${source.sourceRate} Hz) was resampled to the acoustic model's ${MODEL_RATE} Hz.`,
      );
    const aligner = await alignerFor(request.lang, settings.search);
    const names = request.words.map((w) => aligner.dictionaryName(w));
    names.forEach((name, k) => {
      if (name === null)
        warnings.push(
          `Word ${k + 1} "${request.words[k]!.token}" has no pronunciation in the ${request.lang} model (or phones outside its phone set): not placed.`,
        );
    });
    const phoneCounts = request.words.map((w, k) => phoneCount(aligner, names[k] ?? null, w.phones));
    for (const f of request.fixed ?? [])
      words[f.index] = { startSec: f.startSec, endSec: f.endSec, confidence: 1 };
    const stretches = stretchesBetweenFixed(n, request.fixed ?? [], fromSec, toSec);
    const total = stretches.reduce((s, st) => s + (st.toSec - st.fromSec), 0);
    let before = 0;
    for (const st of stretches) {
      const failures: string[] = [];
      const alignWindow = async (
        a: number,
        b: number,
        first: number,
        end: number,
        open: boolean,
      ): Promise<(PlacedWord | null)[] | null> => {
        const idx: number[] = [];
        let phones = 0;
        for (let k = first; k < end; k++)
          if (names[k] !== null) {
            idx.push(k);
            phones += phoneCounts[k]!;
          }
        // An open window needs room for its first word only.
        const needed = open ? (phoneCounts[idx[0] ?? first] ?? 0) : phones;
        if ((b - a) * settings.search.frameRate < needed * FRAMES_PER_PHONE) {
          failures.push(`${(b - a).toFixed(2)} s is too short for ${needed} phones`);
          return null;
        }
        const pcm = await source.read(a, b);
        const out = aligner.alignWindow(
          pcm,
          Math.round(a * MODEL_RATE) / MODEL_RATE,
          idx.map((k) => names[k]!),
          open,
        );
        if (!out.words) {
          failures.push(out.failure ?? 'the search failed');
          return null;
        }
        const res: (PlacedWord | null)[] = new Array<PlacedWord | null>(end - first).fill(null);
        idx.forEach((k, j) => (res[k - first] = out.words![j] ?? null));
        return res;
      };
      const got = await alignInWindows(st, phoneCounts, alignWindow, settings.windows, (done) =>
        onProgress(before + (done - st.fromSec), total),
      );
      before += st.toSec - st.fromSec;
      const label = `words ${st.firstWord + 1}–${st.endWord} (${st.fromSec.toFixed(2)}–${st.toSec.toFixed(2)} s)`;
      const placed = got.words.filter((w): w is PlacedWord => w !== null);
      const median = medianOf(placed.map((w) => w.confidence));
      if (placed.length > 0 && median < settings.minStretchConfidence) {
        warnings.push(
          `${label}: the words do not match the audio (median confidence ${median.toFixed(2)} < ${settings.minStretchConfidence}): not placed.`,
        );
        continue;
      }
      if (placed.length > 0 && median < settings.poorStretchConfidence)
        warnings.push(
          `${label}: the words fit the audio poorly (median confidence ${median.toFixed(2)} < ${settings.poorStretchConfidence}); check the transcript and the language.`,
        );
      if (got.failedWindows > 0)
        warnings.push(
          `${label}: ${got.failedWindows} of ${got.windows} search windows failed (${failures.join('; ')}).`,
        );
      got.words.forEach((w, k) => {
        if (w) words[st.firstWord + k] = { startSec: w.startSec, endSec: w.endSec, confidence: w.confidence };
      });
    }
    const missing = words.filter((w) => w === null).length;
    if (missing > 0 && !warnings.some((w) => w.includes('not placed') || w.includes('failed')))
      warnings.push(`${missing} of ${n} words could not be placed.`);
    onProgress(total, total);
    return { words, warnings };
  } finally {
    await source.close();
  }
}

function phoneCount(
  aligner: SoundSwallowerAligner,
  name: string | null,
  phones: string | null | undefined,
): number {
  if (name === null) return 0;
  const p = aligner.pronunciation(name) ?? phones ?? '';
  return Math.max(1, p.trim().split(/\s+/).length);
}

function medianOf(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
