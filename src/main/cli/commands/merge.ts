import path from 'node:path';
import { type MergeSummary, mergeExports } from '../../team/merge';
import type { Command } from '../command';
import { choiceOption, parseCliArgs, positionalArgs } from '../options';

/** Exit code of a merge that left conflicts or mismatches (everything else in it was merged). */
export const EXIT_LEFT_OVER = 3;

/** The summary as text: one line per file, then one per conflict and mismatch. */
function text(s: MergeSummary): string {
  const lines: string[] = [];
  for (const f of s.files) {
    lines.push(
      `${path.basename(f.file)} (${f.annotator}): ${f.merged.length} merged, ${f.unchanged.length} unchanged, ` +
        `${f.conflicts.length} conflicts, ${f.mismatches.length} mismatches`,
    );
    for (const c of f.conflicts)
      lines.push(
        `  conflict  ${c.utteranceId}: ${c.differs.join(', ')} differ; both changed since the export` +
          (c.resolved
            ? ` (settled: the ${c.resolved}'s layer kept)`
            : " (the project's layer left as it is)"),
      );
    for (const m of f.mismatches) lines.push(`  mismatch  ${m.utteranceId}: ${m.reason}; not merged`);
  }
  const t = s.totals;
  lines.push(
    `total: ${t.merged} merged, ${t.unchanged} unchanged, ${t.conflicts} conflicts` +
      (t.conflicts > 0 ? ` (${t.unresolved} unresolved)` : '') +
      `, ${t.mismatches} mismatches`,
  );
  return `${lines.join('\n')}\n`;
}

/** `sieve merge PROJECT FILE.sieve…`: annotators' exports brought back into the project. */
export const merge: Command = {
  name: 'merge',
  summary: "Bring annotators' exports back into a project: their layers matched by utterance and audio hash",
  usage:
    'sieve merge PROJECT.sieve FILE.sieve... [--prefer file|project] [--format text|json]\n' +
    '  matches each utterance of each file (`sieve export-annotator`) by its id and its audio hash; where the\n' +
    "  project's layer of the annotator has not changed since the export (or since the file was last merged),\n" +
    "  the file's replaces it (one undoable history entry labelled with the file name); where both changed, it\n" +
    '  is a conflict: reported, nothing overwritten, unless --prefer says which side wins. Merging the same\n' +
    '  file again changes nothing. All or nothing: on an error nothing is merged. The files are never written.\n' +
    `  exit code 0: all merged or unchanged; ${EXIT_LEFT_OVER}: conflicts or mismatches left (the rest was merged)`,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: { prefer: { type: 'string' }, format: { type: 'string', default: 'text' } },
      allowPositionals: true,
    });
    const [project, ...files] = positionalArgs(positionals, ['PROJECT.sieve', 'FILE.sieve'], true) as [
      string,
      ...string[],
    ];
    const format = choiceOption('--format', values.format, ['text', 'json'] as const);
    const prefer =
      values.prefer === undefined
        ? undefined
        : choiceOption('--prefer', values.prefer, ['file', 'project'] as const);
    const summary = mergeExports(
      path.resolve(io.cwd, project),
      files.map((f) => path.resolve(io.cwd, f)),
      prefer ? { prefer } : {},
    );
    io.out(format === 'json' ? `${JSON.stringify(summary)}\n` : text(summary));
    return summary.totals.unresolved > 0 || summary.totals.mismatches > 0 ? EXIT_LEFT_OVER : 0;
  },
};
