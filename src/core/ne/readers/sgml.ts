// Inline SGML entity markup, one document per line: the paper's short tags (`<P> NEWT GINGRICH </P>`,
// `<L>`, `<O>`; Burger et al. §1) and MUC's `<ENAMEX TYPE="PERSON">`, `<NUMEX …>`, `<TIMEX …>`.
import type { EntitySpan, TimedWord } from '../../model/annotation';
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../../text/diagnostics';
import type { NeDocument } from '../document';
import type { NeReadOptions } from './readNe';

/** The paper's short tags stand for MUC's ENAMEX types (Burger et al. fn. 3: `<ENAMEX TYPE=PERSON>` for `<P>`). */
export const SHORT_TAG_TYPES: Readonly<Record<string, string>> = {
  P: 'PERSON',
  L: 'LOCATION',
  O: 'ORGANIZATION',
};

const MUC_ELEMENTS = new Set(['ENAMEX', 'NUMEX', 'TIMEX']);
const CHAR_REFS: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

interface Open {
  name: string;
  type: string;
  offset: number;
  firstWord: number;
}

function decodeRefs(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, n: string) => CHAR_REFS[n]!);
}

/** The TYPE attribute of a tag's attribute text (quoted or not), or undefined. */
function typeAttribute(attrs: string): string | undefined {
  const m = /(?:^|\s)TYPE\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/**
 * Reads inline SGML: every line is one document (an utterance; an empty line is an empty document, a
 * final newline adds none). Any element is an entity: ENAMEX/NUMEX/TIMEX take their TYPE attribute, the
 * paper's `<P>`, `<L>`, `<O>` become PERSON, LOCATION, ORGANIZATION, other names are the type as written
 * (upper-cased). Tags separate words; `&amp;`-style references are decoded; comments and `<…/>` are
 * skipped. Errors (with line and column): a closing tag with no open element, crossing tags, an element
 * left open at the end of its line, a `<` with no `>`, an ENAMEX without TYPE. Nested elements are kept
 * with a warning (`ne.sgml.nested`; a scorer takes nested entities, a gold standard refuses them); an
 * element of the same type over the same words as one inside it adds nothing and is dropped with a
 * warning, so `<P><P>x</P></P>` is one entity; empty ones are dropped with a warning. Never throws.
 */
export function parseNeSgml(text: string, options: NeReadOptions = {}): ParseResult<NeDocument[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const docs: NeDocument[] = [];
  const report = (
    offset: number,
    code: string,
    message: string,
    severity: Diagnostic['severity'] = 'error',
  ): Diagnostic => {
    const d = diagnosticAt(index, offset, code, message, severity);
    diagnostics.push(d);
    return d;
  };
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    docs.push(readLine(text, lineStart, lineEnd, report, index));
    options.documentLines?.push([docs.length, docs.length]);
    lineStart = lineEnd + 1;
  }
  return { value: docs, diagnostics };
}

