import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MetricInputError } from '../../../core/stats/errors';
import { combineStructIou } from '../../../core/structIou/corpus';
import { type WordTime, unitWordTimes } from '../../../core/structIou/segmentTree';
import { type StructIouResult, structIou, structIouSignature } from '../../../core/structIou/structIou';
import { parseTree } from '../../../core/tree/bracket';
import { type TreeNode, leaves } from '../../../core/tree/tree';
import { type Command, EXIT_USAGE } from '../command';
import { eachJsonObjectLine } from './scoreFiles';

/** One side of an input line, read and checked. */
interface Side {
  tree: TreeNode;
  words: WordTime[];
}

interface Line {
  where: string;
  id: unknown;
  flexible: boolean | undefined;
  gold: Side;
  pred: Side;
}

/**
 * Reads one side (`{"tree": "(S …)", "words": [["w", start, end], …]}`); in text mode the words may be
 * omitted or given without times, and every leaf gets a unit interval (Shi et al. §5.2).
 */
function readSide(v: unknown, key: string, text: boolean, errors: string[], where: string): Side | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    errors.push(`${where}: "${key}" must be an object {"tree", "words"}`);
    return null;
  }
  const rec = v as Record<string, unknown>;
  if (typeof rec.tree !== 'string') {
    errors.push(`${where}: "${key}.tree" must be a string with a bracket tree`);
    return null;
  }
  const r = parseTree(rec.tree);
  const first = r.diagnostics.find((d) => d.severity === 'error');
  if (first || !r.value) {
    errors.push(
      `${where}: ${key}.tree:${first?.line ?? 1}:${first?.column ?? 1}: ${first?.message ?? 'no tree'}`,
    );
    return null;
  }
  const tree = r.value;
  const n = leaves(tree).length;
  if (text) {
    if (rec.words !== undefined && (!Array.isArray(rec.words) || rec.words.length !== n)) {
      errors.push(`${where}: ${key} tree has ${n} leaves but "${key}.words" does not list ${n} words`);
      return null;
    }
    return { tree, words: unitWordTimes(n) };
  }
  if (!Array.isArray(rec.words)) {
    errors.push(`${where}: "${key}.words" must be a list of ["word", start, end] (or use --text)`);
    return null;
  }
  const words: WordTime[] = [];
  for (const [k, w] of rec.words.entries()) {
    if (!Array.isArray(w) || w.length !== 3 || typeof w[1] !== 'number' || typeof w[2] !== 'number') {
      errors.push(`${where}: ${key} word ${k + 1} must be ["word", start, end], got ${JSON.stringify(w)}`);
      return null;
    }
    words.push({ startSec: w[1], endSec: w[2] });
  }
  if (words.length !== n) {
    errors.push(`${where}: ${key} tree has ${n} leaves but ${words.length} words`);
    return null;
  }
  return { tree, words };
}

/** Reads the JSON lines; problems come back as `file:line: …` messages. */
function readJsonl(file: string, content: string, text: boolean): { lines: Line[]; errors: string[] } {
  const lines: Line[] = [];
  const errors: string[] = [];
  eachJsonObjectLine(file, content, '{"id", "gold", "pred"}', errors, (rec, where, lineNo) => {
    if (rec.flexible !== undefined && typeof rec.flexible !== 'boolean') {
      errors.push(`${where}: "flexible" must be true or false`);
      return;
    }
    const gold = readSide(rec.gold, 'gold', text, errors, where);
    const pred = readSide(rec.pred, 'pred', text, errors, where);
    if (gold && pred) lines.push({ where, id: rec.id ?? lineNo, flexible: rec.flexible, gold, pred });
  });
  return { lines, errors };
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
    'sieve structiou --jsonl FILE [--no-flexible] [--threshold T] [--text] [--pairs] [--corpus]\n' +
    '  each line {"id", "flexible"?, "gold": {"tree": "(S …)", "words": [["w", start, end], …]}, "pred": {…}};\n' +
    '  the leaves of each tree are its words, in order; a line\'s "flexible" overrides the flag;\n' +
    '  prints {"id", "struct_iou", "matched_iou", "nodes"} per line (--pairs adds the matched pairs:\n' +
    '  node paths, labels, spans and IoU), then {"summary": …} with sentence- and corpus-level scores;\n' +
    '  --no-flexible: preterminals must match labels too; --threshold: pairs need IoU above T (default 0);\n' +
    '  --text: every word gets a unit interval (text parses; times not needed); --corpus: summary only',
  run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        jsonl: { type: 'string' },
        'no-flexible': { type: 'boolean', default: false },
        threshold: { type: 'string', default: '0' },
        text: { type: 'boolean', default: false },
        pairs: { type: 'boolean', default: false },
        corpus: { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    const threshold = Number(values.threshold);
    if (values.jsonl === undefined || positionals.length > 0 || values.threshold.trim() === '') {
      io.err(`usage: ${this.usage}\n`);
      return EXIT_USAGE;
    }
    const flexible = !values['no-flexible'];
    const timing = values.text ? 'unit' : 'sec';
    const signature = structIouSignature({ flexible, threshold }, timing); // checks the threshold
    const file = values.jsonl;
    let content: string;
    try {
      content = fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (err) {
      throw new MetricInputError(`${file}: ${(err as Error).message}`);
    }
    const { lines, errors } = readJsonl(file, content, values.text);
    const out: string[] = [];
    const stats: { matchedIou: number; nodes: number }[] = [];
    let mixed = false;
    for (const l of lines) {
      const lineFlexible = l.flexible ?? flexible;
      mixed ||= lineFlexible !== flexible;
      let r: StructIouResult;
      try {
        r = structIou(l.gold, l.pred, { flexible: lineFlexible, threshold }, timing);
      } catch (err) {
        if (!(err instanceof MetricInputError)) throw err;
        errors.push(`${l.where}: ${err.message}`);
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
    if (errors.length > 0) {
      for (const e of errors) io.err(`${e}\n`);
      return 1;
    }
    const c = combineStructIou(stats);
    const summary = {
      sentences: c.sentences,
      sentence_level: c.sentenceLevel,
      corpus_level: c.corpusLevel,
      // Lines that set their own "flexible" make the run a mixture of the two variants.
      signature: mixed ? signature.replace(/\|flex:(yes|no)\|/, '|flex:mixed|') : signature,
    };
    out.push(`${JSON.stringify({ summary })}\n`);
    io.out(out.join(''));
    return 0;
  },
};
