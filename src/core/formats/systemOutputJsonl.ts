// System outputs as JSON Lines: one `SystemOutput` object per line (an utterance id and any of words with
// times, trees as bracket text over those words, entity spans, concepts, an N-best list). This is the
// format `sieve import-system` reads and `sieve export --format jsonl` writes; docs/formats.md has examples.
import { SystemOutput } from '../model/systemOutput';
import { parseTree } from '../tree/bracket';
import type { ParseResult } from '../text/diagnostics';
import { Reporter, splitLines } from './common';
import { parseJsonWith } from './jsonText';

/**
 * Reads system outputs, one JSON object per line (blank lines allowed). Each line is checked against the
 * schema, each tree's bracket text is parsed, and tree leaves and entity spans are checked against the
 * line's own words; a repeated id is an error. Lines with errors are left out of the value.
 */
export function parseSystemOutputJsonl(text: string): ParseResult<SystemOutput[]> {
  const report = new Reporter(text);
  const out: SystemOutput[] = [];
  const seen = new Map<string, number>();
  for (const line of splitLines(text)) {
    if (line.text.trim() === '') continue;
    const before = report.diagnostics.length;
    const o = parseJsonWith(line.text, line.offset, SystemOutput, report, 'system');
    if (!o) continue;
    const first = seen.get(o.id);
    if (first !== undefined) {
      report.error(
        line.offset,
        'system.duplicate',
        `utterance "${o.id}" already has an output on line ${first}`,
      );
      continue;
    }
    seen.set(o.id, line.line);
    const words = o.words?.map((w) => w.text);
    for (const t of o.trees ?? []) {
      const parsed = parseTree(t.bracket, { typed: t.typed });
      const d = parsed.diagnostics[0];
      if (d) {
        report.error(
          line.offset,
          'system.tree',
          `tree "${t.name}": ${d.message} (column ${d.column} of the tree)`,
        );
        continue;
      }
      if (words && parsed.value) {
        const leaves: string[] = [];
        const stack = [parsed.value];
        while (stack.length > 0) {
          const n = stack.pop()!;
          if (n.children.length === 0) leaves.push(n.label);
          else for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]!);
        }
        const at = leaves.findIndex((l, k) => l !== words[k]);
        if (at >= 0 || leaves.length !== words.length)
          report.error(
            line.offset,
            'system.leaves',
            `tree "${t.name}": leaf ${at >= 0 ? at + 1 : Math.min(leaves.length, words.length) + 1} ` +
              `("${leaves[at] ?? '∅'}") does not match word "${words[at >= 0 ? at : leaves.length] ?? '∅'}"` +
              ` (${leaves.length} leaves, ${words.length} words)`,
          );
      }
    }
    for (const [k, e] of (o.entities ?? []).entries()) {
      if (words && e.lastWord >= words.length)
        report.error(
          line.offset,
          'system.entity',
          `entity ${k + 1} (${e.type}) ends at word ${e.lastWord}, past the ${words.length} words`,
        );
    }
    if (report.diagnostics.length === before) out.push(o);
  }
  return { value: out, diagnostics: report.diagnostics };
}

/** Writes system outputs as JSON Lines (one object per line, keys in schema order). */
export function writeSystemOutputJsonl(outputs: readonly SystemOutput[]): string {
  return outputs.map((o) => `${JSON.stringify(SystemOutput.parse(o))}\n`).join('');
}
