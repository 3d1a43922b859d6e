import fs from 'node:fs';
import path from 'node:path';
import { COLLINS_PRM, parseEvalbParams } from '../../../core/metrics/evalbParams';
import { evalbReport } from '../../../core/metrics/evalbReport';
import {
  type ParsevalTotals,
  type Prf,
  evalbLineTree,
  parseval as scoreParseval,
} from '../../../core/metrics/parseval';
import { MetricInputError } from '../../../core/errors';
import { cFixedWidth } from '../../../core/text/cFixed';
import { parseBrackets } from '../../../core/tree/bracket';
import type { TreeNode } from '../../../core/tree/tree';
import type { Command } from '../command';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import { optionError, parseCliArgs, positionalArgs } from '../options';
import { readTextFileOrThrow } from '../../import/readTextFile';

/** Reads one tree per line (EVALB's input); a line that does not parse makes its sentence invalid. */
function readLines(file: string, text: string, invalid: InvalidItems): (TreeNode | null)[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, k) => {
    const r = parseBrackets(line);
    const first = r.diagnostics.find((d) => d.severity === 'error');
    if (first) invalid.add(file, k + 1, first.column, first.message, k + 1);
    return evalbLineTree(r.value);
  });
}

// Percentages as C's printf("%6.2f") prints them, like EVALB's block above.
const pct = (x: number | null): string => cFixedWidth(100 * (x ?? 0), 6, 2);

/** SIEVE's lines after EVALB's: both figures, sentence-level means, the signature, what went unscored. */
function sieveBlock(all: ParsevalTotals, signature: string): string {
  const trio = (x: Prf | null): string =>
    x ? `${pct(x.precision)} ${pct(x.recall)} ${pct(x.f1)}` : '   n/a (no sentence scored)';
  const mean = (x: number | null): string => (x === null ? '   n/a' : pct(x));
  return [
    '',
    '=== SIEVE ===',
    `${'Signature'.padEnd(26)}= ${signature}`,
    `${'Labeled   P / R / F1'.padEnd(26)}= ${trio(all.labeled)}`,
    `${'Unlabeled P / R / F1'.padEnd(26)}= ${trio(all.unlabeled)}`,
    `${'Sentence-level F1 (lab.)'.padEnd(26)}= ${mean(all.sentenceLabeledF1)}`,
    `${'Sentence-level F1 (unl.)'.padEnd(26)}= ${mean(all.sentenceUnlabeledF1)}`,
    `${'Not scored'.padEnd(26)}= ${all.errors} with different words (ParsEval undefined), ${all.skipped} empty`,
    '',
  ].join('\n');
}

/** `sieve parseval GOLD PRED`: EVALB-style bracket scores of bracketed trees, one per line. */
export const parseval: Command = {
  name: 'parseval',
  summary: 'ParsEval bracket scores (EVALB, COLLINS.prm) of bracketed trees, one per line',
  usage:
    'sieve parseval GOLD PRED [--prm collins|FILE.prm] [--json] [--skip-invalid]\n' +
    '  one tree per line in both files (an empty line is a skipped sentence); EVALB-style report with\n' +
    '  labelled P/R/F1 (or unlabelled with LABELED 0 in the parameter file), both in the SIEVE block;\n' +
    '  sentences whose words differ from the gold are not scored (ParsEval is undefined for them);\n' +
    '  --json prints {"sentences": […], "all", "cutoff", "signature"} instead. A sentence whose gold or\n' +
    '  test line does not parse is invalid; --skip-invalid reports it as a skipped sentence (status 2)\n' +
    SKIP_INVALID_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        prm: { type: 'string', default: 'collins' },
        json: { type: 'boolean', default: false },
        ...SKIP_INVALID_FLAG,
      },
      allowPositionals: true,
    });
    const [goldFile, predFile] = positionalArgs(positionals, ['GOLD', 'PRED']) as [string, string];
    const read = (file: string): string => {
      try {
        return readTextFileOrThrow(path.resolve(io.cwd, file), file);
      } catch (err) {
        throw new MetricInputError((err as Error).message);
      }
    };
    const errors: string[] = [];
    let params = COLLINS_PRM;
    if (values.prm !== 'collins') {
      if (!fs.existsSync(path.resolve(io.cwd, values.prm)))
        throw optionError('--prm', values.prm, 'collins or an EVALB parameter file (no such file)');
      const r = parseEvalbParams(read(values.prm), path.basename(values.prm));
      for (const d of r.diagnostics) errors.push(`${values.prm}:${d.line}:${d.column}: ${d.message}`);
      params = r.value;
    }
    // Sentences are numbered from 1, one per line of both files.
    const invalid = new InvalidItems(values['skip-invalid']);
    const golds = readLines(goldFile, read(goldFile), invalid);
    const preds = readLines(predFile, read(predFile), invalid);
    if (errors.length > 0) {
      for (const e of errors) io.err(`${e}\n`);
      invalid.stop(io, 'parseval');
      return 1;
    }
    if (invalid.stop(io, 'parseval')) return 1;
    if (golds.length !== preds.length) {
      throw new MetricInputError(`${goldFile} has ${golds.length} lines but ${predFile} has ${preds.length}`);
    }
    // An invalid sentence is not scored: EVALB's skipped sentence (no trees), its reason the bad line.
    const kept = (trees: (TreeNode | null)[]) => trees.map((t, i) => (invalid.has(i + 1) ? null : t));
    const r = scoreParseval(kept(golds), kept(preds), params);
    r.sentences.forEach((s, i) => {
      if (invalid.has(i + 1)) r.sentences[i] = { ...s, reason: 'invalid input line (--skip-invalid)' };
    });
    r.sentences.forEach((s, i) => {
      if (s.status === 'error') io.err(`${predFile}:${i + 1}: ${s.reason}\n`);
    });
    if (values.json) io.out(`${JSON.stringify({ ...r, ...invalid.summary() })}\n`);
    else
      io.out(
        evalbReport(r.sentences, r.all, r.cutoff, params) + sieveBlock(r.all, r.signature) + invalid.note(),
      );
    return 0;
  },
};
