// A small RFC 4180 reader for the rating and score tables of Interpretive trials: comma-separated,
// optional double quotes ("" inside quotes is a quote), LF or CRLF line ends, a header row. Never throws.
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../text/diagnostics';

/** One data record with the 1-based line and the offset it starts at. */
export interface CsvRecord {
  line: number;
  offset: number;
  cells: string[];
}

/** A table: the header's cells and the data records. */
export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

/**
 * Reads CSV text. Blank lines are skipped; a record whose cell count differs from the header's, or
 * whose quote is never closed, is a diagnostic and is left out.
 */
export function parseCsv(text: string): ParseResult<CsvTable> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const rows: { offset: number; cells: string[] }[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (i < n) {
    const start = i;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let open = 0;
    for (;;) {
      if (i >= n) {
        cells.push(cell);
        break;
      }
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (c === '"') {
          quoted = false;
          i++;
        } else {
          cell += c;
          i++;
        }
        continue;
      }
      if (c === '"' && cell.trim() === '') {
        quoted = true;
        cell = '';
        open = i++;
      } else if (c === ',') {
        cells.push(cell);
        cell = '';
        i++;
      } else if (c === '\n' || c === '\r') {
        cells.push(cell);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        break;
      } else {
        cell += c;
        i++;
      }
    }
    if (quoted) {
      // The record runs to the end of the text: report it and leave it out.
      diagnostics.push(diagnosticAt(index, open, 'csv.quote', 'quote never closed'));
      continue;
    }
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    rows.push({ offset: start, cells: cells.map((s) => s.trim()) });
  }
  const [head, ...data] = rows;
  if (!head) {
    diagnostics.push(diagnosticAt(index, 0, 'csv.empty', 'expected a header row'));
    return { value: { header: [], records: [] }, diagnostics };
  }
  const records: CsvRecord[] = [];
  for (const r of data) {
    if (r.cells.length !== head.cells.length) {
      diagnostics.push(
        diagnosticAt(
          index,
          r.offset,
          'csv.cells',
          `expected ${head.cells.length} cells as in the header, found ${r.cells.length}`,
        ),
      );
      continue;
    }
    records.push({ line: index.locate(r.offset).line, offset: r.offset, cells: r.cells });
  }
  return { value: { header: head.cells, records }, diagnostics };
}
