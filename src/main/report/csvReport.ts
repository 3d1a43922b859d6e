// Every figure of a report as one CSV table (RFC 4180): the corpus figures with their intervals, then the
// per-utterance figures, one row per system × (utterance) × metric. Numbers are written in full (the
// shortest text that reads back to the same double), an undefined figure as an empty field with its reason
// in `note`; each corpus figure with n (utterances scored), N (with gold) and how many had no output.
import { UNDEFINED_REASON } from '../../core/scoring/present';
import { asrCsvRows } from './asrSection';
import type { ReportModel } from './reportModel';

/** The header of the CSV report. */
export const CSV_HEADER = [
  'level',
  'system',
  'utterance',
  'metric',
  'value',
  'lo',
  'hi',
  'n',
  'N',
  'empty',
  'note',
  'signature',
  'bootstrap',
];

/** Quotes a field when it needs it. */
export function q(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const num = (x: number | null): string => (x === null ? '' : String(x));

/** An undefined figure's empty cell says why in the `note` column. */
export const undefinedNote = (x: number | null): string => (x === null ? UNDEFINED_REASON : '');
const note = undefinedNote;

/** The report as CSV. */
export function csvReport(model: ReportModel): string {
  const rows = [CSV_HEADER.join(',')];
  for (const s of model.systems)
    for (const f of s.figures)
      rows.push(
        [
          'corpus',
          q(s.name),
          '',
          q(f.metric),
          num(f.value),
          num(f.lo),
          num(f.hi),
          String(f.n),
          String(f.N),
          String(f.empty),
          q(note(f.value)),
          q(f.signature),
          q(f.bootstrap),
        ].join(','),
      );
  const sig = new Map(model.utteranceMetrics.map((m) => [m.metric, m.signature]));
  for (const s of model.utterances)
    for (const r of s.rows)
      for (const [metric, value] of Object.entries(r.metrics))
        rows.push(
          [
            'utterance',
            q(s.name),
            q(r.utteranceId),
            q(metric),
            num(value),
            '',
            '',
            '',
            '',
            '',
            q(note(value)),
            q(sig.get(metric) ?? ''),
            '',
          ].join(','),
        );
  for (const r of asrCsvRows(model.asr, note)) rows.push(r.map(q).join(','));
  return `${rows.join('\n')}\n`;
}

/** Reads CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let fieldText = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        fieldText += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else fieldText += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(fieldText);
      fieldText = '';
    } else if (c === '\n' || c === '\r') {
      row.push(fieldText);
      rows.push(row);
      row = [];
      fieldText = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else fieldText += c;
    i++;
  }
  if (fieldText !== '' || row.length > 0) {
    row.push(fieldText);
    rows.push(row);
  }
  return rows;
}
