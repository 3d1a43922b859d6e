// What an alignment file says about one recording, speaker by speaker, and the utterances made of it.
// A TextGrid or ELAN file may hold a tier of words, a tier of utterances (one interval per sentence, its
// words not timed), both, or one tier (pair) per speaker as the Montreal Forced Aligner writes them; a
// WhisperX file holds segments of words. Each is read into tracks here, and the tracks are cut into
// utterances by `recordingUtterances` (by their segments, else at pauses when asked).
import type { TimedWord } from '../model/annotation';
import type { EafDocument, EafTier } from './eaf';
import { type PauseSplitOptions, type TimeSpan, splitAtPauses, splitBySegments } from './segments';
import type { TextGrid, TextGridTier } from './textGrid';
import type { WhisperXSegmentWords } from './wordTimesJson';

/** One speaker's part of a recording. */
export type Track =
  | {
      kind: 'words';
      speaker?: string;
      /** Timed words in time order. */
      words: TimedWord[];
      /** Utterance segments to cut the words by (a segment tier); none: one utterance, or pauses. */
      segments?: TimeSpan[];
    }
  | {
      kind: 'utterances';
      speaker?: string;
      /** Utterances as the file groups them; words of a tier of utterances have no times. */
      utterances: (TimeSpan & { words: TimedWord[] })[];
    };

/** One recording's tracks, and its extent where the file gives it (a TextGrid's xmin..xmax). */
export interface RecordingTracks {
  tracks: Track[];
  within?: TimeSpan;
  /** Things worth telling the user (an empty tier passed over). */
  notes: string[];
}

/** How tiers are chosen. */
export interface TierOptions {
  /** The tier to read: of words, or of utterances (labels with spaces); by default chosen by name. */
  tier?: string;
  /** A tier of utterance segments to cut the words by; by default one named utterance(s), segment(s) or sentence(s). */
  segmentTier?: string;
}

/** Tier names taken as utterance segments when no segment tier is named. */
export const SEGMENT_TIER_NAMES: readonly string[] = [
  'utterance',
  'utterances',
  'segment',
  'segments',
  'sentence',
  'sentences',
];

type IntervalTier = Extract<TextGridTier, { kind: 'interval' }>;
type Labelled = TimeSpan & { text: string };

const SPACE = /\s/;

/** The labelled intervals (or annotations) of a tier, labels trimmed; blank ones are silence. */
function labelled(items: readonly Labelled[]): Labelled[] {
  const out: Labelled[] = [];
  for (const i of items) {
    const text = i.text.trim();
    if (text !== '') out.push({ startSec: i.startSec, endSec: i.endSec, text });
  }
  return out;
}

/**
 * A track of a tier's labelled items: a tier whose labels hold spaces is a tier of utterances, each
 * label's words untimed (to be aligned); any other is a tier of words.
 */
function trackOf(items: readonly Labelled[], speaker: string | undefined, segments?: TimeSpan[]): Track {
  const who = speaker !== undefined && speaker !== '' ? { speaker } : {};
  if (items.some((i) => SPACE.test(i.text)))
    return {
      kind: 'utterances',
      ...who,
      utterances: items.map((i) => ({
        startSec: i.startSec,
        endSec: i.endSec,
        words: i.text
          .split(/\s+/)
          .filter((w) => w !== '')
          .map((text) => ({ text, startSec: null, endSec: null })),
      })),
    };
  return {
    kind: 'words',
    ...who,
    // The labelled items are timed words already (fresh objects of `labelled`): not copied again.
    words: [...items],
    ...(segments ? { segments } : {}),
  };
}

const intervalsOf = (t: IntervalTier): Labelled[] =>
  labelled(t.intervals.map((i) => ({ startSec: i.xmin, endSec: i.xmax, text: i.text })));

/** `name`'s tier among `tiers`: exact, else in any case. */
function named<T extends { name: string }>(tiers: readonly T[], name: string): T | undefined {
  return tiers.find((t) => t.name === name) ?? tiers.find((t) => t.name.toLowerCase() === name.toLowerCase());
}

