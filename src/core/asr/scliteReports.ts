// Text reports laid out like sclite's: the overall `dtl` report (SCTK sc_dtl.c `score_dtl_overall`) and the
// summary by speaker with its Mean, S.D. and Median rows (scores.c). Undefined figures print as —.
import { UNDEFINED } from '../scoring/present';
import type { CountedWord, ErrorAnalysis } from './errorAnalysis';
import type { SpeakerRow, SpeakerStatRow, SpeakerSummary } from './speakerSummary';

/** sclite's `F_ROUND(x, p)`: half away from zero at p decimals, then printed with p decimals. */
export function sctkRound(x: number, p: number): string {
  const scale = 10 ** p;
  return (Math.trunc(x * scale + (x > 0 ? 0.5 : -0.5)) / scale).toFixed(p);
}

function pct(num: number, den: number): number {
  return den === 0 ? 0 : (num / den) * 100;
}

const pad = (s: string | number, w: number): string => String(s).padStart(w);

function listSection(title: string, items: readonly CountedWord[]): string[] {
  const out = [
    `${title.padEnd(30)}   Total                 (${items.length})`,
    `${''.padEnd(30)}   With >=${pad(1, 3)} occurrences (${items.length})`,
    '',
  ];
  let sum = 0;
  items.forEach((it, k) => {
    out.push(`${pad(k + 1, 4)}: ${pad(it.count, 4)}  ->  ${it.key}`);
    sum += it.count;
  });
  out.push('     -------', `     ${pad(sum, 5)}`, '');
  return out;
}

/** The overall detailed report of one system, as sclite's `-o dtl` writes it. */
export function dtlText(a: ErrorAnalysis, title: string): string {
  const s = a.sentences;
  const w = a.words;
  const r = w.ref;
  const e = w.S + w.D + w.I;
  const pctLine = (label: string, num: number, den: number) =>
    `${label}${pad(sctkRound(pct(num, den), 1), 5)}%   (${pad(num, 4)})`;
  const out = [
    `DETAILED OVERALL REPORT FOR THE SYSTEM: ${title}`,
    '',
    'SENTENCE RECOGNITION PERFORMANCE',
    '',
    ` sentences                                        ${pad(s.total, 4)}`,
    pctLine(' with errors                            ', s.withErrors, s.total),
    '',
    pctLine('   with substitutions                   ', s.withSubstitutions, s.total),
    pctLine('   with deletions                       ', s.withDeletions, s.total),
    pctLine('   with insertions                      ', s.withInsertions, s.total),
    '',
    '',
    'WORD RECOGNITION PERFORMANCE',
    '',
  ];
  const wordLine = (label: string, num: number) =>
    r > 0 ? pctLine(label, num, r) : `${label}${pad(UNDEFINED, 5)}%   (${pad(num, 4)})`;
  out.push(
    wordLine('Percent Total Error       =  ', e),
    '',
    wordLine('Percent Correct           =  ', w.C),
    '',
    wordLine('Percent Substitution      =  ', w.S),
    wordLine('Percent Deletions         =  ', w.D),
    wordLine('Percent Insertions        =  ', w.I),
    `Percent Word Accuracy     =  ${pad(r > 0 ? sctkRound(100 - pct(e, r), 1) : UNDEFINED, 5)}%`,
    '',
    '',
    `Ref. words                =           (${pad(r, 4)})`,
    `Hyp. words                =           (${pad(w.hyp, 4)})`,
    `Aligned words             =           (${pad(w.aligned, 4)})`,
    '',
    ...listSection('CONFUSION PAIRS', a.confusions),
    '',
    '',
    ...listSection('INSERTIONS', a.insertions),
    '',
    '',
    ...listSection('DELETIONS', a.deletions),
    '',
    '',
    ...listSection('SUBSTITUTIONS', a.substitutions),
    '',
    "* NOTE: The 'Substitution' words are those reference words",
    '        for which the recognizer supplied an incorrect word.',
    '',
    '',
    ...listSection('FALSELY RECOGNIZED', a.falselyRecognized),
    '',
    "* NOTE: The 'Falsely Recognized' words are those hypothesis words",
    '        which the recognizer incorrectly substituted for a reference word.',
    '',
  );
  return `${out.join('\n')}\n`;
}

