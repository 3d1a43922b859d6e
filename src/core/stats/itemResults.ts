// Per-item results as the scoring commands write them with `--format json`: one JSON object per item
// (`id`, optionally `input`, figures, optionally `stats` and `excluded`), then `{"summary": {…}}` with
// the corpus figures, a `signature` and optionally a `combine` map (figure → mean | sum | ratio | f1).
// `sieve compare` pairs two such files item by item and reads one figure's sufficient statistics.
import { type Diagnostic, type ParseResult, LineIndex, diagnosticAt } from '../text/diagnostics';
import { jsonPreview } from '../text/jsonPreview';
import { MetricInputError } from '../errors';
import { ratioStatistic, statisticByName, type CorpusStatistic } from './statistic';

/** One item line: its pairing key (`id`, or `id/input` when an input kind is given) and fields. */
export interface ItemLine {
  key: string;
  fields: Record<string, unknown>;
}

/** A results file: the items in order and the summary, if any. */
export interface ItemResults {
  items: ItemLine[];
  summary: Record<string, unknown> | null;
}

/** Reads a results file; bad lines and repeated keys are diagnostics. Never throws. */
export function parseItemResults(text: string): ParseResult<ItemResults> {
  const diagnostics: Diagnostic[] = [];
  const items: ItemLine[] = [];
  const seen = new Set<string>();
  let summary: Record<string, unknown> | null = null;
  const entityLines: Record<string, unknown>[] = [];
  const index = new LineIndex(text);
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    const at = (message: string): void =>
      void diagnostics.push(diagnosticAt(index, start, 'results.line', message));
    if (line !== '') {
      let obj: unknown;
      try {
        obj = JSON.parse(line);
      } catch (err) {
        obj = undefined;
        at(`not valid JSON: ${(err as Error).message}`);
      }
      if (obj !== undefined) {
        const o = obj as Record<string, unknown>;
        if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) at('expected a JSON object');
        else if (typeof o['summary'] === 'object' && o['summary'] !== null)
          summary = o['summary'] as Record<string, unknown>;
        else if (typeof o['doc'] === 'number' && ('ref' in o || 'hyp' in o)) entityLines.push(o);
        else if (typeof o['id'] !== 'string' && typeof o['id'] !== 'number') at('an item line needs an "id"');
        else {
          const key = typeof o['input'] === 'string' ? `${o['id']}/${o['input']}` : String(o['id']);
          if (seen.has(key)) at(`item "${key}" appears twice`);
          else {
            seen.add(key);
            items.push({ key, fields: o });
          }
        }
      }
    }
    start = end + 1;
  }
  if (items.length === 0 && entityLines.length > 0)
    return { value: neDocuments(entityLines, summary), diagnostics };
  return { value: { items, summary }, diagnostics };
}

/**
 * `sieve ne --format json` writes one line per entity (`doc`, `ref`, `hyp`, judgments). Its items are the
 * documents: per document the whole-entity counts [TP, FP, FN] of the `ne` figure (F1, the figure that
 * equals exact-match entity F1 on identical texts): a mapped pair right on every component is a true
 * positive; any other hypothesis entity a false positive and any other reference entity a false negative.
 * Every document 1..N of the summary's `documents` is an item, with or without entities.
 */
function neDocuments(lines: Record<string, unknown>[], summary: Record<string, unknown> | null): ItemResults {
  const counts = new Map<number, [number, number, number]>();
  let last = typeof summary?.['documents'] === 'number' ? summary['documents'] : 0;
  for (const l of lines) {
    const doc = l['doc'] as number;
    last = Math.max(last, doc);
    const c = counts.get(doc) ?? [0, 0, 0];
    counts.set(doc, c);
    const right =
      l['ref'] != null &&
      l['hyp'] != null &&
      l['type'] === true &&
      l['extent'] === true &&
      l['content'] === true;
    if (right) c[0]++;
    else {
      if (l['hyp'] != null) c[1]++;
      if (l['ref'] != null) c[2]++;
    }
  }
  const items: ItemLine[] = [];
  for (let doc = 1; doc <= last; doc++)
    items.push({ key: String(doc), fields: { id: doc, stats: { ne: counts.get(doc) ?? [0, 0, 0] } } });
  const combine = { ...((summary?.['combine'] as Record<string, unknown> | undefined) ?? {}), ne: 'f1' };
  return { items, summary: { ...(summary ?? {}), combine } };
}

