import { createHash } from 'node:crypto';
import path from 'node:path';
import { praLines } from '../../../core/align/pra';
import { type CharacterOptions } from '../../../core/align/transcript';
import { type Glm, applyGlm, parseGlm } from '../../../core/formats/glm';
import { type TrnUtterance, parseTrn } from '../../../core/formats/trn';
import {
  type CorpusWer,
  type UtteranceWer,
  type WerOptions,
  type WordErrorStats,
  combineStats,
  scoreTranscripts,
} from '../../../core/metrics/wordAccuracy';
import { NORMALISERS, normaliseWords } from '../../../core/text/englishNormaliser';
import type { CliIo, Command } from '../command';
import { OptionError, choiceOption, parseCliArgs, positionalArgs } from '../options';
import { readInputFile, reportDiagnostics } from './scoreFiles';
import { TIMED_OPTIONS, TIMED_USAGE, scoreTimedFiles } from './werTimed';
import { REPORT_OPTIONS, REPORT_USAGE, reportChoice, transcriptReports } from './transcriptReports';
import { UNDEFINED } from '../../../core/scoring/present';

const FORMATS = ['sum', 'pra', 'json'] as const;
const COSTS = ['sclite', 'equal'] as const;

/** Reads a trn file; prints every bad line as `file:line:col: message` and returns null on errors. */
export function readTrnFile(file: string, io: CliIo): TrnUtterance[] | null {
  const text = readInputFile(file, io);
  if (text === null) return null;
  const { value, diagnostics } = parseTrn(text);
  return reportDiagnostics(file, diagnostics, io) ? null : value;
}

/** sclite's speaker of an utterance id (`-i rm`/`spu_id`): the id up to its first `-`, else its first `_`. */
function speakerOf(id: string): string {
  let p = id.indexOf('-');
  if (p < 0) p = id.indexOf('_');
  return p > 0 ? id.slice(0, p) : id;
}

function percents(s: WordErrorStats, sentences: number, sentenceErrors: number): string[] {
  const sErr = sentences === 0 ? UNDEFINED : ((100 * sentenceErrors) / sentences).toFixed(1);
  // sclite prints counts marked `*` for a speaker without reference words; so do we (no finite rate fits).
  const cells = [s.C, s.S, s.D, s.I, s.S + s.D + s.I].map((x) =>
    s.N === 0 ? `${x}*` : ((100 * x) / s.N).toFixed(1),
  );
  return [...cells, sErr];
}

/** The summary table, laid out like sclite's "SYSTEM SUMMARY PERCENTAGES by SPEAKER". */
export function sumTable(scored: CorpusWer, title: string): string {
  const groups = new Map<string, UtteranceWer[]>();
  for (const u of scored.utterances) {
    const spk = speakerOf(u.id);
    let g = groups.get(spk);
    if (!g) groups.set(spk, (g = []));
    g.push(u);
  }
  const rowOf = (name: string, utts: readonly UtteranceWer[]) => {
    const stats = combineStats(utts.map((u) => u.stats));
    const errs = utts.filter((u) => u.stats.S + u.stats.D + u.stats.I > 0).length;
    return { name, snt: String(utts.length), wrd: String(stats.N), pct: percents(stats, utts.length, errs) };
  };
  const rows = [...groups].map(([name, utts]) => rowOf(name, utts));
  const total = rowOf('Sum/Avg', scored.utterances);
  const all = [...rows, total];
  const nameW = Math.max(6, ...all.map((r) => r.name.length));
  const sntW = Math.max(5, ...all.map((r) => r.snt.length));
  const wrdW = Math.max(5, ...all.map((r) => r.wrd.length));
  const pctW = Math.max(5, ...all.flatMap((r) => r.pct.map((p) => p.length)));
  const line = (name: string, snt: string, wrd: string, pct: readonly string[]) =>
    `| ${name.padEnd(nameW)}| ${snt.padStart(sntW)} ${wrd.padStart(wrdW)} |${pct.map((p) => p.padStart(pctW)).join('  ')} |`;
  const header = line('SPKR', '# Snt', '# Wrd', ['Corr', 'Sub', 'Del', 'Ins', 'Err', 'S.Err']);
  const inner = header.length - 2;
  const [a, b] = [nameW + 1, sntW + wrdW + 3];
  const rule = `|${'-'.repeat(a)}+${'-'.repeat(b)}+${'-'.repeat(inner - a - b - 2)}|`;
  const double = `|${'='.repeat(inner)}|`;
  const pad = Math.max(0, inner - title.length);
  const titleRow = `|${' '.repeat(pad >> 1)}${title}${' '.repeat(pad - (pad >> 1))}|`;
  const out = [
    'SYSTEM SUMMARY PERCENTAGES by SPEAKER',
    '',
    `,${'-'.repeat(inner)}.`,
    titleRow,
    `|${'-'.repeat(inner)}|`,
    header,
    rule,
  ];
  rows.forEach((r, k) => {
    if (k > 0) out.push(rule);
    out.push(line(r.name, r.snt, r.wrd, r.pct));
  });
  out.push(double, line(total.name, total.snt, total.wrd, total.pct), `\`${'-'.repeat(inner)}'`);
  if (all.some((r) => r.pct[0]!.endsWith('*'))) {
    out.push('* no reference words: counts are shown instead of percentages');
  }
  return `${out.join('\n')}\n`;
}