/** The tiers of a grid as a list for a message: `'words' (interval, 12 labelled)`. */
export function textGridTierList(grid: TextGrid): string {
  if (grid.tiers.length === 0) return 'none';
  return grid.tiers
    .map((t) =>
      t.kind === 'interval'
        ? `'${t.name}' (interval, ${intervalsOf(t).length} labelled)`
        : `'${t.name}' (point, ${t.points.length} points)`,
    )
    .join(', ');
}

// MFA's multi-speaker output names a speaker's tiers `NAME - words` and `NAME - phones`.
const SPEAKER_WORDS = /^(.*\S)\s+-\s+words$/i;
const PHONES = /^(?:phones|(.*\S)\s+-\s+phones)$/i;

/**
 * The tracks of a TextGrid. With `options.tier`, that tier; else the tier `words` (any case); else each
 * speaker's `NAME - words` tier (MFA's multi-speaker output); else the interval tiers other than phones
 * and segments: one is read without a speaker, several as one speaker each, named by their tier (MFA's
 * input TextGrids: one tier of utterances per speaker). A tier of words is cut by the segment tier when
 * there is one. Returns a problem (naming the tiers) when no tier fits or the chosen ones are empty.
 */
export function textGridTracks(
  grid: TextGrid,
  options: TierOptions = {},
): RecordingTracks | { problem: string } {
  const tiers = grid.tiers.filter((t): t is IntervalTier => t.kind === 'interval');
  const list = (): string => `tiers: ${textGridTierList(grid)}`;
  const within = { startSec: grid.xmin, endSec: grid.xmax };
  let segmentTier: IntervalTier | undefined;
  if (options.segmentTier !== undefined) {
    segmentTier = named(tiers, options.segmentTier);
    if (!segmentTier) return { problem: `no interval tier named '${options.segmentTier}' (${list()})` };
  } else segmentTier = tiers.find((t) => SEGMENT_TIER_NAMES.includes(t.name.toLowerCase()));
  const segments = segmentTier
    ? intervalsOf(segmentTier).map(({ startSec, endSec }) => ({ startSec, endSec }))
    : undefined;
  const notEmpty = (t: IntervalTier): Track | { problem: string } => {
    const items = intervalsOf(t);
    if (items.length === 0) return { problem: `tier '${t.name}' has no labelled interval (${list()})` };
    return trackOf(items, undefined, segments);
  };
  const one = (t: IntervalTier): RecordingTracks | { problem: string } => {
    const track = notEmpty(t);
    return 'problem' in track ? track : { tracks: [track], within, notes: [] };
  };
  if (options.tier !== undefined) {
    const t = named(tiers, options.tier);
    return t ? one(t) : { problem: `no interval tier named '${options.tier}' (${list()})` };
  }
  const words = named(tiers, 'words');
  if (words) return one(words);
  const notes: string[] = [];
  const speakerWords = tiers.filter((t) => SPEAKER_WORDS.test(t.name));
  const candidates =
    speakerWords.length > 0 ? speakerWords : tiers.filter((t) => !PHONES.test(t.name) && t !== segmentTier);
  const tracks: Track[] = [];
  for (const t of candidates) {
    const items = intervalsOf(t);
    if (items.length === 0) {
      notes.push(`tier '${t.name}' has no labelled interval: passed over`);
      continue;
    }
    const speaker =
      speakerWords.length > 0 ? SPEAKER_WORDS.exec(t.name)![1] : candidates.length > 1 ? t.name : undefined;
    tracks.push(trackOf(items, speaker, speakerWords.length > 0 ? undefined : segments));
  }
  if (tracks.length === 0)
    return {
      problem:
        candidates.length === 0
          ? `expected an interval tier named 'words', or one per speaker (${list()})`
          : `no tier has a labelled interval (${list()})`,
    };
  return { tracks, within, notes };
}

/** The tiers of an EAF document as a list for a message: `'A' (12 annotations)`. */
export function eafTierList(doc: EafDocument): string {
  if (doc.tiers.length === 0) return 'none';
  return doc.tiers
    .map((t) => {
      const n = t.annotations.filter((a) => a.value.trim() !== '').length;
      return `'${t.id}' (${n} annotation${n === 1 ? '' : 's'}${t.parent !== undefined ? `, under '${t.parent}'` : ''})`;
    })
    .join(', ');
}