/** The summary by speaker with Sum/Avg, Mean, S.D. and Median rows, as sclite's `-o sum` table. */
export function speakerSummaryText(summary: SpeakerSummary, title: string): string {
  const hasNce = summary.total.nce !== undefined;
  const fmt = (x: number | null | undefined, p = 1): string =>
    x === null || x === undefined ? UNDEFINED : sctkRound(x, p);
  const speakerCells = (r: SpeakerRow): string[] => {
    // sclite prints a speaker without reference words as counts marked `*`.
    const noWords = r.words === 0;
    const cell = (pctValue: number | null, count: number) => (noWords ? `${count}*` : fmt(pctValue));
    const cells = [
      cell(r.corr, r.C),
      cell(r.sub, r.S),
      cell(r.del, r.D),
      cell(r.ins, r.I),
      cell(r.err, r.S + r.D + r.I),
      fmt(r.sErr),
    ];
    if (hasNce) cells.push(fmt(r.nce, 3));
    return [r.speaker, String(r.sentences), String(r.words), ...cells];
  };
  const mark = summary.speakersWithoutWords > 0 ? '+' : '';
  const statCells = (name: string, s: SpeakerStatRow): string[] => {
    const cells = [s.corr, s.sub, s.del, s.ins, s.err].map((x) => `${fmt(x)}${x === null ? '' : mark}`);
    cells.push(fmt(s.sErr));
    if (hasNce) cells.push(fmt(s.nce, 3));
    return [name, fmt(s.sentences), fmt(s.words), ...cells];
  };
  const rows = summary.rows.map(speakerCells);
  const total = speakerCells(summary.total);
  const stats = [
    statCells('Mean', summary.mean),
    statCells('S.D.', summary.sd),
    statCells('Median', summary.median),
  ];
  const all = [...rows, total, ...stats];
  const head = [
    'SPKR',
    '# Snt',
    '# Wrd',
    'Corr',
    'Sub',
    'Del',
    'Ins',
    'Err',
    'S.Err',
    ...(hasNce ? ['NCE'] : []),
  ];
  const widths = head.map((h, k) => Math.max(h.length, ...all.map((r) => r[k]!.length)));
  const line = (r: readonly string[]): string => {
    const c = r.map((v, k) => (k === 0 ? v.padEnd(widths[k]!) : v.padStart(widths[k]!)));
    const pctCells = c.slice(3, 9).join('  ');
    const nce = hasNce ? ` | ${c[9]}` : '';
    return `| ${c[0]} | ${c[1]} ${c[2]} | ${pctCells}${nce} |`;
  };
  const header = line(head);
  const inner = header.length - 2;
  const rule = `|${'-'.repeat(inner)}|`;
  const double = `|${'='.repeat(inner)}|`;
  const gap = Math.max(0, inner - title.length);
  const out = [
    'SYSTEM SUMMARY PERCENTAGES by SPEAKER',
    '',
    `,${'-'.repeat(inner)}.`,
    `|${' '.repeat(gap >> 1)}${title}${' '.repeat(gap - (gap >> 1))}|`,
    rule,
    header,
  ];
  for (const r of rows) out.push(rule, line(r));
  out.push(double, line(total), double, ...stats.map(line), `\`${'-'.repeat(inner)}'`);
  if (rows.some((r, k) => summary.rows[k]!.words === 0)) {
    out.push(
      '* No reference words for this/these speaker(s): counts are given instead of percentages.',
      '+ Speaker(s) without reference words are left out of the Mean, S.D. and Median.',
    );
  }
  return `${out.join('\n')}\n`;
}
