// JSON entity spans: documents of words (with optional times) and `{type, firstWord, lastWord}` spans —
// the shared `EntitySpan` record, inclusive 0-based word indices.
import type { EntitySpan, TimedWord } from '../../model/annotation';
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../../text/diagnostics';
import { jsonPreview } from '../../text/jsonPreview';
import type { NeDocument } from '../document';
import type { NeReadOptions } from './readNe';

type Report = (path: string, message: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readWord(v: unknown, path: string, report: Report): TimedWord | null {
  if (typeof v === 'string') return { text: v, startSec: null, endSec: null };
  if (!isObject(v) || typeof v.text !== 'string') {
    report(path, 'a word is a string or {"text", "startSec"?, "endSec"?}');
    return null;
  }
  const time = (key: 'startSec' | 'endSec'): number | null => {
    const t = v[key];
    if (t === undefined || t === null) return null;
    if (typeof t !== 'number' || !Number.isFinite(t)) {
      report(`${path}.${key}`, `must be a number of seconds, got ${jsonPreview(t)}`);
      return null;
    }
    return t;
  };
  const w: TimedWord = { text: v.text, startSec: time('startSec'), endSec: time('endSec') };
  if (typeof v.confidence === 'number') w.confidence = v.confidence;
  return w;
}

function readDocument(v: unknown, path: string, report: Report): NeDocument {
  const doc: NeDocument = { words: [], entities: [] };
  if (!isObject(v)) {
    report(path, 'a document is an object with "words" and "entities"');
    return doc;
  }
  if (typeof v.words === 'string') {
    doc.words = v.words
      .split(/\s+/)
      .filter((w) => w !== '')
      .map((text) => ({ text, startSec: null, endSec: null }));
  } else if (Array.isArray(v.words)) {
    v.words.forEach((w, k) => {
      const word = readWord(w, `${path}.words[${k}]`, report);
      if (word) doc.words.push(word);
    });
  } else report(`${path}.words`, 'must be a string or an array of words');
  const entities = v.entities ?? [];
  if (!Array.isArray(entities)) {
    report(`${path}.entities`, 'must be an array of {"type", "firstWord", "lastWord"}');
    return doc;
  }
  entities.forEach((e, k) => {
    const p = `${path}.entities[${k}]`;
    if (!isObject(e) || typeof e.type !== 'string') {
      report(p, 'an entity is {"type": string, "firstWord": int, "lastWord": int}');
      return;
    }
    const { firstWord: f, lastWord: l } = e;
    const n = doc.words.length;
    if (
      !Number.isInteger(f) ||
      !Number.isInteger(l) ||
      (f as number) < 0 ||
      (f as number) > (l as number) ||
      (l as number) >= n
    ) {
      report(p, `words ${jsonPreview(f)}..${jsonPreview(l)} are not a span of the document's ${n} words`);
      return;
    }
    doc.entities.push({ type: e.type, firstWord: f as number, lastWord: l as number } satisfies EntitySpan);
  });
  return doc;
}

// Offsets of the objects directly inside arrays at `depth` (1: a top-level array, 2: {"documents": [...]}).
function objectOffsets(text: string, depth: number): number[] {
  const out: number[] = [];
  let d = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && d === depth) out.push(i);
      d++;
    } else if (c === '}' || c === ']') d--;
  }
  return out;
}

/**
 * Reads JSON documents: an array of documents, `{"documents": [...]}`, one document object, or JSON
 * Lines (one document per line). A document is `{"words": [...], "entities": [...]}` where a word is a
 * string or `{"text", "startSec"?, "endSec"?}` (or `words` is one string split at spaces) and an entity
 * `{"type", "firstWord", "lastWord"}`. Problems are diagnostics at the document they concern, their
 * message starting with the JSON path; bad words and entities are left out. Never throws.
 */
export function parseNeJson(text: string, options: NeReadOptions = {}): ParseResult<NeDocument[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const docs: NeDocument[] = [];
  const readAll = (values: unknown[], offsets: number[], name: (k: number) => string): void => {
    const located = offsets.length === values.length;
    values.forEach((v, k) => {
      const at = located ? offsets[k]! : 0;
      const report: Report = (path, message) =>
        diagnostics.push(diagnosticAt(index, at, 'ne.json.invalid', `${path}: ${message}`));
      docs.push(readDocument(v, name(k), report));
      // A document's problems are reported at its start, so its first line is all a caller needs.
      const { line } = index.locate(at);
      options.documentLines?.push([line, line]);
    });
  };
  let whole: unknown;
  let parseError: Error | null = null;
  try {
    whole = JSON.parse(text);
  } catch (err) {
    parseError = err as Error;
  }
  if (!parseError) {
    if (Array.isArray(whole)) readAll(whole, objectOffsets(text, 1), (k) => `[${k}]`);
    else if (isObject(whole) && Array.isArray(whole.documents))
      readAll(whole.documents, objectOffsets(text, 2), (k) => `documents[${k}]`);
    else readAll([whole], [text.search(/\S/)], () => 'document');
    return { value: docs, diagnostics };
  }
  // JSON Lines: every non-blank line one document.
  const lines = text.split('\n');
  if (
    lines.filter((l) => l.trim() !== '').length > 1 &&
    lines.every((l) => l.trim() === '' || l.trim().startsWith('{'))
  ) {
    let at = 0;
    for (const line of lines) {
      if (line.trim() !== '') {
        try {
          readAll(
            [JSON.parse(line)] as unknown[],
            [at + line.search(/\S/)],
            () => `line ${index.locate(at).line}`,
          );
        } catch (err) {
          diagnostics.push(
            diagnosticAt(index, at + jsonErrorOffset(err as Error), 'ne.json.syntax', (err as Error).message),
          );
          if (options.documentLines) {
            const { line } = index.locate(at);
            docs.push({ words: [], entities: [] });
            options.documentLines.push([line, line]);
          }
        }
      }
      at += line.length + 1;
    }
    return { value: docs, diagnostics };
  }
  diagnostics.push(diagnosticAt(index, jsonErrorOffset(parseError), 'ne.json.syntax', parseError.message));
  return { value: docs, diagnostics };
}

function jsonErrorOffset(err: Error): number {
  const m = /position (\d+)/.exec(err.message);
  return m ? Number(m[1]) : 0;
}
