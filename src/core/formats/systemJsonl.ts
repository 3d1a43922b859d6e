// SIEVE's annotation JSON Lines: one UtteranceAnnotation per line, any of its parts present, for system
// outputs (and gold exports). A tree is written in bracket notation when that reads back exactly, else
// as a nested {"label", "type"?, "children"} object. docs/formats.md describes the format with examples.
import { z } from 'zod';
import type { AnnotatedTree, UtteranceAnnotation } from '../model/annotation';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { parseTree, writeBracket } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import { FormatWriteError, Reporter, splitLines } from './common';
import { locateJsonPath, parseJsonWith } from './jsonText';
import { describeLeafMatch, matchLeaves } from './leafMatch';

const TreeObject: z.ZodType<TreeNode> = z.lazy(() =>
  z.strictObject({ label: z.string(), type: z.string().optional(), children: z.array(TreeObject) }),
);

/** One line of the format, as a zod schema (the parts of UtteranceAnnotation; trees as text or objects). */
export const SystemJsonlLine = z.strictObject({
  id: z.string().min(1),
  words: z
    .array(
      z.strictObject({
        text: z.string(),
        startSec: z.number().nonnegative().nullable(),
        endSec: z.number().nonnegative().nullable(),
        confidence: z.number().min(0).max(1).optional(),
      }),
    )
    .optional(),
  trees: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        typed: z.boolean(),
        tree: z.union([z.string(), TreeObject]),
      }),
    )
    .optional(),
  entities: z
    .array(
      z.strictObject({
        type: z.string().min(1),
        firstWord: z.number().int().nonnegative(),
        lastWord: z.number().int().nonnegative(),
      }),
    )
    .optional(),
  concepts: z.array(z.strictObject({ attribute: z.string().min(1), value: z.string() })).optional(),
  nbest: z.array(z.strictObject({ interpretation: z.string(), score: z.number() })).optional(),
  interpretations: z.array(z.string()).optional(),
  labels: z
    .strictObject({
      inputKind: z.enum(['text', 'asr']).optional(),
      accuracyClass: z.enum(['perfect-1', 'perfect-many', 'imperfect-1', 'imperfect-many']).optional(),
      knowledgeClass: z.enum(['known', 'unknown-oov', 'unknown-non-oov']).optional(),
      cantRepresent: z.boolean().optional(),
    })
    .optional(),
});

/**
 * Reads annotation JSON lines. Each line is checked against the schema and for consistency: unique ids
 * and tree names, words with both times or neither (end ≥ start), entities within the words, tree leaves
 * equal to the words when both are given. A line with a problem is reported at the offending value and
 * left out; blank lines are skipped.
 */
