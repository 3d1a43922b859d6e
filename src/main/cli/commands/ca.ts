import { MetricInputError } from '../../../core/errors';
import {
  type CorpusConceptAccuracy,
  conceptText,
  conceptsFromTree,
  parseConceptList,
  scoreConceptItems,
} from '../../../core/metrics/conceptAccuracy';
import type { Concept } from '../../../core/model/annotation';
import type { Diagnostic } from '../../../core/text/diagnostics';
import { parseTree } from '../../../core/tree/bracket';
import type { CliIo, Command } from '../command';
import { InvalidItems, SKIP_INVALID_FLAG, SKIP_INVALID_USAGE } from '../invalidItems';
import { choiceOption, parseCliArgs, positionalArgs } from '../options';
import { readInputFile } from './scoreFiles';
import { UNDEFINED } from '../../../core/scoring/present';

const FORMATS = ['table', 'json'] as const;
const COSTS = ['sclite', 'equal'] as const;

/** One line of an input file: its optional trailing `(id)`, the text before it, and its line number. */
interface ItemLine {
  id: string | null;
  body: string;
  line: number;
}

// A trailing `(id)` token, as in sclite's trn files; a tree's closing `)` never matches (it needs `(x)`
// preceded by whitespace or the line start, with no space or bracket inside).
const TRAILING_ID = /(^|\s)\(([^\s()]+)\)\s*$/;

function readLines(file: string, io: CliIo): ItemLine[] | null {
  const text = readInputFile(file, io);
  if (text === null) return null;
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw, k) => {
    const t = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const m = TRAILING_ID.exec(t);
    return m
      ? { id: m[2]!, body: t.slice(0, m.index + m[1]!.length), line: k + 1 }
      : { id: null, body: t, line: k + 1 };
  });
}

/**
 * Pairs the items of both files: by id when every non-blank line of both ends in `(id)`, otherwise by
 * line (then every line is an item, a blank one an empty list, and the `(…)` tokens are left in place).
 */
function pairItems(ref: ItemLine[], hyp: ItemLine[]): { id: string; ref: ItemLine; hyp: ItemLine }[] {
  const nonBlank = (ls: ItemLine[]) => ls.filter((l) => l.body.trim() !== '' || l.id !== null);
  const [r, h] = [nonBlank(ref), nonBlank(hyp)];
  if (r.length > 0 && h.length > 0 && [...r, ...h].every((l) => l.id !== null)) {
    const byId = new Map<string, ItemLine>();
    for (const l of h) {
      if (byId.has(l.id!)) throw new MetricInputError(`hypothesis id '${l.id}' repeated on line ${l.line}`);
      byId.set(l.id!, l);
    }
    const seen = new Set<string>();
    for (const l of r) {
      if (seen.has(l.id!)) throw new MetricInputError(`reference id '${l.id}' repeated on line ${l.line}`);
      seen.add(l.id!);
    }
    const missing = r.filter((l) => !byId.has(l.id!)).map((l) => `'${l.id}'`);
    const extra = h.filter((l) => !seen.has(l.id!)).map((l) => `'${l.id}'`);
    if (missing.length > 0 || extra.length > 0) {
      const parts = [];
      if (missing.length > 0) parts.push(`no hypothesis for reference id ${missing.join(', ')}`);
      if (extra.length > 0) parts.push(`hypothesis id ${extra.join(', ')} not in the reference`);
      throw new MetricInputError(
        `${r.length} reference and ${h.length} hypothesis items: ${parts.join('; ')}`,
      );
    }
    return r.map((l) => ({ id: l.id!, ref: l, hyp: byId.get(l.id!)! }));
  }
  for (const ls of [ref, hyp]) for (const l of ls) if (l.id !== null) l.body = `${l.body}(${l.id})`;
  if (ref.length !== hyp.length) {
    throw new MetricInputError(
      `${ref.length} reference and ${hyp.length} hypothesis lines: paired by line (not every line ends in an (id)), the counts must match`,
    );
  }
  return ref.map((l, k) => ({ id: String(l.line), ref: l, hyp: hyp[k]! }));
}

function conceptsOf(
  item: ItemLine,
  trees: boolean,
  typed: boolean,
): { value: Concept[]; diagnostics: Diagnostic[] } {
  if (!trees) return parseConceptList(item.body);
  if (item.body.trim() === '') return { value: [], diagnostics: [] };
  const r = parseTree(item.body, { typed });
  return { value: r.value ? conceptsFromTree(r.value) : [], diagnostics: r.diagnostics };
}

