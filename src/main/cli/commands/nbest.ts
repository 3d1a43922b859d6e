import path from 'node:path';
import { groupScores, summarise, type NbestSummary } from '../../../core/nbest/aggregate';
import { breakdownTable, figureLines } from '../../../core/nbest/breakdown';
import { INTERP_KINDS, type InterpKind } from '../../../core/nbest/canonical';
import { LABEL_DIMENSIONS, type LabelDimension } from '../../../core/nbest/labels';
import {
  type NbestScores,
  type NbestUtterance,
  figureName,
  scoreNbest,
  utteranceKey,
} from '../../../core/nbest/nbestScorer';
import { MetricInputError } from '../../../core/errors';
import { parseNbestUtterances } from '../../../core/formats/nbestJsonl';
import { NBEST_METRICS, rowWidth } from '../../../core/nbest/rankMetrics';
import type { BootstrapOptions } from '../../../core/stats/bootstrap';
import type { Command } from '../command';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import {
  choiceListOption,
  choiceOption,
  integerOption,
  optionError,
  parseCliArgs,
  positionalArgs,
} from '../options';
import { readInputFile } from './scoreFiles';

const FORMATS = ['table', 'json'] as const;

function parseKs(text: string): number[] | null {
  const ks = text.split(',').map((t) => {
    const s = t.trim().toLowerCase();
    return s === 'inf' || s === '∞' || s === 'infinity'
      ? Number.POSITIVE_INFINITY
      : /^\d+$/.test(s) && Number(s) > 0
        ? Number(s)
        : Number.NaN;
  });
  return ks.some(Number.isNaN) ? null : ks;
}

/** Figures of one summary in K-major order (`NotFound@1`, `Precision@1` … `NDCG@inf`). */
function figuresByK(summary: NbestSummary, ks: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ks)
    for (const m of NBEST_METRICS) out[figureName(m, k)] = summary.figures[figureName(m, k)]!;
  return out;
}

/**
 * The utterances of an N-best file that can be scored. A line that cannot be read, or whose utterance
 * cannot be scored (scores rising down the list, a gold interpretation of the wrong form …), or that
 * repeats an utterance, is an invalid item named by its line number.
 */
function readUtterances(
  file: string,
  text: string,
  options: { ks: number[]; interp: InterpKind },
  invalid: InvalidItems,
): NbestUtterance[] {
  const parsed = parseNbestUtterances(text);
  for (const d of parsed.diagnostics) {
    if (d.severity === 'error') invalid.add(file, d.line, d.column, d.message, d.line);
  }
  const firstLine = new Map<string, number>();
  return parsed.value.filter((u) => {
    const line = u.line;
    const key = utteranceKey(u.id, u.labels);
    const first = firstLine.get(key);
    if (first !== undefined) {
      invalid.add(file, line, 1, `utterance "${key}" appears twice (first on line ${first})`, line);
      return false;
    }
    firstLine.set(key, line);
    try {
      scoreNbest([u], options);
    } catch (err) {
      if (!(err instanceof MetricInputError)) throw err;
      invalid.add(file, line, 1, err.message, line);
      return false;
    }
    return true;
  });
}

function jsonReport(
  s: NbestScores,
  dims: readonly LabelDimension[],
  ci: BootstrapOptions | undefined,
  invalid: InvalidItems,
): string {
  const lines: string[] = [];
  const width = rowWidth(s.ks.length);
  for (let i = 0; i < s.ids.length; i++) {
    const input = s.labels[i]!.input;
    const line: Record<string, unknown> = { id: s.ids[i], ...(input ? { input } : {}) };
    line['nGold'] = s.nGold[i];
    line['nReturned'] = s.nReturned[i];
    if (s.status[i] !== 'scored') line['excluded'] = s.status[i];
    else {
      for (let k = 0; k < s.ks.length; k++) {
        for (let m = 0; m < NBEST_METRICS.length; m++) {
          line[figureName(NBEST_METRICS[m]!, s.ks[k]!)] = s.values[i * width + m * s.ks.length + k];
        }
      }
    }
    lines.push(JSON.stringify(line));
  }
  const overall = summarise(s, undefined, ci);
  const { utterances, cantRepresent, noGold, scored, figures: _f, ...rest } = overall;
  const summary: Record<string, unknown> = {
    signature: s.signature,
    ...{ utterances, cantRepresent, noGold, scored },
    ...figuresByK(overall, s.ks),
    ...rest,
    ...invalid.summary(),
  };
  if (dims.length > 0) {
    summary['groups'] = groupScores(s, dims).map((g) => {
      const { figures: _g, combine: _c, ...rest } = g.summary;
      return { ...g.key, ...rest, ...figuresByK(g.summary, s.ks) };
    });
  }
  // NaN (a mean over no utterances) becomes null in JSON.
  lines.push(JSON.stringify({ summary }));
  return `${lines.join('\n')}\n`;
}