/** A tier's timed, non-blank annotations as labelled spans (annotations without times are left out). */
function annotationsOf(t: EafTier): Labelled[] {
  return labelled(
    t.annotations.flatMap((a) =>
      a.startSec === null || a.endSec === null
        ? []
        : [{ startSec: a.startSec, endSec: a.endSec, text: a.value }],
    ),
  );
}

/**
 * The tracks of an ELAN document. With `options.tier`, that tier; else the tier `words` (any case); else
 * the one top-level tier with timed annotations. Several such tiers and no choice is a problem that lists
 * them (`--tier` picks one), and so is a chosen tier without annotations. A tier of references
 * (REF_ANNOTATIONs sharing their parent's times) gives an utterance per parent with its words untimed. A
 * tier's PARTICIPANT is the speaker; a tier of words is cut by the segment tier (`options.segmentTier`, or one named utterance(s),
 * segment(s) or sentence(s)) when there is one.
 */
export function eafTracks(
  doc: EafDocument,
  options: TierOptions = {},
): RecordingTracks | { problem: string } {
  const tiers = doc.tiers.map((t) => ({ name: t.id, tier: t }));
  const list = (): string => `tiers: ${eafTierList(doc)}`;
  let segmentTier: EafTier | undefined;
  if (options.segmentTier !== undefined) {
    segmentTier = named(tiers, options.segmentTier)?.tier;
    if (!segmentTier) return { problem: `no tier named '${options.segmentTier}' (${list()})` };
  } else segmentTier = tiers.find((t) => SEGMENT_TIER_NAMES.includes(t.name.toLowerCase()))?.tier;
  const segments = segmentTier
    ? annotationsOf(segmentTier).map(({ startSec, endSec }) => ({ startSec, endSec }))
    : undefined;
  const one = (t: EafTier): RecordingTracks | { problem: string } => {
    const items = annotationsOf(t);
    if (items.length === 0)
      return {
        problem:
          t.annotations.length > 0
            ? `tier '${t.id}' has no annotation with text and times (${list()})`
            : `tier '${t.id}' has no annotation (${list()})`,
      };
    // A tier of references (a symbolic subdivision: words that share their parent annotation's times)
    // gives utterances, one per parent, whose words SIEVE's aligner places.
    if (t.annotations.some((a) => a.ref !== undefined)) {
      const utterances: (TimeSpan & { words: TimedWord[] })[] = [];
      for (const i of items) {
        const last = utterances[utterances.length - 1];
        const words = i.text
          .split(/\s+/)
          .filter((w) => w !== '')
          .map((text) => ({ text, startSec: null, endSec: null }));
        if (last && last.startSec === i.startSec && last.endSec === i.endSec) last.words.push(...words);
        else utterances.push({ startSec: i.startSec, endSec: i.endSec, words });
      }
      const who = t.participant !== undefined && t.participant !== '' ? { speaker: t.participant } : {};
      return { tracks: [{ kind: 'utterances', ...who, utterances }], notes: [] };
    }
    return { tracks: [trackOf(items, t.participant, t === segmentTier ? undefined : segments)], notes: [] };
  };
  if (options.tier !== undefined) {
    const t = named(tiers, options.tier)?.tier;
    return t ? one(t) : { problem: `no tier named '${options.tier}' (${list()})` };
  }
  const words = named(tiers, 'words')?.tier;
  if (words) return one(words);
  if (doc.tiers.length > 0 && doc.tiers.every((t) => t.parent !== undefined))
    return { problem: 'no time-aligned tier: every tier refers to another tier (PARENT_REF)' };
  const candidates = doc.tiers.filter(
    (t) => t.parent === undefined && t !== segmentTier && annotationsOf(t).length > 0,
  );
  if (candidates.length === 1) return one(candidates[0]!);
  if (segmentTier && candidates.length === 0) return one(segmentTier);
  return {
    problem:
      candidates.length === 0
        ? `no tier has annotations with text and times (${list()})`
        : `${candidates.length} top-level tiers have annotations; choose the tier to read with --tier NAME (${list()})`,
  };
}