function readLine(
  text: string,
  from: number,
  to: number,
  report: (offset: number, code: string, message: string, severity?: Diagnostic['severity']) => Diagnostic,
  index: LineIndex,
): NeDocument {
  const words: TimedWord[] = [];
  // Nesting is reported once per line, where it first happens, with a count of the rest: a line of
  // 100,000 nested tags gets one warning of each kind, not 100,000.
  const once = new Map<string, { d: Diagnostic; more: number }>();
  const warnOnce = (offset: number, code: string, message: () => string): void => {
    const seen = once.get(code);
    if (seen) seen.more++;
    else once.set(code, { d: report(offset, code, message(), 'warning'), more: 0 });
  };
  const entities: EntitySpan[] = [];
  const stack: Open[] = [];
  const where = (o: Open): string => {
    const { line, column } = index.locate(o.offset);
    return `<${o.name}> at ${line}:${column}`;
  };
  const close = (o: Open, offset: number): void => {
    const last = entities[entities.length - 1];
    if (words.length === o.firstWord) {
      report(offset, 'ne.sgml.empty', `element ${where(o)} holds no words; dropped`, 'warning');
    } else if (
      // Elements close innermost first, so a copy of an inner element is the last one closed.
      last &&
      last.type === o.type &&
      last.firstWord === o.firstWord &&
      last.lastWord === words.length - 1
    ) {
      warnOnce(
        offset,
        'ne.sgml.duplicate',
        () => `element ${where(o)} spans the same words with the same type as an element inside it; dropped`,
      );
    } else entities.push({ type: o.type, firstWord: o.firstWord, lastWord: words.length - 1 });
  };
  let i = from;
  let nextGt = from;
  let nextCommentEnd = from;
  let word = -1; // start of the word being read, or −1
  const endWord = (at: number): void => {
    if (word >= 0) {
      const raw = decodeRefs(text.slice(word, at).replace(/\r$/, ''));
      if (raw !== '') words.push({ text: raw, startSec: null, endSec: null });
      word = -1;
    }
  };
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      endWord(i);
      i++;
      continue;
    }
    const next = text[i + 1] ?? '';
    if (c !== 60 || !/[A-Za-z/!]/.test(next)) {
      if (word < 0) word = i;
      i++;
      continue;
    }
    // A tag: `<` followed by a letter, `/` or `!`.
    endWord(i);
    const isComment = text.startsWith('<!--', i);
    // The next '>' after i is cached, so a line of many '<' with no '>' is still read in linear time.
    if (nextGt !== -1 && nextGt <= i) nextGt = text.indexOf('>', i + 1);
    if (isComment && nextCommentEnd !== -1 && nextCommentEnd < i + 4)
      nextCommentEnd = text.indexOf('-->', i + 4);
    const gt = isComment ? nextCommentEnd : nextGt;
    if (gt < 0 || gt >= to) {
      report(
        i,
        'ne.sgml.unterminatedTag',
        isComment ? 'comment not closed on this line' : "tag has no closing '>' on this line",
      );
      word = i; // read the rest as text so the line still has its words
      i++;
      continue;
    }
    const tagEnd = isComment ? gt + 3 : gt + 1;
    const body = text.slice(i + 1, gt);
    const at = i;
    i = tagEnd;
    if (isComment || body.startsWith('!') || body.startsWith('?') || body.endsWith('/')) continue;
    if (body.startsWith('/')) {
      const name = body.slice(1).trim().toUpperCase();
      let k = stack.length - 1;
      while (k >= 0 && stack[k]!.name !== name) k--;
      if (k < 0) {
        report(at, 'ne.sgml.unopened', `</${name}> closes no open element`);
        continue;
      }
      if (k < stack.length - 1) {
        report(
          at,
          'ne.sgml.crossing',
          `</${name}> crosses ${where(stack[stack.length - 1]!)}: tags must nest`,
        );
      }
      close(stack.splice(k, 1)[0]!, at);
      continue;
    }
    const m = /^([A-Za-z][\w.:-]*)([\s\S]*)$/.exec(body);
    if (!m) {
      report(at, 'ne.sgml.badTag', `cannot read tag <${body}>`);
      continue;
    }
    const name = m[1]!.toUpperCase();
    let type = SHORT_TAG_TYPES[name] ?? name;
    if (MUC_ELEMENTS.has(name)) {
      const t = typeAttribute(m[2]!);
      if (t === undefined || t.trim() === '') report(at, 'ne.sgml.noType', `<${name}> has no TYPE attribute`);
      else type = t.trim().toUpperCase();
    }
    if (stack.length > 0)
      warnOnce(at, 'ne.sgml.nested', () => `<${name}> is nested inside ${where(stack[stack.length - 1]!)}`);
    stack.push({ name, type, offset: at, firstWord: words.length });
  }
  endWord(to);
  for (const o of stack) report(o.offset, 'ne.sgml.unclosed', `${where(o)} is not closed on its line`);
  for (const { d, more } of once.values())
    if (more > 0) d.message += ` (and ${more.toLocaleString('en-US')} more on this line)`;
  return { words, entities: entities.sort((a, b) => a.firstWord - b.firstWord || b.lastWord - a.lastWord) };
}