function tableReport(
  file: string,
  s: NbestScores,
  dims: readonly LabelDimension[],
  ci: BootstrapOptions | undefined,
  invalid: InvalidItems,
): string {
  const all = summarise(s, undefined, ci);
  const out = [
    `N-best interpretation figures for ${path.basename(file)}  ${s.signature}`,
    `utterances ${all.utterances}: ${all.scored} scored, ${all.cantRepresent} CantRepresent (excluded), ${all.noGold} without gold (excluded)`,
    '',
    ...breakdownTable(s, dims),
  ];
  if (ci) {
    out.push(
      '',
      `overall, ${Math.round((ci.confidence ?? 0.95) * 100)}% bootstrap intervals  ${all.intervalSignature}`,
    );
    out.push(...figureLines(all));
  }
  return `${out.join('\n')}\n${invalid.note()}`;
}

/** `sieve nbest FILE.jsonl`: NotFound, Precision, Recall, FRecall, DCG and NDCG at K of N-best lists. */
export const nbest: Command = {
  name: 'nbest',
  summary: 'N-best interpretation figures (NotFound, Recall, FRecall, NDCG @K) with a Table 3 breakdown',
  usage:
    'sieve nbest FILE.jsonl [--k 1,3,10,inf] [--by accuracy,knowledge,input] [--format table|json] ' +
    '[--interp auto|tree|avs|json|text] [--ci] [--resamples 1000] [--seed 12345] [--skip-invalid]\n' +
    '  one utterance per line; a line that cannot be read or scored, or repeats an utterance, is invalid\n' +
    SKIP_INVALID_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        k: { type: 'string', default: '1,3,10,inf' },
        by: { type: 'string', default: '' },
        format: { type: 'string', default: 'table' },
        interp: { type: 'string', default: 'auto' },
        ci: { type: 'boolean', default: false },
        resamples: { type: 'string' },
        seed: { type: 'string' },
        ...SKIP_INVALID_FLAG,
      },
      allowPositionals: true,
    });
    const [file] = positionalArgs(positionals, ['FILE.jsonl']) as [string];
    const ks = parseKs(values.k);
    if (!ks)
      throw optionError('--k', values.k, 'a comma-separated list of cut-offs K (whole numbers ≥ 1 or inf)');
    const dims = choiceListOption('--by', values.by, LABEL_DIMENSIONS);
    const format = choiceOption('--format', values.format, FORMATS);
    const interp = choiceOption<InterpKind>('--interp', values.interp, INTERP_KINDS);
    const resamples = integerOption('--resamples', values.resamples, 1000, { min: 1 });
    const seed = integerOption('--seed', values.seed, 12345);
    const text = readInputFile(file, io);
    if (text === null) return 1;
    const invalid = new InvalidItems(values['skip-invalid']);
    const utterances = readUtterances(file, text, { ks, interp }, invalid);
    if (invalid.stop(io, 'nbest')) return 1;
    const scores = scoreNbest(utterances, { ks, interp });
    const ci = values.ci ? { resamples, seed } : undefined;
    const by: LabelDimension[] = dims;
    io.out(
      format === 'json' ? jsonReport(scores, by, ci, invalid) : tableReport(file, scores, by, ci, invalid),
    );
    return 0;
  },
};
