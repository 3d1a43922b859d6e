import path from 'node:path';
import { treeNodeAccuracy, type RootRule, type TnaResult } from '../../../core/metrics/treeNodeAccuracy';
import { TedInputError } from '../../../core/ted/costModel';
import { parseTree } from '../../../core/tree/bracket';
import type { TreeNode } from '../../../core/tree/tree';
import type { Command } from '../command';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import { choiceOption, parseCliArgs, positionalArgs, tedCostsOption } from '../options';
import { UNDEFINED } from '../../../core/scoring/present';
import { readTextFileOrThrow } from '../../import/readTextFile';

const FORMATS = ['table', 'json'] as const;

/** One line of a tree file: its text without a trailing `(id)`, the id (or null) and the line number. */
interface TreeLine {
  body: string;
  id: string | null;
  line: number;
}

// A trailing `(id)` after a tree, as in sclite's trn files: `(S a b) (utt1)`. A tree's own last `)`
// never matches: it needs a token `(x)` preceded by whitespace, with a tree before it.
const TRAILING_ID = /\s\(([^\s()]+)\)\s*$/;

function readLines(file: string, io: { cwd: string }): TreeLine[] {
  let text: string;
  try {
    text = readTextFileOrThrow(path.resolve(io.cwd, file), file);
  } catch (err) {
    throw new TedInputError((err as Error).message);
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw, k) => {
    const t = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const m = TRAILING_ID.exec(t);
    const body = m ? t.slice(0, m.index) : t;
    return m && body.trim() !== '' ? { body, id: m[1]!, line: k + 1 } : { body: t, id: null, line: k + 1 };
  });
}

/**
 * Pairs the trees of both files: by id when every non-blank line of both ends in `(id)` (a missing,
 * extra or repeated id is an error naming it), otherwise line by line (a line blank in both files is
 * skipped; the counts of lines must agree).
 */
function pairLines(ref: TreeLine[], hyp: TreeLine[]): { id: string; ref: TreeLine; hyp: TreeLine }[] {
  const nonBlank = (ls: TreeLine[]) => ls.filter((l) => l.body.trim() !== '');
  const [r, h] = [nonBlank(ref), nonBlank(hyp)];
  if (r.length > 0 && h.length > 0 && [...r, ...h].every((l) => l.id !== null)) {
    const index = (ls: TreeLine[], side: string): Map<string, TreeLine> => {
      const m = new Map<string, TreeLine>();
      for (const l of ls) {
        if (m.has(l.id!)) throw new TedInputError(`${side} id '${l.id}' repeated on line ${l.line}`);
        m.set(l.id!, l);
      }
      return m;
    };
    const byRef = index(r, 'reference');
    const byHyp = index(h, 'hypothesis');
    const missing = r.filter((l) => !byHyp.has(l.id!)).map((l) => `'${l.id}'`);
    const extra = h.filter((l) => !byRef.has(l.id!)).map((l) => `'${l.id}'`);
    if (missing.length > 0 || extra.length > 0) {
      const parts: string[] = [];
      if (missing.length > 0) parts.push(`no hypothesis for reference id ${missing.join(', ')}`);
      if (extra.length > 0) parts.push(`hypothesis id ${extra.join(', ')} not in the reference`);
      throw new TedInputError(`${r.length} reference and ${h.length} hypothesis trees: ${parts.join('; ')}`);
    }
    return r.map((l) => ({ id: l.id!, ref: l, hyp: byHyp.get(l.id!)! }));
  }
  const restore = (l: TreeLine): TreeLine => (l.id === null ? l : { ...l, body: `${l.body} (${l.id})` });
  if (ref.length !== hyp.length) {
    throw new TedInputError(
      `${ref.length} reference and ${hyp.length} hypothesis lines: paired by line (not every line ends in an (id)), the counts must match`,
    );
  }
  return ref
    .map((l, k) => ({ id: String(l.line), ref: restore(l), hyp: restore(hyp[k]!) }))
    .filter((p) => p.ref.body.trim() !== '' || p.hyp.body.trim() !== '');
}