function summaryLine(scored: CorpusWer, unit: 'words' | 'characters' = 'words'): string {
  const { S, D, I, N } = scored.stats;
  const name = unit === 'words' ? 'WER' : 'CER';
  const wer = scored.wer === null ? `undefined (no reference ${unit})` : `${(100 * scored.wer).toFixed(2)}%`;
  return `${name} ${wer}  (S ${S} + D ${D} + I ${I} = ${S + D + I} errors / ${N} reference ${unit})  ${scored.signature}\n`;
}

function praReport(scored: CorpusWer, caseFold: boolean): string {
  const parts: string[] = [];
  for (const u of scored.utterances) {
    const s = u.stats;
    parts.push(`id: (${u.id})\nScores: (#C #S #D #I) ${s.C} ${s.S} ${s.D} ${s.I}\n`);
    for (const l of praLines(u.alignment, { caseFold })) parts.push(`${l}\n`);
    parts.push('\n');
  }
  return parts.join('');
}

function jsonReport(scored: CorpusWer, extra: Record<string, unknown> = {}): string {
  const parts: string[] = [];
  for (const u of scored.utterances) {
    const { C, S, D, I } = u.stats;
    const alignment = u.alignment.map((p) => [p.ref, p.hyp, p.op]);
    parts.push(`${JSON.stringify({ id: u.id, C, S, D, I, wer: u.wer, alignment })}\n`);
  }
  const { C, S, D, I, N } = scored.stats;
  parts.push(
    `${JSON.stringify({ summary: { C, S, D, I, N, wer: scored.wer, signature: scored.signature, ...extra } })}\n`,
  );
  return parts.join('');
}

/** A GLM file read for `--glm`: its rules and its signature label `name#sha256-prefix`. */
function readGlm(file: string, io: CliIo): { glm: Glm; label: string } | null {
  const text = readInputFile(file, io);
  if (text === null) return null;
  const { value, diagnostics } = parseGlm(text);
  if (reportDiagnostics(file, diagnostics, io)) return null;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { glm: value, label: `${path.basename(file)}#${hash}` };
}

/** The options `sieve wer` and `sieve cer` share, as parseArgs reads them. */
export const TRANSCRIPT_OPTIONS = {
  costs: { type: 'string', default: 'sclite' },
  'case-sensitive': { type: 'boolean', default: false },
  'ignore-case': { type: 'boolean', default: false },
  'optional-deletable': { type: 'boolean', default: false },
  fragments: { type: 'boolean', default: false },
  glm: { type: 'string' },
  normalise: { type: 'string' },
  format: { type: 'string', default: 'sum' },
  ...REPORT_OPTIONS,
} as const;

