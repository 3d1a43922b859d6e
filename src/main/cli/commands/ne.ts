import path from 'node:path';
import type { TimedWord } from '../../../core/model/annotation';
import type { NeDocument } from '../../../core/ne/document';
import type { LexemeAligner } from '../../../core/ne/lexemeAligner';
import { phoneticAligner } from '../../../core/ne/phoneticAligner';
import { NE_FORMATS, type NeFormat, readNe } from '../../../core/ne/readers/readNe';
import { NE_COMPONENTS, type NePrf, type NeScore, neScore } from '../../../core/ne/score';
import { type NeDocResult, type NeResult, scoreNe } from '../../../core/ne/scoreNe';
import { textAligner } from '../../../core/ne/textAligner';
import { timeAligner } from '../../../core/ne/timeAligner';
import { MetricInputError } from '../../../core/errors';
import type { CliIo, Command } from '../command';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import {
  OptionError,
  choiceOption,
  integerOption,
  optionError,
  parseCliArgs,
  requiredOption,
} from '../options';
import { UNDEFINED, percent } from '../../../core/scoring/present';
import { readTextFileOrThrow } from '../../import/readTextFile';

const ALIGNERS = ['text', 'phonetic', 'time'] as const;
const MAPPINGS = ['greedy', 'optimal'] as const;
const OUTPUTS = ['table', 'json'] as const;

/** One entity file as read: its documents, the lines each spans, and its format. */
interface NeFile {
  file: string;
  docs: NeDocument[];
  lines: [number, number][];
  format: NeFormat;
}

/**
 * Reads one entity file. Warnings are printed at once; an error inside a document makes that document
 * (its number from 1) an invalid item. An error outside every document (a file that is not JSON at all)
 * is printed, and the file is null.
 */
function readNeFile(
  file: string,
  format: NeFormat | undefined,
  io: CliIo,
  invalid: InvalidItems,
): NeFile | null {
  let text: string;
  try {
    text = readTextFileOrThrow(path.resolve(io.cwd, file), file);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return null;
  }
  const lines: [number, number][] = [];
  const { value, diagnostics, format: detected } = readNe(text, format, { documentLines: lines });
  let whole = false;
  for (const d of diagnostics) {
    const k = lines.findIndex(([first, last]) => first <= d.line && d.line <= last);
    if (d.severity === 'warning') io.err(`${file}:${d.line}:${d.column}: warning: ${d.message}\n`);
    else if (k >= 0) invalid.add(file, d.line, d.column, d.message, k + 1);
    else {
      io.err(`${file}:${d.line}:${d.column}: ${d.message}\n`);
      whole = true;
    }
  }
  return whole ? null : { file, docs: value, lines, format: detected };
}

const FORMAT_NAMES: Record<NeFormat, string> = { sgml: 'SGML', conll: 'CoNLL', json: 'JSON' };

/**
 * The time aligner's needs, checked before scoring: word times somewhere in each file (else --align time
 * is the wrong choice), and in every document times on every word, each ending no earlier than it starts,
 * in time order (else that document is an invalid item).
 */
function checkWordTimes(side: NeFile, invalid: InvalidItems): void {
  const timed = (w: TimedWord): boolean => w.startSec !== null && w.endSec !== null;
  if (!side.docs.some((d) => d.words.some(timed))) {
    const what = side.format === 'sgml' ? 'is SGML, which has' : `(${FORMAT_NAMES[side.format]}) has`;
    throw new OptionError(
      `--align: 'time', but ${side.file} ${what} no word times; expected text or phonetic, or word times on both sides (CoNLL \`word start end tag\`, JSON startSec/endSec)`,
    );
  }
  side.docs.forEach((d, k) => {
    let lastStart = -Infinity;
    const problem = d.words
      .map((w, i) => {
        const [s, e] = [w.startSec ?? Number.NaN, w.endSec ?? Number.NaN];
        if (!Number.isFinite(s) || !Number.isFinite(e)) return `word ${i + 1} '${w.text}' has no time`;
        if (e < s) return `word ${i + 1} '${w.text}' ends (${e}) before it starts (${s})`;
        if (s < lastStart)
          return `word ${i + 1} '${w.text}' starts (${s}) before the word ahead of it (${lastStart})`;
        lastStart = s;
        return null;
      })
      .find((p) => p !== null);
    if (problem)
      invalid.add(side.file, side.lines[k]![0], 1, `the time aligner needs word times: ${problem}`, k + 1);
  });
}