function table(r: TnaResult, invalid: InvalidItems): string {
  const idW = Math.max(6, ...r.items.map((i) => i.id.length));
  const pct = (x: number | null) => (x === null ? UNDEFINED : `${(100 * x).toFixed(1)}%`);
  const row = (id: string, cells: (string | number)[], acc: string) =>
    `${id.padEnd(idW)} ${cells.map((c) => String(c).padStart(6)).join(' ')} ${acc.padStart(8)}`;
  const lines = [row('id', ['C', 'S', 'D', 'I', 'N', 'dist'], 'Acc_n')];
  for (const i of r.items) {
    const c = i.counts;
    lines.push(row(i.id, [c.C, c.S, c.D, c.I, c.C + c.S + c.D, i.distance], pct(i.accuracy)));
  }
  const s = r.corpus;
  const total = r.items.reduce((a, i) => a + i.distance, 0);
  lines.push(row('corpus', [s.C, s.S, s.D, s.I, s.N, total], pct(s.accuracy)), r.signature);
  return `${lines.join('\n')}\n${invalid.note()}`;
}

function json(r: TnaResult, invalid: InvalidItems): string {
  const out = r.items.map((i) => {
    const c = i.counts;
    const rec = { id: i.id, distance: i.distance, ...c, N: c.C + c.S + c.D, accuracy: i.accuracy };
    return `${JSON.stringify(rec)}\n`;
  });
  out.push(`${JSON.stringify({ summary: { ...r.corpus, signature: r.signature, ...invalid.summary() } })}\n`);
  return out.join('');
}

/** `sieve tna REF_TREES HYP_TREES`: tree node accuracy per item and for the corpus (Thomae et al.). */
export const tna: Command = {
  name: 'tna',
  summary: 'Tree node accuracy of hypothesis trees against reference trees, per item and corpus',
  usage:
    'sieve tna REF_TREES HYP_TREES [--costs INS,DEL,SUB] [--typed] [--dummy-root] [--format table|json]\n' +
    '         [--ignore-case] [--skip-invalid]\n' +
    '  --ignore-case: leaves (the words) compare case-folded, as a project that ignores case scores them;\n' +
    '  one bracket tree per line (a bare label is a one-node tree); items are paired by a trailing `(id)`\n' +
    '  (`(S a b) (utt1)`) when every non-blank line of both files has one, else line by line;\n' +
    '  Acc_n = (C − I)/(C + S + D), the corpus figure from counts summed over items; costs default to\n' +
    '  3,3,4; --dummy-root leaves the roots out of the counts (Thomae et al. §5–6); an item with a bad\n' +
    '  tree on either side is invalid\n' +
    SKIP_INVALID_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        costs: { type: 'string', default: '3,3,4' },
        typed: { type: 'boolean', default: false },
        'dummy-root': { type: 'boolean', default: false },
        'ignore-case': { type: 'boolean', default: false },
        format: { type: 'string', default: 'table' },
        ...SKIP_INVALID_FLAG,
      },
      allowPositionals: true,
    });
    const [refFile, hypFile] = positionalArgs(positionals, ['REF_TREES', 'HYP_TREES']) as [string, string];
    const format = choiceOption('--format', values.format, FORMATS);
    const costs = tedCostsOption(values.costs, values.typed);
    const root: RootRule = values['dummy-root'] ? 'dummy' : 'count';
    const pairs = pairLines(readLines(refFile, io), readLines(hypFile, io));
    const invalid = new InvalidItems(values['skip-invalid']);
    const read = (l: TreeLine, file: string, id: string): TreeNode | null => {
      const r = parseTree(l.body, { typed: values.typed, bareTree: true });
      const first = r.diagnostics.find((d) => d.severity === 'error');
      if (first) invalid.add(file, l.line + first.line - 1, first.column, first.message, id);
      return r.value;
    };
    const items = pairs.map((p) => ({
      id: p.id,
      ref: read(p.ref, refFile, p.id),
      hyp: read(p.hyp, hypFile, p.id),
    }));
    if (invalid.stop(io, 'tna')) return 1;
    const result = treeNodeAccuracy(
      items.filter((i) => !invalid.has(i.id)).map((i) => ({ id: i.id, ref: i.ref!, hyp: i.hyp! })),
      { costs, root, ignoreCase: values['ignore-case'] },
    );
    io.out(format === 'json' ? json(result, invalid) : table(result, invalid));
    return 0;
  },
};