/**
 * The tracks of a WhisperX file: its segments as utterances, one track per speaker (a diarised file
 * names one on each segment); a segment's extent is widened to its words where they stick out.
 */
export function whisperXTracks(segments: readonly WhisperXSegmentWords[]): RecordingTracks {
  const bySpeaker = new Map<string | undefined, (TimeSpan & { words: TimedWord[] })[]>();
  for (const s of segments) {
    if (s.words.length === 0) continue;
    let start = s.startSec ?? Infinity;
    let end = s.endSec ?? -Infinity;
    for (const w of s.words) {
      if (w.startSec !== null) start = Math.min(start, w.startSec);
      if (w.endSec !== null) end = Math.max(end, w.endSec);
    }
    // A segment with neither its own times nor a timed word goes with the one before it.
    const list = bySpeaker.get(s.speaker) ?? [];
    bySpeaker.set(s.speaker, list);
    if (!Number.isFinite(start) || !Number.isFinite(end)) {
      const prev = list[list.length - 1];
      if (prev) prev.words.push(...s.words);
      else list.push({ startSec: 0, endSec: 0, words: [...s.words] });
      continue;
    }
    list.push({ startSec: start, endSec: end, words: [...s.words] });
  }
  return {
    tracks: [...bySpeaker].map(([speaker, utterances]) => ({
      kind: 'utterances',
      ...(speaker !== undefined ? { speaker } : {}),
      utterances,
    })),
    notes: [],
  };
}

/** One utterance of a recording: its id, extent (none: the whole audio file), speaker and words. */
export interface RecordingUtterance {
  id: string;
  startSec?: number;
  endSec?: number;
  speaker?: string;
  words: TimedWord[];
}

/**
 * The utterances of one recording read into `rec`, named after `stem`: a recording that is one utterance
 * keeps the name `stem` (and spans the whole audio file when it was not cut out of it by a segment); more
 * are `stem_0001`, `stem_0002` … in time order (speakers in file order at the same time). A track of words
 * is cut by its segments, else at pauses (`split`); pre-grouped utterances are cut further at pauses too.
 */
export function recordingUtterances(
  stem: string,
  rec: RecordingTracks,
  split: Omit<PauseSplitOptions, 'within'> = {},
): RecordingUtterance[] {
  const made: { u: Omit<RecordingUtterance, 'id'>; track: number; whole: boolean }[] = [];
  rec.tracks.forEach((t, track) => {
    const who = t.speaker !== undefined ? { speaker: t.speaker } : {};
    if (t.kind === 'words') {
      const parts =
        t.segments && t.segments.length > 0
          ? splitBySegments(t.words, t.segments)
          : splitAtPauses(t.words, { ...split, ...(rec.within ? { within: rec.within } : {}) });
      const whole = !(t.segments && t.segments.length > 0) && parts.length === 1;
      for (const p of parts) made.push({ u: { ...p, ...who }, track, whole });
      return;
    }
    for (const g of t.utterances) {
      // An utterance of the file keeps its extent; cut at pauses, its parts share it out.
      const parts = splitAtPauses(g.words, { ...split, within: g });
      if (parts.length === 0) continue;
      parts[0]!.startSec = g.startSec;
      parts[parts.length - 1]!.endSec = g.endSec;
      for (const p of parts) made.push({ u: { ...p, ...who }, track, whole: false });
    }
  });
  made.sort((p, q) => (p.u.startSec ?? 0) - (q.u.startSec ?? 0) || p.track - q.track);
  if (made.length === 1) {
    const { u, whole } = made[0]!;
    if (whole)
      return [{ id: stem, words: u.words, ...(u.speaker !== undefined ? { speaker: u.speaker } : {}) }];
    return [{ id: stem, ...u }];
  }
  const width = Math.max(4, String(made.length).length);
  return made.map(({ u }, k) => ({ id: `${stem}_${String(k + 1).padStart(width, '0')}`, ...u }));
}
