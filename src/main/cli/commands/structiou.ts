import path from 'node:path';
import { MetricInputError } from '../../../core/errors';
import { combineStructIou } from '../../../core/structIou/corpus';
import { type WordTime, buildSegmentTree, unitWordTimes } from '../../../core/structIou/segmentTree';
import { type StructIouResult, structIou, structIouSignature } from '../../../core/structIou/structIou';
import { parseTree } from '../../../core/tree/bracket';
import { type TreeNode, leaves } from '../../../core/tree/tree';
import type { Command } from '../command';
import { numberOption, parseCliArgs, positionalArgs, requiredOption } from '../options';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import { eachJsonObjectLine, jsonValueColumn } from './scoreFiles';
import { readTextFileOrThrow } from '../../import/readTextFile';

/** One side of an input line, read and checked. */
interface Side {
  tree: TreeNode;
  words: WordTime[];
}

interface Line {
  line: number;
  raw: string;
  item: string | number;
  id: unknown;
  flexible: boolean | undefined;
  gold: Side;
  /** Null: the system proposed no tree (an empty hypothesis). */
  pred: Side | null;
}

/**
 * Reads one side (`{"tree": "(S …)", "words": [["w", start, end], …]}`); in text mode the words may be
 * omitted or given without times, and every leaf gets a unit interval (Shi et al. §5.2).
 */
function readSide(v: unknown, key: string, text: boolean, report: Report): Side | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    report(`"${key}" must be an object {"tree", "words"}`, v === undefined ? [] : [key]);
    return null;
  }
  const rec = v as Record<string, unknown>;
  if (typeof rec.tree !== 'string') {
    report(`"${key}.tree" must be a string with a bracket tree`, [key]);
    return null;
  }
  const r = parseTree(rec.tree);
  const first = r.diagnostics.find((d) => d.severity === 'error');
  if (first || !r.value) {
    report(`${key}.tree: ${first?.message ?? 'no tree'}`, [key, 'tree'], (first?.offset ?? 0) + 1);
    return null;
  }
  const tree = r.value;
  const n = leaves(tree).length;
  if (text) {
    if (rec.words !== undefined && (!Array.isArray(rec.words) || rec.words.length !== n)) {
      report(`${key} tree has ${n} leaves but "${key}.words" does not list ${n} words`, [key, 'words']);
      return null;
    }
    return { tree, words: unitWordTimes(n) };
  }
  if (!Array.isArray(rec.words)) {
    report(`"${key}.words" must be a list of ["word", start, end] (or use --text)`, [key]);
    return null;
  }
  const words: WordTime[] = [];
  for (const [k, w] of rec.words.entries()) {
    if (!Array.isArray(w) || w.length !== 3 || typeof w[1] !== 'number' || typeof w[2] !== 'number') {
      report(`${key} word ${k + 1} must be ["word", start, end], got ${JSON.stringify(w)}`, [key, 'words']);
      return null;
    }
    words.push({ startSec: w[1], endSec: w[2] });
  }
  if (words.length !== n) {
    report(`${key} tree has ${n} leaves but ${words.length} words`, [key, 'words']);
    return null;
  }
  return { tree, words };
}

/** A problem of one side of a line: its message and where it is (keys into the line, a character in a string). */
type Report = (message: string, keys: string[], at?: number) => void;

/** Reads the JSON lines; a bad line is an invalid item, its column pointing at the bad value. */
function readJsonl(file: string, content: string, text: boolean, invalid: InvalidItems): Line[] {
  const lines: Line[] = [];
  eachJsonObjectLine(file, content, '{"id", "gold", "pred"}', invalid, (rec, lineNo, raw) => {
    const id = rec.id ?? lineNo;
    const item = typeof id === 'string' || typeof id === 'number' ? id : lineNo;
    const report: Report = (message, keys, at) =>
      invalid.add(file, lineNo, jsonValueColumn(raw, keys, at), message, item);
    if (rec.flexible !== undefined && typeof rec.flexible !== 'boolean') {
      report('"flexible" must be true or false', ['flexible']);
      return;
    }
    const gold = readSide(rec.gold, 'gold', text, report);
    // `"pred": null` is an utterance without the system's tree: every gold constituent unmatched.
    const pred = rec.pred === null ? null : readSide(rec.pred, 'pred', text, report);
    if (gold && (pred || rec.pred === null))
      lines.push({ line: lineNo, raw, item, id, flexible: rec.flexible, gold, pred });
  });
  return lines;
}

/** Shi et al. Definition 12 with no predicted constituent: nothing matched, 0 over the gold's constituents. */
function noPrediction(gold: Side, signature: string): StructIouResult {
  const nodes = buildSegmentTree(gold.tree, gold.words, 'gold').size;
  return { score: 0, matchedIou: 0, nodes, goldNodes: [], predNodes: [], pairs: [], signature };
}