/** How a figure is read from item lines; `--stats` and `--combine` override what the files say. */
export interface MetricChoice {
  metric: string;
  /** Comma-separated statistics, each a `+`-joined list of numeric fields, e.g. `S+D+I,C+S+D`. */
  stats?: string;
  combine?: string;
}

/** A figure resolved to a statistic and a reader of each item's sufficient statistics. */
export interface ResolvedMetric {
  statistic: CorpusStatistic;
  /** How the statistics are read, for the report (`field FRecall@1`, `S+D+I, C+S+D`). */
  source: string;
  /** The item's statistics, or null when the item is marked `excluded`. */
  read(item: ItemLine): number[] | null;
}

/**
 * Built-in readings of sclite-style counts (C, S, D, I per item), both ratios of sums: WER = errors over
 * reference words, 0 for an empty reference without errors; concept accuracy (`ca`) = (C − I) / N, which
 * is 1 − (S + D + I) / N with N = C + S + D, and 1 for an empty reference without errors.
 */
const PRESETS: Record<string, { stats: string; statistic: CorpusStatistic }> = {
  wer: { stats: 'S+D+I,C+S+D', statistic: ratioStatistic(0) },
  ca: { stats: 'C-I,C+S+D', statistic: ratioStatistic(1) },
  // Tree node accuracy (Thomae et al.): (C − I) / (C + S + D), summed over items like the paper's corpus.
  accuracy: { stats: 'C-I,C+S+D', statistic: ratioStatistic() },
  // Struct-IoU at corpus level (Shi et al. Definition 15): 2 × Σ matched IoU / Σ nodes.
  struct_iou: { stats: 'matched_iou+matched_iou,nodes', statistic: ratioStatistic() },
};

function number(item: ItemLine, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new MetricInputError(
      `item "${item.key}": ${field} is ${v === undefined ? 'missing' : jsonPreview(v)}, not a number`,
    );
  }
  return v;
}

/** Reads `A+B-C,D` specs: per statistic, a signed sum of numeric fields (names cannot contain + or -). */
function sumsReader(spec: string): (item: ItemLine) => number[] {
  const texts = spec.split(',').map((c) => c.trim());
  const matches = texts.map((c) => c.match(/[+-]?[^+-]+/g) ?? []);
  const columns = matches.map((m) =>
    m.map((t) => ({ sign: t.startsWith('-') ? -1 : 1, field: t.replace(/^[+-]/, '').trim() })),
  );
  // Every character must belong to a term: a dangling or doubled operator is an error.
  if (texts.some((c, k) => matches[k]!.join('') !== c || columns[k]!.some((t) => t.field === ''))) {
    throw new MetricInputError(
      `--stats "${spec}": expected comma-separated sums of field names such as S+D+I,C+S+D`,
    );
  }
  return (item) =>
    columns.map((terms) =>
      terms.reduce((s, t) => s + t.sign * number(item, t.field, item.fields[t.field]), 0),
    );
}

/**
 * Decides how `choice.metric` is read, in this order: explicit `--stats` fields; a `stats` entry of the
 * items; a built-in preset (`wer`, `ca`); the numeric field itself. The combination comes from `--combine`,
 * else the summary's `combine` map, else the preset, else `mean` for a single value.
 */
