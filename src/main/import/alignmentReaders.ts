// Which reader turns an alignment file into utterances with timed words, chosen by file extension.
import path from 'node:path';
import { parseTextGridWords } from '../../core/formats/textGridWords';
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
};

/** The reader for a file, or null when its extension is not an alignment format. */
export function alignmentReaderFor(file: string): AlignmentReader | null {
  return READERS[path.extname(file).toLowerCase()] ?? null;
}
