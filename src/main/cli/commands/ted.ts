import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countOps, tnaAccuracy, type RootRule } from '../../../core/metrics/treeNodeAccuracy';
import { parseTedCosts, TedInputError } from '../../../core/ted/costModel';
import { treeEditDistance } from '../../../core/ted/ted';
import { parseTree } from '../../../core/tree/bracket';
import type { TreeNode } from '../../../core/tree/tree';
import { type Command, EXIT_USAGE } from '../command';
import { eachJsonObjectLine } from './scoreFiles';

/** One parsed input line. */
interface TedLine {
  id: unknown;
  t1: TreeNode;
  t2: TreeNode;
}

/** Reads `{"id", "t1", "t2"}` lines; problems come back as `file:line: …` messages. */
function readJsonl(file: string, text: string, typed: boolean): { lines: TedLine[]; errors: string[] } {
  const lines: TedLine[] = [];
  const errors: string[] = [];
  eachJsonObjectLine(file, text, '{"id", "t1", "t2"}', errors, (rec, where, lineNo) => {
    const trees: TreeNode[] = [];
    for (const key of ['t1', 't2'] as const) {
      const v = rec[key];
      if (typeof v !== 'string') {
        errors.push(`${where}: "${key}" must be a string with a bracket tree`);
        continue;
      }
      const r = parseTree(v, { typed });
      const first = r.diagnostics.find((d) => d.severity === 'error');
      // The column is within the tree string, which sits on this line of the file.
      if (first) errors.push(`${where}: ${key}:${first.line}:${first.column}: ${first.message}`);
      else trees.push(r.value!);
    }
    if (trees.length === 2) lines.push({ id: rec.id ?? lineNo, t1: trees[0]!, t2: trees[1]! });
  });
  return { lines, errors };
}

/** `sieve ted --jsonl FILE`: typed tree edit distance, counts and accuracy for each pair of trees. */
export const ted: Command = {
  name: 'ted',
  summary: 'Tree edit distance, C/S/I/D counts and node accuracy of tree pairs (JSON Lines)',
  usage:
    'sieve ted --jsonl FILE [--costs INS,DEL,SUB] [--typed] [--mapping] [--dummy-root]\n' +
    '  each line {"id", "t1", "t2"} with bracket trees (`(S (NP a b) c)`; typed: `(root:S (word:a))`);\n' +
    '  prints {"id", "distance", "C", "S", "I", "D", "accuracy"} per line; costs default to 3,3,4;\n' +
    '  --typed forbids mapping nodes of different types; --mapping adds [[i, j, op], …] (postorder\n' +
    '  numbers from 1, null for none); --dummy-root leaves the two roots out of the counts',
  run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        jsonl: { type: 'string' },
        costs: { type: 'string', default: '3,3,4' },
        typed: { type: 'boolean', default: false },
        mapping: { type: 'boolean', default: false },
        'dummy-root': { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    if (values.jsonl === undefined || positionals.length > 0) {
      io.err(`usage: ${this.usage}\n`);
      return EXIT_USAGE;
    }
    const costs = parseTedCosts(values.costs, values.typed);
    const root: RootRule = values['dummy-root'] ? 'dummy' : 'count';
    const file = values.jsonl;
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (err) {
      throw new TedInputError(`${file}: ${(err as Error).message}`);
    }
    const { lines, errors } = readJsonl(file, text, values.typed);
    if (errors.length > 0) {
      for (const e of errors) io.err(`${e}\n`);
      return 1;
    }
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
    io.out(out.join(''));
    return 0;
  },
};
