import path from 'node:path';
import { countOps, tnaAccuracy, type RootRule } from '../../../core/metrics/treeNodeAccuracy';
import { TedInputError } from '../../../core/ted/costModel';
import { treeEditDistance } from '../../../core/ted/ted';
import { parseTree } from '../../../core/tree/bracket';
import type { TreeNode } from '../../../core/tree/tree';
import type { Command } from '../command';
import { parseCliArgs, positionalArgs, requiredOption, tedCostsOption } from '../options';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import { eachJsonObjectLine, jsonValueColumn } from './scoreFiles';
import { readTextFileOrThrow } from '../../import/readTextFile';

/** One parsed input line. */
interface TedLine {
  id: unknown;
  t1: TreeNode;
  t2: TreeNode;
}

/**
 * Reads `{"id", "t1", "t2"}` lines; a bad line is an invalid item, its column pointing into the line (into
 * the tree string for a bracket error). A tree may be a bare label, a tree of one node (APTED's `{a}`).
 */
function readJsonl(file: string, text: string, typed: boolean, invalid: InvalidItems): TedLine[] {
  const lines: TedLine[] = [];
  eachJsonObjectLine(file, text, '{"id", "t1", "t2"}', invalid, (rec, lineNo, raw) => {
    const id = rec.id ?? lineNo;
    const item = typeof id === 'string' || typeof id === 'number' ? id : lineNo;
    const trees: TreeNode[] = [];
    for (const key of ['t1', 't2'] as const) {
      const v = rec[key];
      if (typeof v !== 'string') {
        const column = jsonValueColumn(raw, v === undefined ? [] : [key]);
        invalid.add(file, lineNo, column, `"${key}" must be a string with a bracket tree`, item);
        continue;
      }
      const r = parseTree(v, { typed, bareTree: true });
      const first = r.diagnostics.find((d) => d.severity === 'error');
      if (first) {
        const column = jsonValueColumn(raw, [key], first.offset + 1);
        invalid.add(file, lineNo, column, `${key}: ${first.message}`, item);
      } else trees.push(r.value!);
    }
    if (trees.length === 2) lines.push({ id, t1: trees[0]!, t2: trees[1]! });
  });
  return lines;
}

/** `sieve ted --jsonl FILE`: typed tree edit distance, counts and accuracy for each pair of trees. */
export const ted: Command = {
  name: 'ted',
  summary: 'Tree edit distance, C/S/I/D counts and node accuracy of tree pairs (JSON Lines)',
  usage:
    'sieve ted --jsonl FILE [--costs INS,DEL,SUB] [--typed] [--mapping] [--dummy-root] [--skip-invalid]\n' +
    '  each line {"id", "t1", "t2"} with bracket trees (`(S (NP a b) c)`; typed: `(root:S (word:a))`; a\n' +
    '  bare label `a` is a one-node tree); prints {"id", "distance", "C", "S", "I", "D", "accuracy"} per\n' +
    '  line; costs default to 3,3,4; --typed forbids mapping nodes of different types; --mapping adds\n' +
    '  [[i, j, op], …] (postorder numbers from 1, null for none); --dummy-root leaves the two roots out of\n' +
    '  the counts; with --skip-invalid a last line {"summary": {"scored", "skipped", "skippedItems"}}\n' +
    SKIP_INVALID_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        jsonl: { type: 'string' },
        costs: { type: 'string', default: '3,3,4' },
        typed: { type: 'boolean', default: false },
        mapping: { type: 'boolean', default: false },
        'dummy-root': { type: 'boolean', default: false },
        ...SKIP_INVALID_FLAG,
      },
      allowPositionals: true,
    });
    positionalArgs(positionals, []);
    const file = requiredOption('--jsonl', values.jsonl, 'a JSON Lines file of {"id", "t1", "t2"}');
    const costs = tedCostsOption(values.costs, values.typed);
    const root: RootRule = values['dummy-root'] ? 'dummy' : 'count';
    let text: string;
    try {
      text = readTextFileOrThrow(path.resolve(io.cwd, file), file);
    } catch (err) {
      throw new TedInputError((err as Error).message);
    }
    const invalid = new InvalidItems(values['skip-invalid']);
    const lines = readJsonl(file, text, values.typed, invalid);
    if (invalid.stop(io, 'ted')) return 1;
    const out: string[] = [];
    for (const l of lines) {
      const r = treeEditDistance(l.t1, l.t2, costs);
      const n1 = r.mapping.filter((o) => o.i !== null).length;
      const n2 = r.mapping.filter((o) => o.j !== null).length;
      const c = countOps(r.mapping, n1, n2, root);
      const rec: Record<string, unknown> = {
        id: l.id,
        distance: r.distance,
        C: c.C,
        S: c.S,
        I: c.I,
        D: c.D,
        accuracy: tnaAccuracy(c),
      };
      if (values.mapping) rec.mapping = r.mapping.map((o) => [o.i, o.j, o.op]);
      out.push(`${JSON.stringify(rec)}\n`);
    }
    // With --skip-invalid a last line counts what was scored and what was skipped.
    if (invalid.skip)
      out.push(`${JSON.stringify({ summary: { scored: lines.length, ...invalid.summary() } })}\n`);
    io.out(out.join(''));
    return 0;
  },
};
