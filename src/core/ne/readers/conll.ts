// CoNLL-style columns: one word per line, the entity tag in the last column (BIO/IOB2, IOB1, BIOES or
// BILOU), documents separated by blank lines. Chunks are read with conlleval's rules, so every scheme and
// every irregular sequence (an I- after O, a type change inside a chunk) gives the chunks conlleval would.
import type { EntitySpan, TimedWord } from '../../model/annotation';
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../../text/diagnostics';
import type { NeDocument } from '../document';
import type { NeReadOptions } from './readNe';

const TAG = /^(?:(O)|([BIESLU])(?:[-_](.*))?)$/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

interface Tag {
  prefix: string; // B I E S or O (L → E, U → S)
  type: string;
}

// conlleval's endOfChunk / startOfChunk, on prefixes already mapped from BILOU to BIOES.
function chunkEnds(prev: Tag, cur: Tag): boolean {
  if (prev.prefix === 'E' || prev.prefix === 'S') return true;
  if (prev.prefix === 'B' || prev.prefix === 'I') {
    return cur.prefix === 'B' || cur.prefix === 'S' || cur.prefix === 'O' || prev.type !== cur.type;
  }
  return false;
}

function chunkStarts(prev: Tag, cur: Tag): boolean {
  if (cur.prefix === 'B' || cur.prefix === 'S') return true;
  if (cur.prefix === 'O') return false;
  return prev.prefix === 'E' || prev.prefix === 'S' || prev.prefix === 'O' || prev.type !== cur.type;
}

/**
 * Reads CoNLL columns. The first column is the word and the last the tag; a line of exactly four columns
 * whose second and third are numbers is `word startSec endSec tag`. `-DOCSTART-` lines are skipped. A
 * chunk is read as conlleval reads it (an I- after O starts one, as in IOB1); one opened by an E- tag
 * gets a warning; a tag of no known scheme and a line with one column are errors. Never throws.
 */
export function parseNeConll(text: string, options: NeReadOptions = {}): ParseResult<NeDocument[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const docs: NeDocument[] = [];
  let words: TimedWord[] = [];
  let entities: EntitySpan[] = [];
  const O: Tag = { prefix: 'O', type: '' };
  let prev = O;
  let chunkStart = -1;
  const endChunk = (): void => {
    if (chunkStart >= 0)
      entities.push({ type: prev.type, firstWord: chunkStart, lastWord: words.length - 1 });
    chunkStart = -1;
  };
  // The lines of the document being read (0 before its first); with `documentLines` a run of lines
  // none of which could be read still makes an (empty) document.
  let firstLine = 0;
  let lastLine = 0;
  const endDoc = (): void => {
    endChunk();
    if (words.length > 0 || (options.documentLines && firstLine > 0)) {
      docs.push({ words, entities });
      options.documentLines?.push([firstLine, lastLine]);
    }
    words = [];
    entities = [];
    prev = O;
    firstLine = 0;
  };
  let at = 0;
  let lineNo = 0;
  while (at <= text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end);
    const lineAt = at;
    at = end + 1;
    lineNo++;
    const cols = line.trim().split(/\s+/);
    if (line.trim() === '' || cols[0] === '-DOCSTART-') {
      endDoc();
      continue;
    }
    if (firstLine === 0) firstLine = lineNo;
    lastLine = lineNo;
    const col0 = lineAt + line.search(/\S/);
    if (cols.length < 2) {
      diagnostics.push(diagnosticAt(index, col0, 'ne.conll.noTag', `line has no tag column: '${cols[0]}'`));
      continue;
    }
    const raw = cols[cols.length - 1]!;
    const tagAt = lineAt + line.lastIndexOf(raw);
    const m = TAG.exec(raw);
    let cur: Tag;
    if (!m) {
      diagnostics.push(
        diagnosticAt(index, tagAt, 'ne.conll.badTag', `tag '${raw}' is not O or B-/I-/E-/S-/L-/U-TYPE`),
      );
      cur = O;
    } else if (m[1]) cur = O;
    else {
      const p = m[2]!;
      cur = { prefix: p === 'L' ? 'E' : p === 'U' ? 'S' : p, type: m[3] ?? '' };
    }
    if (chunkEnds(prev, cur)) endChunk();
    if (chunkStarts(prev, cur)) {
      // IOB1 starts chunks with I-, so only a chunk opened by its own end tag is worth a warning.
      if (cur.prefix === 'E') {
        diagnostics.push(
          diagnosticAt(
            index,
            tagAt,
            'ne.conll.irregularStart',
            `chunk starts with its end tag '${raw}'`,
            'warning',
          ),
        );
      }
      chunkStart = words.length;
    }
    const timed = cols.length === 4 && NUMBER.test(cols[1]!) && NUMBER.test(cols[2]!);
    words.push({
      text: cols[0]!,
      startSec: timed ? Number(cols[1]) : null,
      endSec: timed ? Number(cols[2]) : null,
    });
    prev = cur;
  }
  endDoc();
  return { value: docs, diagnostics };
}