function pairsJson(r: StructIouResult): unknown[] {
  return r.pairs.map((p) => {
    const g = r.goldNodes[p.gold]!;
    const q = r.predNodes[p.pred]!;
    return {
      gold: g.path,
      pred: q.path,
      gold_label: g.label,
      pred_label: q.label,
      gold_span: [g.startSec, g.endSec],
      pred_span: [q.startSec, q.endSec],
      iou: p.iou,
    };
  });
}

/** `sieve structiou --jsonl FILE`: Struct-IoU of predicted against gold trees over time, per line and overall. */
export const structiou: Command = {
  name: 'structiou',
  summary: 'Struct-IoU of speech parse trees over word times, per line and for the corpus (JSON Lines)',
  usage:
    'sieve structiou --jsonl FILE [--no-flexible] [--threshold T] [--text] [--pairs] [--corpus] [--skip-invalid]\n' +
    '  each line {"id", "flexible"?, "gold": {"tree": "(S …)", "words": [["w", start, end], …]}, "pred": {…}};\n' +
    '  "pred": null is a system without a tree there (nothing matched: 0 over the gold\'s constituents);\n' +
    '  the leaves of each tree are its words, in order; a line\'s "flexible" overrides the flag;\n' +
    '  prints {"id", "struct_iou", "matched_iou", "nodes"} per line (--pairs adds the matched pairs:\n' +
    '  node paths, labels, spans and IoU), then {"summary": …} with sentence- and corpus-level scores;\n' +
    '  --no-flexible: preterminals must match labels too; --threshold: pairs need IoU above T (default 0);\n' +
    '  --text: every word gets a unit interval (text parses; times not needed); --corpus: summary only;\n' +
    '  with --skip-invalid the summary adds "skipped" (a count) and "skippedItems"\n' +
    SKIP_INVALID_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        jsonl: { type: 'string' },
        'no-flexible': { type: 'boolean', default: false },
        threshold: { type: 'string', default: '0' },
        text: { type: 'boolean', default: false },
        pairs: { type: 'boolean', default: false },
        corpus: { type: 'boolean', default: false },
        ...SKIP_INVALID_FLAG,
      },
      allowPositionals: true,
    });
    positionalArgs(positionals, []);
    const file = requiredOption('--jsonl', values.jsonl, 'a JSON Lines file of {"id", "gold", "pred"}');
    const threshold = numberOption('--threshold', values.threshold, 0, { min: 0, max: 1 });
    const flexible = !values['no-flexible'];
    const timing = values.text ? 'unit' : 'sec';
    const signature = structIouSignature({ flexible, threshold }, timing);
    let content: string;
    try {
      content = readTextFileOrThrow(path.resolve(io.cwd, file), file);
    } catch (err) {
      throw new MetricInputError((err as Error).message);
    }
    const invalid = new InvalidItems(values['skip-invalid']);
    const lines = readJsonl(file, content, values.text, invalid);
    const out: string[] = [];
    const stats: { matchedIou: number; nodes: number }[] = [];
    let mixed = false;
    for (const l of lines) {
      const lineFlexible = l.flexible ?? flexible;
      mixed ||= lineFlexible !== flexible;
      let r: StructIouResult;
      try {
        r = l.pred
          ? structIou(l.gold, l.pred, { flexible: lineFlexible, threshold }, timing)
          : noPrediction(l.gold, signature);
      } catch (err) {
        if (!(err instanceof MetricInputError)) throw err;
        // The message starts with the side whose words are wrong ("pred word 5 ends … before it starts").
        const side = /^(gold|pred)\b/.exec(err.message)?.[1];
        const column = jsonValueColumn(l.raw, side ? [side, 'words'] : []);
        invalid.add(file, l.line, column, err.message, l.item);
        continue;
      }
      stats.push(r);
      const rec: Record<string, unknown> = {
        id: l.id,
        struct_iou: r.score,
        matched_iou: r.matchedIou,
        nodes: r.nodes,
      };
      if (lineFlexible !== flexible) rec.flexible = lineFlexible;
      if (values.pairs) rec.pairs = pairsJson(r);
      if (!values.corpus) out.push(`${JSON.stringify(rec)}\n`);
    }
    if (invalid.stop(io, 'structiou')) return 1;
    const c = combineStructIou(stats);
    const summary = {
      sentences: c.sentences,
      sentence_level: c.sentenceLevel,
      corpus_level: c.corpusLevel,
      // Lines that set their own "flexible" make the run a mixture of the two variants.
      signature: mixed ? signature.replace(/\|flex:(yes|no)\|/, '|flex:mixed|') : signature,
      ...invalid.summary(),
    };
    out.push(`${JSON.stringify({ summary })}\n`);
    io.out(out.join(''));
    return 0;
  },
};