function table(scored: CorpusConceptAccuracy, invalid: InvalidItems): string {
  const idW = Math.max(6, ...scored.items.map((i) => i.id.length));
  const pct = (x: number | null) => (x === null ? UNDEFINED : `${(100 * x).toFixed(1)}%`);
  const row = (id: string, cells: (string | number)[], ca: string) =>
    `${id.padEnd(idW)} ${cells.map((c) => String(c).padStart(5)).join(' ')} ${ca.padStart(8)}`;
  const lines = [row('id', ['C', 'S', 'D', 'I', 'N'], 'CA')];
  for (const i of scored.items) {
    const s = i.stats;
    lines.push(row(i.id, [s.C, s.S, s.D, s.I, s.N], pct(i.accuracy)));
  }
  const s = scored.stats;
  lines.push(row('corpus', [s.C, s.S, s.D, s.I, s.N], pct(scored.accuracy)), scored.signature);
  return `${lines.join('\n')}\n${invalid.note()}`;
}

function json(scored: CorpusConceptAccuracy, invalid: InvalidItems): string {
  const out: string[] = [];
  const text = (c: Concept | null) => (c === null ? null : conceptText(c));
  for (const i of scored.items) {
    const alignment = i.alignment.map((p) => [text(p.ref), text(p.hyp), p.op]);
    out.push(`${JSON.stringify({ id: i.id, ...i.stats, ca: i.accuracy, alignment })}\n`);
  }
  out.push(
    `${JSON.stringify({ summary: { ...scored.stats, ca: scored.accuracy, signature: scored.signature, ...invalid.summary() } })}\n`,
  );
  return out.join('');
}

/** `sieve ca REF HYP`: concept accuracy of attribute–value lists, or of the concepts of trees (Thomae et al. §6). */
export const ca: Command = {
  name: 'ca',
  summary: 'Concept accuracy of attribute–value lists or trees against a reference, per item and corpus',
  usage:
    'sieve ca REF HYP [--trees [--typed]] [--costs sclite|equal] [--ignore-case] [--format table|json]\n' +
    '         [--skip-invalid]\n' +
    '  one item per line: an attribute–value list (`sourcecity:Bonn goalcity:Berlin`) or, with --trees,\n' +
    '  a bracket tree whose leaves become values of the slot named by their ancestors below the root;\n' +
    '  items are paired by a trailing `(id)` when every line has one, else line by line; an item with a\n' +
    '  bad line on either side is invalid\n' +
    SKIP_INVALID_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        trees: { type: 'boolean', default: false },
        typed: { type: 'boolean', default: false },
        costs: { type: 'string', default: 'sclite' },
        'ignore-case': { type: 'boolean', default: false },
        format: { type: 'string', default: 'table' },
        ...SKIP_INVALID_FLAG,
      },
      allowPositionals: true,
    });
    const [refFile, hypFile] = positionalArgs(positionals, ['REF', 'HYP']) as [string, string];
    const costs = choiceOption('--costs', values.costs, COSTS);
    const format = choiceOption('--format', values.format, FORMATS);
    const ref = readLines(refFile, io);
    const hyp = readLines(hypFile, io);
    if (!ref || !hyp) return 1;
    const pairs = pairItems(ref, hyp);
    const invalid = new InvalidItems(values['skip-invalid']);
    const read = (item: ItemLine, file: string, id: string): Concept[] => {
      const r = conceptsOf(item, values.trees, values.typed);
      for (const d of r.diagnostics) {
        if (d.severity === 'error') invalid.add(file, item.line + d.line - 1, d.column, d.message, id);
      }
      return r.value;
    };
    const items = pairs.map((p) => ({
      id: p.id,
      ref: read(p.ref, refFile, p.id),
      hyp: read(p.hyp, hypFile, p.id),
    }));
    if (invalid.stop(io, 'ca')) return 1;
    const scored = scoreConceptItems(
      items.filter((i) => !invalid.has(i.id)),
      { costs, ignoreCase: values['ignore-case'] },
    );
    io.out(format === 'json' ? json(scored, invalid) : table(scored, invalid));
    return 0;
  },
};
