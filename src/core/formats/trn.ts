// NIST sclite's trn transcript format: one utterance per line, `word word … (utterance-id)`.
import {
  type Diagnostic,
  type ParseResult,
  LineIndex,
  diagnosticAt,
  valueOrThrow,
} from '../text/diagnostics';

/** One trn line: the utterance id (without parentheses), its words, and where it was read. */
export interface TrnUtterance {
  id: string;
  words: string[];
  /** 1-based line of the utterance in the file. */
  line: number;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
}

/** Whether `text[from, to)` holds a `{` (scanned within the line: a search of the whole text is quadratic). */
function hasBrace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 123) return true;
  return false;
}

/** The whitespace-separated words of `text[from, to)`, scanned by character code (no regex, no filter). */
function splitWords(text: string, from: number, to: number): string[] {
  const words: string[] = [];
  let i = from;
  while (i < to) {
    while (i < to && isSpace(text.charCodeAt(i))) i++;
    const start = i;
    while (i < to && !isSpace(text.charCodeAt(i))) i++;
    if (i > start) words.push(text.slice(start, i));
  }
  return words;
}

/**
 * Reads a trn file. As in sclite, blank lines and lines starting with `;;` are skipped and the id is the
 * text between the last `(` and the last `)` of the line, so words may themselves contain brackets
 * (`the (uh) cat (spk1_3)` has the words `the (uh) cat`). Stricter than sclite, a missing or empty id,
 * text after the id, a repeated id and an alternation `{ … }` that does not close are errors with their
 * line and column. Words are kept as written (white-space separated); `parseTranscriptItems` reads them
 * with sclite's syntax (alternations, `@`, `;tags`, `\` escapes) when scoring.
 * Never throws: the utterances read so far come back with the diagnostics.
 */
export function parseTrn(text: string): ParseResult<TrnUtterance[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const utterances: TrnUtterance[] = [];
  const seen = new Map<string, number>();
  const report = (offset: number, code: string, message: string): void => {
    diagnostics.push(diagnosticAt(index, offset, code, message));
  };
  // Alternations are checked only in files that have a '{' at all (one native search instead of a scan
  // of every line).
  const anyBrace = text.includes('{');
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNo++;
    // Trim the line's end (spaces, a CR of CRLF files) and its start.
    let last = end;
    while (last > start && isSpace(text.charCodeAt(last - 1))) last--;
    let first = start;
    while (first < last && isSpace(text.charCodeAt(first))) first++;
    const blank = first === last;
    const comment = !blank && text.startsWith(';;', first);
    if (!blank && !comment) {
      const open = text.lastIndexOf('(', last - 1);
      const close = text.lastIndexOf(')', last - 1);
      if (close < first || (open >= first && open > close)) {
        if (open >= first && open > close) {
          report(open, 'trn.unclosedId', "the utterance id's '(' is never closed");
        } else {
          report(last, 'trn.noId', 'expected the utterance id in parentheses at the end of the line');
        }
      } else if (open < first) {
        report(close, 'trn.noId', "found ')' but no '(' opening the utterance id");
      } else if (close !== last - 1) {
        report(
          close + 1,
          'trn.afterId',
          `unexpected text after the utterance id: '${text.slice(close + 1, last).trim()}'`,
        );
      } else if (close === open + 1) {
        report(open, 'trn.emptyId', 'the utterance id is empty');
      } else if (/[\s()]/.test(text.slice(open + 1, close))) {
        report(
          open + 1,
          'trn.badId',
          `the utterance id '${text.slice(open + 1, close)}' contains a space or bracket`,
        );
      } else {
        const id = text.slice(open + 1, close);
        const before = seen.get(id);
        if (before !== undefined) {
          report(open + 1, 'trn.duplicateId', `utterance id '${id}' already used on line ${before}`);
        } else {
          seen.set(id, lineNo);
          utterances.push({ id, words: splitWords(text, first, open), line: lineNo });
          if (anyBrace && hasBrace(text, first, open)) {
            for (const p of parseTranscriptItems(text, first, open).problems) {
              report(p.offset, 'trn.alternation', p.message);
            }
          }
        }
      }
    }
    start = end + 1;
  }
  return { value: utterances, diagnostics };
}

/** `parseTrn`, throwing a `ParseError` (`file:line:col: …`) on the first problem. */
export function parseTrnOrThrow(text: string, file?: string): TrnUtterance[] {
  return valueOrThrow(parseTrn(text), file);
}