export function resolveMetric(choice: MetricChoice, results: ItemResults): ResolvedMetric {
  const { metric } = choice;
  const declared = (results.summary?.['combine'] as Record<string, unknown> | undefined)?.[metric];
  const named = choice.combine ?? (typeof declared === 'string' ? declared : undefined);
  const excluded = (item: ItemLine): boolean => item.fields['excluded'] !== undefined;
  const first = results.items.find((i) => !excluded(i));
  let read: (item: ItemLine) => number[];
  let source: string;
  let statistic: CorpusStatistic | undefined = named === undefined ? undefined : statisticByName(named);
  const preset = PRESETS[metric];
  const statsOf = (item: ItemLine): unknown =>
    (item.fields['stats'] as Record<string, unknown> | undefined)?.[metric];
  if (choice.stats) {
    read = sumsReader(choice.stats);
    source = choice.stats.replace(/,/g, ', ');
  } else if (first && statsOf(first) !== undefined) {
    read = (item) => {
      const s = statsOf(item);
      if (!Array.isArray(s))
        throw new MetricInputError(`item "${item.key}": stats.${metric} is not a list of numbers`);
      return s.map((v, k) => number(item, `stats.${metric}[${k}]`, v));
    };
    source = `stats.${metric}`;
  } else if (preset && first && ['C', 'S', 'D', 'I'].every((f) => f in first.fields)) {
    read = sumsReader(preset.stats);
    source = preset.stats.replace(/,/g, ', ');
    statistic ??= preset.statistic;
  } else {
    read = (item) => [number(item, metric, item.fields[metric])];
    source = `field ${metric}`;
  }
  const width = first ? read(first).length : 1;
  statistic ??= width === 1 ? statisticByName('mean') : undefined;
  if (!statistic)
    throw new MetricInputError(
      `${metric} has ${width} statistics per item: say how they combine with --combine`,
    );
  if (statistic.width !== width) {
    throw new MetricInputError(
      `${metric}: ${statistic.name} needs ${statistic.width} statistics per item, the items give ${width}`,
    );
  }
  return { statistic, source, read: (item) => (excluded(item) ? null : read(item)) };
}

/** Two systems' statistics on their common items, in A's order. */
export interface PairedItems {
  a: Float64Array;
  b: Float64Array;
  n: number;
  /** Items marked `excluded` in A or in B (e.g. CantRepresent for one system): left out of both. */
  excluded: number;
}

/**
 * Pairs A's and B's items by key. Rule: both files must hold the same items (a paired test on
 * different test sets is meaningless), so a key in only one file is an input error naming it.
 */
export function pairItems(a: ItemResults, b: ItemResults, metric: ResolvedMetric): PairedItems {
  const byKey = new Map(b.items.map((i) => [i.key, i]));
  const onlyA = a.items.filter((i) => !byKey.has(i.key)).map((i) => i.key);
  const keysA = new Set(a.items.map((i) => i.key));
  const onlyB = b.items.filter((i) => !keysA.has(i.key)).map((i) => i.key);
  if (onlyA.length > 0 || onlyB.length > 0) {
    const list = (ks: string[]): string =>
      ks.slice(0, 5).join(', ') + (ks.length > 5 ? ` … (${ks.length})` : '');
    throw new MetricInputError(
      `the two files hold different items${onlyA.length ? `; only in A: ${list(onlyA)}` : ''}${onlyB.length ? `; only in B: ${list(onlyB)}` : ''}`,
    );
  }
  const w = metric.statistic.width;
  const va: number[] = [];
  const vb: number[] = [];
  let excluded = 0;
  for (const item of a.items) {
    const sa = metric.read(item);
    const sb = metric.read(byKey.get(item.key)!);
    if (sa === null || sb === null) {
      excluded++;
      continue;
    }
    if (sa.length !== w || sb.length !== w) {
      throw new MetricInputError(
        `item "${item.key}": expected ${w} statistics, found ${sa.length} in A and ${sb.length} in B`,
      );
    }
    // One push per value: spreading a long list into push's arguments overflows the stack.
    for (const x of sa) va.push(x);
    for (const x of sb) vb.push(x);
  }
  return { a: Float64Array.from(va), b: Float64Array.from(vb), n: va.length / w, excluded };
}

/**
 * The settings signature both files share. Rule: different signatures mean the figures were made
 * under different settings, which is an input error unless `allowMismatch`; then A's is returned.
 */
export function sharedSignature(a: ItemResults, b: ItemResults, allowMismatch = false): string | null {
  const sa = a.summary?.['signature'];
  const sb = b.summary?.['signature'];
  const ta = typeof sa === 'string' ? sa : null;
  const tb = typeof sb === 'string' ? sb : null;
  if (ta !== tb && !allowMismatch) {
    throw new MetricInputError(
      `the files were scored with different settings: A ${ta ?? '(no signature)'}, B ${tb ?? '(no signature)'}`,
    );
  }
  return ta;
}
