// Transcripts to align: one text per recording, or many in one file (`id<TAB>text` lines, or sclite trn).
// Readers return `{ value, diagnostics }` located by line and column; an empty transcript is not a
// syntax error here (the import reports it for its recording).
import { type ParseResult, type Diagnostic } from '../text/diagnostics';
import { Reporter, shown, splitLines } from '../formats/common';
import { parseTrn } from '../formats/trn';

/** One recording's transcript, and where it was read (1-based line and column of its text). */
export interface Transcript {
  id: string;
  text: string;
  line: number;
  column: number;
}

/** The text of a one-recording transcript file: its lines joined by spaces (a byte-order mark dropped). */
export function parsePlainTranscript(text: string, id: string): ParseResult<Transcript[]> {
  const lines = splitLines(text);
  const joined = lines
    .map((l) => l.text.trim())
    .filter((l) => l !== '')
    .join(' ');
  const first = lines.find((l) => l.text.trim() !== '');
  const column = first ? first.text.length - first.text.trimStart().length + 1 : 1;
  return { value: [{ id, text: joined, line: first?.line ?? 1, column }], diagnostics: [] };
}

/**
 * Reads `id<TAB>text` lines, one recording per line. Blank lines are skipped. A line without a tab, an
 * empty id and an id given twice are errors at their line and column; a line with an id and no text is
 * kept (its recording is reported as having an empty transcript).
 */
export function parseTabTranscripts(text: string): ParseResult<Transcript[]> {
  const report = new Reporter(text);
  const value: Transcript[] = [];
  const seen = new Map<string, number>();
  for (const l of splitLines(text)) {
    if (l.text.trim() === '') continue;
    const tab = l.text.indexOf('\t');
    if (tab < 0) {
      report.error(
        l.offset,
        'transcript.tab',
        `expected an id, a tab and the text (id<TAB>text), found ${shown(l.text)}`,
      );
      continue;
    }
    const id = l.text.slice(0, tab).trim();
    if (id === '') {
      report.error(l.offset, 'transcript.id', 'expected an utterance id before the tab');
      continue;
    }
    const previous = seen.get(id);
    if (previous !== undefined) {
      report.error(
        l.offset,
        'transcript.duplicate',
        `utterance "${id}" is given twice (also on line ${previous})`,
      );
      continue;
    }
    seen.set(id, l.line);
    const rest = l.text.slice(tab + 1);
    const lead = rest.length - rest.trimStart().length;
    value.push({ id, text: rest.trim(), line: l.line, column: tab + 2 + lead });
  }
  return { value, diagnostics: report.diagnostics };
}

/**
 * Reads an sclite trn file (`words … (id)`) with the project's trn reader. Alternations (`{ a / b }`)
 * cannot be aligned, as a transcript has one reading: they are errors at their line and column.
 */
export function parseTrnTranscripts(text: string): ParseResult<Transcript[]> {
  const r = parseTrn(text);
  const diagnostics: Diagnostic[] = [...r.diagnostics];
  const report = new Reporter(text);
  const lines = splitLines(text);
  const value: Transcript[] = [];
  for (const u of r.value) {
    const line = lines[u.line - 1];
    const brace = line?.text.indexOf('{') ?? -1;
    if (line && brace >= 0) {
      report.error(
        line.offset + brace,
        'transcript.alternation',
        `utterance "${u.id}": an alternation ({ … / … }) has no single reading to align`,
      );
      continue;
    }
    const lead = line ? line.text.length - line.text.trimStart().length : 0;
    value.push({ id: u.id, text: u.words.join(' '), line: u.line, column: lead + 1 });
  }
  return { value, diagnostics: [...diagnostics, ...report.diagnostics] };
}
