// Which reader turns an alignment file into utterances with timed words, chosen by file extension.
import path from 'node:path';
import { parseCtm } from '../../core/formats/ctm';
import { eafTierWords, parseEaf } from '../../core/formats/eaf';
import { diagnosticAt, LineIndex } from '../../core/text/diagnostics';
import { parseGoldJsonl } from '../../core/gold/goldJsonl';
import { parseTextGridWords } from '../../core/formats/textGridWords';
import { parseWordTimesJson } from '../../core/formats/wordTimesJson';
import type { ParseResult } from '../../core/text/diagnostics';
import type { AlignedUtterance } from './scanCorpus';

/** Reads one alignment file's text; `fileStem` names the utterance of single-utterance formats. */
export type AlignmentReader = (text: string, fileStem: string) => ParseResult<AlignedUtterance[]>;

const single =
  (read: (text: string) => ParseResult<AlignedUtterance['words']>): AlignmentReader =>
  (text, fileStem) => {
    const r = read(text);
    return { value: [{ id: fileStem, words: r.value }], diagnostics: r.diagnostics };
  };

const READERS: Record<string, AlignmentReader> = {
  '.textgrid': single((t) => parseTextGridWords(t)),
  // WhisperX or Gentle word timestamps, told apart by their shape.
  '.json': single((t) => parseWordTimesJson(t)),
  // A CTM names its utterances in its file field (Kaldi writes one utterance id per "file"); channels of
  // one file are taken in turn, and a second channel of the same id is an error reported by the caller.
  // SIEVE's own gold JSON Lines (what `sieve export --format jsonl` writes): words and all annotation.
  '.jsonl': (text) => {
    const r = parseGoldJsonl(text);
    return {
      value: r.value.map(({ id, words, audio, ...extra }) => ({
        id,
        words,
        extra,
        ...(audio ? { audio } : {}),
      })),
      diagnostics: r.diagnostics,
    };
  },
  // ELAN: the tier named `words`, else the first top-level time-aligned tier.
  '.eaf': single((t) => {
    const r = parseEaf(t);
    const annotations = r.value.tiers.flatMap((tier) => tier.annotations);
    // Annotations that only refer to each other have no times to give: say so rather than import words
    // with no times (which would then pair with no audio).
    const aligned = annotations.length === 0 || annotations.some((a) => a.ref === undefined);
    const words = aligned ? eafTierWords(r.value) : null;
    if (words) return { value: words, diagnostics: r.diagnostics };
    const none = diagnosticAt(
      new LineIndex(t),
      0,
      'eaf.no-tier',
      r.value.tiers.length === 0
        ? 'no tier: the file has no TIER of words'
        : !aligned
          ? 'no time-aligned tier: every annotation refers to another annotation (REF_ANNOTATION), none has times'
          : 'no time-aligned tier: every tier refers to another tier (PARENT_REF)',
    );
    return { value: [], diagnostics: [...r.diagnostics, none] };
  }),
  '.ctm': (text) => {
    const r = parseCtm(text);
    return { value: r.value.map((u) => ({ id: u.id, words: u.words })), diagnostics: r.diagnostics };
  },
};

/** The reader for a file, or null when its extension is not an alignment format. */
export function alignmentReaderFor(file: string): AlignmentReader | null {
  return READERS[path.extname(file).toLowerCase()] ?? null;
}