/**
 * Writes utterances as trn lines, `words (id)`; an utterance without words is written `(id)`. Ids and
 * words must not contain whitespace or newlines, and ids no parentheses, or the text cannot be read back.
 */
export function writeTrn(utterances: readonly { id: string; words: readonly string[] }[]): string {
  let out = '';
  for (const u of utterances) out += u.words.length > 0 ? `${u.words.join(' ')} (${u.id})\n` : `(${u.id})\n`;
  return out;
}

/** One element of a transcript as sclite reads it: a word, or an alternation of word sequences. */
export type TranscriptItem = string | TranscriptAlternation;

/** sclite's `{ a / b c / @ }`: the reference may be any one of the alternatives (`@`: nothing). */
export interface TranscriptAlternation {
  alternatives: TranscriptItem[][];
}

/** A transcript read with sclite's syntax, and the problems found (offsets into the text read). */
export interface TranscriptItems {
  items: TranscriptItem[];
  problems: { offset: number; message: string }[];
}

/**
 * The word value sclite keeps of a token (SCTK `word.c`, `new_WORD_parseText` and `new_WORD`): the text
 * before the first `;` not escaped by `\` (what follows are SGML tags), every `\` removed, and one
 * trailing `*` removed from a token longer than one character.
 */
export function scliteWordValue(token: string): string {
  let end = token.length;
  for (let k = 0; k < token.length; k++) {
    if (token.charCodeAt(k) === 59 /* ; */ && (k === 0 || token.charCodeAt(k - 1) !== 92)) {
      end = k;
      break;
    }
  }
  let value = token.slice(0, end);
  if (value.includes('\\')) value = value.replace(/\\/g, '');
  if (value.length > 1 && value.endsWith('*')) value = value.slice(0, -1);
  return value;
}

/**
 * Reads `text[from, to)` as sclite reads a transcript (SCTK `text.c`, `find_next_TEXT_token` and
 * `find_next_TEXT_alternation`; `net_adt.c`, `expand_alternates`): tokens are separated by white space,
 * except that a token starting with `{` runs to its matching `}` and is an alternation, whose
 * alternatives are separated by `/` at its own nesting depth and read the same way (empty alternatives
 * are skipped, as sclite does; `@` stands for no word). Word tokens get `scliteWordValue`.
 */
export function parseTranscriptItems(text: string, from = 0, to = text.length): TranscriptItems {
  const problems: TranscriptItems['problems'] = [];
  const items = readSequence(text, from, to, problems);
  return { items, problems };
}

function readSequence(
  text: string,
  from: number,
  to: number,
  problems: TranscriptItems['problems'],
): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  let i = from;
  while (i < to) {
    while (i < to && isSpace(text.charCodeAt(i))) i++;
    if (i >= to) break;
    const start = i;
    if (text.charCodeAt(i) === 123 /* { */) {
      let depth = 0;
      do {
        const c = text.charCodeAt(i);
        if (c === 123) depth++;
        else if (c === 125) depth--;
        i++;
      } while (i < to && depth > 0);
      if (depth > 0) {
        problems.push({ offset: start, message: "the alternation's '{' is never closed" });
        break;
      }
      const alternatives = readAlternatives(text, start + 1, i - 1, problems);
      if (alternatives.length === 0) {
        problems.push({ offset: start, message: 'an alternation without any alternative' });
      } else items.push({ alternatives });
    } else {
      while (i < to && !isSpace(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      const brace = token.indexOf('{');
      if (brace >= 0) {
        problems.push({ offset: start + brace, message: `'{' inside the word '${token}'` });
      } else items.push(scliteWordValue(token));
    }
  }
  return items;
}

function readAlternatives(
  text: string,
  from: number,
  to: number,
  problems: TranscriptItems['problems'],
): TranscriptItem[][] {
  const out: TranscriptItem[][] = [];
  let i = from;
  while (i < to) {
    while (i < to && (isSpace(text.charCodeAt(i)) || text.charCodeAt(i) === 47)) i++;
    if (i >= to) break;
    const start = i;
    let depth = 0;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (depth === 0 && (c === 47 /* / */ || c === 125) /* } */) break;
      if (c === 123) depth++;
      else if (c === 125) depth--;
      i++;
    }
    if (i < to && text.charCodeAt(i) === 125) {
      problems.push({ offset: i, message: "'}' without its '{'" });
      return out;
    }
    const alt = readSequence(text, start, i, problems);
    if (alt.length > 0) out.push(alt);
  }
  return out;
}