/** The phonetic aligner over the CMU Pronouncing Dictionary, loaded (3.6 MB) only when asked for. */
async function cmuAligner(): Promise<LexemeAligner> {
  const { dictionary } = await import('cmu-pronouncing-dictionary');
  return phoneticAligner({ lookup: (w) => dictionary[w.toLowerCase()]?.split(' '), lexicon: 'cmudict' });
}

// Tables print fractions as percentages with one decimal, as every table for people does
// (docs/formats.md, "Figures"); JSON carries the fractions.
const num = (x: number): string => (Number.isFinite(x) ? percent(x) : x === Infinity ? 'inf' : UNDEFINED);
const cells = (p: NePrf): string[] => [num(p.precision), num(p.recall), num(p.f)];

function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, k) => (k < leftColumns ? c.padEnd(widths[k]!) : c.padStart(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function componentHeader(score: NeScore): string[] {
  return [...NE_COMPONENTS[score.mode], 'all'].flatMap((c) => [`${c}:P`, 'R', 'F']);
}

function componentCells(score: NeScore): string[] {
  return [...NE_COMPONENTS[score.mode].map((c) => score.components[c]!), score.overall].flatMap(cells);
}

/** What a report adds for skipped documents: their numbers in the input, the summary fields, a note. */
export interface NeReportExtras {
  /** The input number of each scored document (default 1, 2, …). */
  docNumbers?: readonly number[];
  /** Fields added to the JSON summary. */
  summary?: Record<string, unknown>;
  /** Text added at the end of the table. */
  note?: string;
}

/** Per-document, corpus and per-type tables of P/R/F (and the slot error rate for the corpus). */
export function neTable(result: NeResult, extras: NeReportExtras = {}): string {
  const { score } = result;
  const docRows = result.documents.map((d, k) => {
    const s = neScore(d.stats, score.mode);
    return [
      String(extras.docNumbers?.[k] ?? k + 1),
      String(d.stats.ref),
      String(d.stats.hyp),
      String(d.stats.mapped),
      ...componentCells(s),
    ];
  });
  const perDoc = table(['doc', 'ref', 'hyp', 'mapped', ...componentHeader(score)], docRows, 0);
  const corpusRows = [
    ...NE_COMPONENTS[score.mode].map((c) => [c, score.components[c]!] as const),
    ['all slots', score.overall] as const,
    ['whole entity', score.entity] as const,
  ].map(([name, p]) => [name, String(p.correct), String(p.ref), String(p.hyp), ...cells(p), num(p.ser)]);
  const corpus = table(['component', 'correct', 'ref', 'hyp', 'P', 'R', 'F', 'SER'], corpusRows);
  const typeRows = Object.entries(score.byType).map(([type, t]) => [
    type,
    String(t.ref),
    String(t.hyp),
    ...[...NE_COMPONENTS[score.mode].map((c) => t.components[c]!), t.overall, t.entity].flatMap(cells),
  ]);
  const byType = table(['type', 'ref', 'hyp', ...componentHeader(score), 'entity:P', 'R', 'F'], typeRows);
  const s = result.stats;
  return (
    [
      'Per document',
      perDoc,
      '',
      `Corpus: ${result.documents.length} documents, ${s.ref} reference and ${s.hyp} hypothesis entities, ${s.mapped} mapped`,
      corpus,
      '',
      'By entity type (recall by reference type, precision by hypothesis type; entity: whole entities exactly right)',
      byType,
      '',
      result.signature,
      '',
    ].join('\n') + (extras.note ?? '')
  );
}

function entityJson(
  doc: NeDocument,
  k: number,
): { type: string; firstWord: number; lastWord: number; words: string[] } | null {
  if (k < 0) return null;
  const e = doc.entities[k]!;
  const words = doc.words.slice(e.firstWord, e.lastWord + 1).map((w) => w.text);
  return { type: e.type, firstWord: e.firstWord, lastWord: e.lastWord, words };
}

/** One JSON line per reference or hypothesis entity (a mapped pair is one line), then the summary. */
export function neJsonLines(result: NeResult, extras: NeReportExtras = {}): string {
  const out: string[] = [];
  const muc = result.score.mode === 'muc';
  result.documents.forEach((d: NeDocResult, k) => {
    const a = d.alignment;
    for (const e of d.entries) {
      const blocks: number[] = [];
      if (e.ref >= 0)
        blocks.push(
          a.refBlock[d.ref.entities[e.ref]!.firstWord]!,
          a.refBlock[d.ref.entities[e.ref]!.lastWord]!,
        );
      if (e.hyp >= 0)
        blocks.push(
          a.hypBlock[d.hyp.entities[e.hyp]!.firstWord]!,
          a.hypBlock[d.hyp.entities[e.hyp]!.lastWord]!,
        );
      const aligned: string[][][] = [];
      for (let b = Math.min(...blocks); b <= Math.max(...blocks); b++) {
        aligned.push([
          d.ref.words.slice(a.refStart[b], a.refStart[b + 1]).map((w) => w.text),
          d.hyp.words.slice(a.hypStart[b], a.hypStart[b + 1]).map((w) => w.text),
        ]);
      }
      const j = e.judgement;
      out.push(
        JSON.stringify({
          doc: extras.docNumbers?.[k] ?? k + 1,
          ref: entityJson(d.ref, e.ref),
          hyp: entityJson(d.hyp, e.hyp),
          type: j ? j.type : null,
          extent: j ? j.extent : null,
          content: j ? j.content : null,
          ...(muc ? { text: j ? j.extent && j.content : null } : {}),
          aligned,
        }),
      );
    }
  });
  const { score } = result;
  const summary = {
    signature: result.signature,
    documents: result.documents.length,
    mode: score.mode,
    components: score.components,
    overall: score.overall,
    entity: score.entity,
    byType: score.byType,
    ...extras.summary,
  };
  // JSON has no NaN or Infinity: undefined figures (see score.ts) become null.
  out.push(JSON.stringify({ summary }));
  return `${out.join('\n')}\n`;
}

/** `sieve ne --ref REF --hyp HYP`: named-entity scores of a recognizer's tagged output (Burger et al.). */
export const ne: Command = {
  name: 'ne',
  summary: 'Named-entity scores for speech: type, extent and content through an alignment (Burger et al.)',
  usage:
    'sieve ne --ref REF --hyp HYP [--align text|phonetic|time] [--mapping greedy|optimal] [--tolerance K]\n' +
    '         [--muc] [--format table|json] [--ref-format F] [--hyp-format F] [--anchor N] [--keep-case]\n' +
    '         [--keep-punctuation] [--skip-invalid]\n' +
    '  REF and HYP are inline SGML (<P>…</P>, <ENAMEX TYPE="…">…</ENAMEX>; one document per line), CoNLL\n' +
    '  columns (word … tag, BIO/BIOES; documents split by blank lines; `word start end tag` for times) or\n' +
    '  JSON ({"words", "entities": [{"type", "firstWord", "lastWord"}]}), detected from the content unless\n' +
    '  F (sgml|conll|json) is given; documents pair in order. --align time needs word times on both sides.\n' +
    '  The extent tolerance defaults to 1 (0 with --muc, which judges extent and content as one component).\n' +
    '  --anchor N: anchor runs of N ≥ 3 identical words first (default 3; 0: off). json: one line per entity,\n' +
    '  then {"summary": …} with P/R/F, where null means undefined (nothing to divide by).\n' +
    '  Punctuation is removed before alignment (Burger et al. §2.1), so an entity differing only by a\n' +
    '  punctuation token is right; --keep-punctuation keeps every token, and on the same CoNLL text the\n' +
    "  whole-entity figures (corpus and per type) are then conlleval's, except that an undefined P, R or F\n" +
    '  (no entity on one side) is — here and null in json, where conlleval prints 0.00.\n' +
    "  A document with an error is invalid (both files' documents of that number are left out with\n" +
    '  --skip-invalid; the summary adds "skipped" and "skippedItems", the table a line).\n' +
    SKIP_INVALID_USAGE,
  async run(args, io) {
    const { values } = parseCliArgs({
      args,
      options: {
        ref: { type: 'string' },
        hyp: { type: 'string' },
        align: { type: 'string', default: 'text' },
        mapping: { type: 'string', default: 'greedy' },
        tolerance: { type: 'string' },
        muc: { type: 'boolean', default: false },
        format: { type: 'string', default: 'table' },
        'ref-format': { type: 'string' },
        'hyp-format': { type: 'string' },
        anchor: { type: 'string', default: '3' },
        'keep-case': { type: 'boolean', default: false },
        'keep-punctuation': { type: 'boolean', default: false },
        ...SKIP_INVALID_FLAG,
      },
    });
    const refFile = requiredOption('--ref', values.ref, 'REF, a file of reference entities');
    const hypFile = requiredOption('--hyp', values.hyp, 'HYP, a file of hypothesis entities');
    const align = choiceOption('--align', values.align, ALIGNERS);
    const mapping = choiceOption('--mapping', values.mapping, MAPPINGS);
    const output = choiceOption('--format', values.format, OUTPUTS);
    const formatOf = (flag: string, v: string | undefined): NeFormat | undefined =>
      v === undefined ? undefined : choiceOption(flag, v, NE_FORMATS);
    const refFormat = formatOf('--ref-format', values['ref-format']);
    const hypFormat = formatOf('--hyp-format', values['hyp-format']);
    const tolerance =
      values.tolerance === undefined ? undefined : integerOption('--tolerance', values.tolerance, 0);
    if (values.muc && tolerance !== undefined && tolerance !== 0)
      throw optionError('--tolerance', values.tolerance!, '0 with --muc (MUC judges extent exactly)');
    const anchorRun = integerOption('--anchor', values.anchor, 3);
    if (anchorRun === 1 || anchorRun === 2)
      throw optionError('--anchor', values.anchor, '0 (off) or a whole number ≥ 3');
    // A document with an error is an invalid item, numbered from 1 and paired across the two files.
    const invalid = new InvalidItems(values['skip-invalid']);
    const refs = readNeFile(refFile, refFormat, io, invalid);
    const hyps = readNeFile(hypFile, hypFormat, io, invalid);
    if (!refs || !hyps) {
      invalid.stop(io, 'ne');
      return 1;
    }
    if (refs.docs.length !== hyps.docs.length) {
      throw new MetricInputError(
        `${refFile} has ${refs.docs.length} documents and ${hypFile} has ${hyps.docs.length}; documents pair in order (SGML: line by line)`,
      );
    }
    if (align === 'time') for (const side of [refs, hyps]) checkWordTimes(side, invalid);
    if (invalid.stop(io, 'ne')) return 1;
    const docNumbers = refs.docs.map((_, k) => k + 1).filter((n) => !invalid.has(n));
    const aligner = align === 'phonetic' ? await cmuAligner() : align === 'time' ? timeAligner : textAligner;
    const result = scoreNe(
      docNumbers.map((n) => ({ ref: refs.docs[n - 1]!, hyp: hyps.docs[n - 1]! })),
      {
        aligner,
        mapping,
        tolerance,
        mode: values.muc ? 'muc' : 'full',
        anchorRun,
        caseFold: !values['keep-case'],
        punctuation: values['keep-punctuation'] ? 'keep' : 'drop',
      },
    );
    const dropped = result.documents.reduce((n, d) => n + d.droppedEntities, 0);
    if (dropped > 0) io.err(`warning: ${dropped} entities held only punctuation and were left out\n`);
    const extras = { docNumbers, summary: invalid.summary(), note: invalid.note() };
    io.out(output === 'json' ? neJsonLines(result, extras) : neTable(result, extras));
    return 0;
  },
};
