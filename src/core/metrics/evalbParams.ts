// EVALB's parameter files (Sekine and Collins 1997): the settings that decide what ParsEval counts, with
// COLLINS.prm — the standard for Penn Treebank parsing results — built in, and a reader for other files.
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../text/diagnostics';

/** An EVALB parameter file's settings. */
export interface EvalbParams {
  /** Name in signatures (`collins`). */
  name: string;
  deleteLabels: readonly string[];
  deleteLabelsForLength: readonly string[];
  equivalentLabels: readonly (readonly [string, string])[];
  equivalentWords: readonly (readonly [string, string])[];
  /**
   * QUOTE_LABEL: tags under which a quote-like word (`'`, `"` or `/`) may have been tagged either way, as
   * a quote (deleted) or as a possessive (kept). When the gold and test word counts differ, EVALB puts such
   * a word back where one side deleted it and the other kept it. Absent or empty: none (COLLINS.prm).
   */
  quoteLabels?: readonly string[];
  /** The second block of figures covers sentences of at most this many words. */
  cutoffLength: number;
  /** Which figures EVALB's table shows (LABELED 1 or 0); both are always computed. */
  labeled: boolean;
}

/** EVALB's COLLINS.prm, the standard setting for Penn Treebank parsing results. */
export const COLLINS_PRM: EvalbParams = {
  name: 'collins',
  deleteLabels: ['TOP', '-NONE-', ',', ':', '``', "''", '.'],
  deleteLabelsForLength: ['-NONE-'],
  equivalentLabels: [['ADVP', 'PRT']],
  equivalentWords: [],
  cutoffLength: 40,
  labeled: true,
};

/**
 * Reads an EVALB parameter file (`KEY value` lines, `#` comments): DELETE_LABEL, DELETE_LABEL_FOR_LENGTH,
 * QUOTE_LABEL, EQ_LABEL, EQ_WORD, CUTOFF_LEN and LABELED; DEBUG and MAX_ERROR are accepted and ignored
 * (SIEVE prints no debug trace and never stops early). Unknown keys and malformed values are diagnostics.
 */
export function parseEvalbParams(text: string, name: string): ParseResult<EvalbParams> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const p = {
    name,
    deleteLabels: [] as string[],
    deleteLabelsForLength: [] as string[],
    equivalentLabels: [] as [string, string][],
    equivalentWords: [] as [string, string][],
    cutoffLength: 40,
    labeled: true,
  };
  const quoteLabels: string[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const at = offset;
    offset += line.length + 1;
    const parts = line.trim().split(/\s+/);
    const [key, ...values] = parts;
    if (!key || key.startsWith('#')) continue;
    const bad = (message: string): void =>
      void diagnostics.push(diagnosticAt(index, at, 'prm.value', message));
    const int = (): number | null =>
      values.length === 1 && /^\d+$/.test(values[0]!) ? Number(values[0]) : null;
    switch (key) {
      case 'DELETE_LABEL':
      case 'DELETE_LABEL_FOR_LENGTH':
      case 'QUOTE_LABEL':
        if (values.length !== 1) bad(`${key} needs one label`);
        else if (key === 'QUOTE_LABEL') quoteLabels.push(values[0]!);
        else (key === 'DELETE_LABEL' ? p.deleteLabels : p.deleteLabelsForLength).push(values[0]!);
        break;
      case 'EQ_LABEL':
      case 'EQ_WORD':
        if (values.length !== 2) bad(`${key} needs two values`);
        else (key === 'EQ_LABEL' ? p.equivalentLabels : p.equivalentWords).push([values[0]!, values[1]!]);
        break;
      case 'CUTOFF_LEN':
      case 'LABELED': {
        const v = int();
        if (v === null) bad(`${key} needs a whole number`);
        else if (key === 'CUTOFF_LEN') p.cutoffLength = v;
        else p.labeled = v !== 0;
        break;
      }
      case 'DEBUG':
      case 'MAX_ERROR':
        break;
      default:
        diagnostics.push(diagnosticAt(index, at, 'prm.key', `unknown keyword '${key}'`));
    }
  }
  // Only a file with QUOTE_LABEL lines carries the field, so other files keep their settings signature.
  return { value: quoteLabels.length > 0 ? { ...p, quoteLabels } : p, diagnostics };
}