/** The usage lines of the shared options. */
export const TRANSCRIPT_USAGE =
  '  [--costs sclite|equal] [--case-sensitive] [--optional-deletable] [--fragments] [--glm FILE]\n' +
  '  [--normalise whisper-en-1] [--format sum|pra|json]\n' +
  '  Read as sclite reads trn files: case folded and ids paired case-insensitively unless\n' +
  '  --case-sensitive (sclite -s); alternations { a / b / @ }, `@`, `;tags` and `\\` escapes interpreted;\n' +
  '  --optional-deletable: (uh) is correct when deleted (sclite -D); --fragments: th- matches the word it\n' +
  '  begins (sclite -F); --glm: GLM rules applied to both files first, as csrfilt.sh -i trn does;\n' +
  '  --normalise: a named text normaliser applied to both files first. sum: a table by speaker (id up to\n' +
  "  its first - or _) like sclite's; pra: alignments; json: one line per utterance and a last\n" +
  '  {"summary": …} line, the rate as a fraction (null when the reference is empty but words were inserted)\n' +
  REPORT_USAGE;

/** Runs `sieve wer` or `sieve cer` (`characters` set) on parsed flags. */
export function runTranscriptScoring(
  command: 'wer' | 'cer',
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
  io: CliIo,
  characters?: CharacterOptions,
): number {
  positionalArgs([...positionals], ['REF.trn', 'HYP.trn']);
  const costs = choiceOption('--costs', String(values.costs), COSTS);
  const format = choiceOption('--format', String(values.format), FORMATS);
  const reports = reportChoice(values);
  if (values['case-sensitive'] && values['ignore-case']) {
    throw new OptionError('--case-sensitive: given with --ignore-case; expected one of them');
  }
  const normaliser =
    values.normalise === undefined
      ? undefined
      : choiceOption('--normalise', String(values.normalise), NORMALISERS);
  let refs = readTrnFile(positionals[0]!, io);
  let hyps = readTrnFile(positionals[1]!, io);
  const glm = typeof values.glm === 'string' ? readGlm(values.glm, io) : undefined;
  if (!refs || !hyps || glm === null) return 1;
  const filter = (utts: TrnUtterance[]): TrnUtterance[] =>
    utts.map((u) => {
      let words = u.words;
      if (glm) words = applyGlm(glm.glm, words);
      if (normaliser) words = normaliseWords(normaliser, words);
      return words === u.words ? u : { ...u, words };
    });
  if (glm || normaliser) {
    refs = filter(refs);
    hyps = filter(hyps);
  }
  // sclite folds case unless -s; --ignore-case is kept for scripts written when exact case was the default.
  const ignoreCase = !values['case-sensitive'];
  const options: WerOptions = {
    costs,
    ignoreCase,
    scliteSyntax: true,
    optionalDeletable: values['optional-deletable'] === true,
    fragments: values.fragments === true,
    characters,
    filters: { glm: glm?.label, normaliser },
  };
  const alignments = format !== 'sum' || reports.reports.length > 0;
  const scored = scoreTranscripts(refs, hyps, options, { alignments });
  const unit = command === 'cer' ? 'characters' : 'words';
  const extra = transcriptReports(scored, reports, path.basename(positionals[1]!), ignoreCase);
  if (format === 'json') io.out(jsonReport(scored, extra.json));
  else if (format === 'pra') io.out(praReport(scored, ignoreCase) + summaryLine(scored, unit) + extra.text);
  else
    io.out(sumTable(scored, path.basename(positionals[1]!)) + '\n' + summaryLine(scored, unit) + extra.text);
  return 0;
}

/** `sieve wer REF.trn HYP.trn`: word error rate of hypothesis transcripts against references, as sclite. */
export const wer: Command = {
  name: 'wer',
  summary: 'Word error rate of a trn hypothesis file against a trn reference (counts as NIST sclite)',
  usage: `sieve wer REF.trn HYP.trn\n${TRANSCRIPT_USAGE}\n${TIMED_USAGE}`,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: { ...TRANSCRIPT_OPTIONS, ...TIMED_OPTIONS },
      allowPositionals: true,
    });
    if (values['time-mediated'] || values.collar !== undefined) {
      const format = choiceOption('--format', String(values.format), FORMATS);
      const scored = scoreTimedFiles(values, positionals, io);
      if (!scored) return 1;
      const fold = !values['case-sensitive'];
      if (format === 'json') io.out(jsonReport(scored));
      else if (format === 'pra') io.out(praReport(scored, fold) + summaryLine(scored));
      else io.out(sumTable(scored, path.basename(positionals[1]!)) + '\n' + summaryLine(scored));
      return 0;
    }
    return runTranscriptScoring('wer', values, positionals, io);
  },
};