export function parseSystemJsonl(text: string): ParseResult<UtteranceAnnotation[]> {
  const report = new Reporter(text);
  const out: UtteranceAnnotation[] = [];
  const seen = new Map<string, number>();
  for (const { text: line, offset, line: n } of splitLines(text)) {
    if (line.trim() === '') continue;
    const v = parseJsonWith(line, offset, SystemJsonlLine, report, 'annotations');
    if (!v) continue;
    const before = report.diagnostics.length;
    const fail = (path: (string | number)[], code: string, message: string): void =>
      report.error(
        offset + locateJsonPath(line, path),
        `annotations.${code}`,
        `${path.join('.')}: ${message}`,
      );
    if (seen.has(v.id))
      fail(
        ['id'],
        'duplicate',
        `utterance ${JSON.stringify(v.id)} already appeared on line ${seen.get(v.id)}`,
      );
    else seen.set(v.id, n);
    v.words?.forEach((w, k) => {
      if ((w.startSec === null) !== (w.endSec === null))
        fail(['words', k], 'times', 'expected both startSec and endSec, or neither');
      else if (w.startSec !== null && w.endSec! < w.startSec)
        fail(['words', k, 'endSec'], 'times', `expected endSec ≥ startSec (${w.startSec})`);
    });
    v.entities?.forEach((e, k) => {
      if (e.lastWord < e.firstWord)
        fail(['entities', k], 'span', `expected lastWord ≥ firstWord (${e.firstWord})`);
      else if (v.words && e.lastWord >= v.words.length) {
        fail(['entities', k, 'lastWord'], 'span', `word ${e.lastWord} is past the ${v.words.length} words`);
      }
    });
    const trees: AnnotatedTree[] = [];
    const names = new Set<string>();
    v.trees?.forEach((t, k) => {
      if (names.has(t.name))
        fail(['trees', k, 'name'], 'duplicate', `a tree named ${JSON.stringify(t.name)} is already given`);
      names.add(t.name);
      let tree: TreeNode | null;
      if (typeof t.tree === 'string') {
        const r = parseTree(t.tree, { typed: t.typed });
        const first = r.diagnostics.find((d) => d.severity === 'error');
        if (first)
          return fail(['trees', k, 'tree'], 'tree', `column ${first.column} of the tree: ${first.message}`);
        tree = r.value;
      } else tree = t.tree;
      if (!tree) return;
      if (t.typed && !everyNodeTyped(tree))
        return fail(['trees', k, 'tree'], 'tree', 'a typed tree needs a type on every node');
      if (v.words) {
        const m = matchLeaves(tree, v.words, { unescape: false });
        if (!m.ok) return fail(['trees', k, 'tree'], 'leaves', describeLeafMatch(m));
      }
      trees.push({ name: t.name, tree, typed: t.typed });
    });
    if (report.diagnostics.length > before) continue;
    const { trees: _raw, ...rest } = v;
    out.push(v.trees ? { ...rest, trees } : rest);
  }
  return { value: out, diagnostics: report.diagnostics };
}

/** `parseSystemJsonl`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseSystemJsonlOrThrow(text: string, file?: string): UtteranceAnnotation[] {
  return valueOrThrow(parseSystemJsonl(text), file);
}

function everyNodeTyped(tree: TreeNode): boolean {
  const stack = [tree];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t.type === undefined) return false;
    for (const c of t.children) stack.push(c);
  }
  return true;
}

const SAFE = /^[^\s()]+$/;

// Bracket text reads back as exactly this tree: every label is a plain token, and types are present (and
// colon-free) on every node of a typed tree and absent from an untyped one.
function bracketSafe(tree: TreeNode, typed: boolean): boolean {
  const stack = [tree];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (!SAFE.test(t.label)) return false;
    if (typed ? t.type === undefined || !SAFE.test(t.type) || t.type.includes(':') : t.type !== undefined)
      return false;
    for (const c of t.children) stack.push(c);
  }
  return true;
}

/** Writes one line per utterance, parts in a fixed order; trees as bracket text where that is exact. */
export function writeSystemJsonl(records: readonly UtteranceAnnotation[]): string {
  return records
    .map((r) => {
      const bad = (what: string): never => {
        throw new FormatWriteError(`'${r.id}': ${what}`, { id: r.id });
      };
      r.words?.forEach((w, k) => {
        for (const x of [w.startSec, w.endSec, w.confidence])
          if (typeof x === 'number' && !Number.isFinite(x)) bad(`word ${k} has a time or confidence ${x}`);
      });
      r.nbest?.forEach((e, k) => Number.isFinite(e.score) || bad(`N-best entry ${k} has score ${e.score}`));
      const line = {
        id: r.id,
        words: r.words,
        trees: r.trees?.map((t) => ({
          name: t.name,
          typed: t.typed,
          tree: bracketSafe(t.tree, t.typed) ? writeBracket(t.tree, { typed: t.typed }) : t.tree,
        })),
        entities: r.entities,
        concepts: r.concepts,
        nbest: r.nbest,
        interpretations: r.interpretations,
        labels: r.labels,
      };
      return JSON.stringify(line) + '\n';
    })
    .join('');
}
