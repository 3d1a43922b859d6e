// The report's ASR part: builds the analysis from the report's input (the scoring's word alignments, the
// systems' words and the utterances' speakers), its reliability-diagram plot, and its HTML section.
import { type AsrReport, type AsrSystemReport, buildAsrReport } from '../../core/asr/asrReport';
import { UNDEFINED } from '../../core/scoring/present';
import { SCTK_TEST_NAMES, pValueText } from '../../core/stats/sctkTests';
import type { PlotData } from './plotData';
import type { ReportInput } from './reportModel';

/** The ASR analysis of the report's systems. Case is folded in the lists when the word scoring folded it. */
export function asrReport(input: ReportInput): AsrReport {
  let caseFold = true;
  const systems = input.systems.map((s) => {
    const words = new Map<string, NonNullable<NonNullable<ReturnType<typeof s.scores.get>>['words']>>();
    for (const [id, sc] of s.scores) if (sc.words) words.set(id, sc.words);
    return { systemId: s.systemId, name: s.name, words, hypWords: s.words ?? new Map() };
  });
  // The word scoring's signature says how it compared words (`case:fold` or `case:exact`).
  const first = systems.flatMap((s) => [...s.words.values()]).at(0);
  if (first) caseFold = first.signature.includes('|case:fold|');
  return buildAsrReport({
    utterances: input.utterances.map((u) => ({
      id: u.id,
      speaker: u.speaker ?? '',
      goldWords: u.gold.words.map((w) => w.text),
    })),
    systems,
    caseFold,
  });
}

/** The calibration line of a reliability diagram: confidence = accuracy. */
const CALIBRATED = 'perfectly calibrated';

/**
 * The reliability diagram of every system whose words all have confidences: per confidence tenth, the
 * words' mean confidence against the fraction correct, with the diagonal of perfect calibration.
 */
export function asrPlots(asr: AsrReport): PlotData[] {
  const withConf = asr.systems.filter((s) => s.reliability !== null);
  const rows: Record<string, string | number>[] = [];
  for (const s of withConf)
    for (const b of s.reliability!.bins)
      if (b.n > 0)
        rows.push({
          system: s.name,
          confidence: b.meanConfidence!,
          accuracy: b.accuracy!,
          words: b.n,
          bin: `${b.lo.toFixed(1)}–${b.hi.toFixed(1)}`,
        });
  if (rows.length > 0)
    rows.push(
      { system: CALIBRATED, confidence: 0, accuracy: 0, words: 0, bin: '' },
      { system: CALIBRATED, confidence: 1, accuracy: 1, words: 0, bin: '' },
    );
  const ns = withConf
    .map(
      (s) =>
        `${s.name}: n = ${s.reliability!.n} words, ECE ${s.reliability!.ece === null ? UNDEFINED : s.reliability!.ece.toFixed(3)}`,
    )
    .join('; ');
  const without = asr.systems.filter((s) => s.reliability === null).map((s) => s.name);
  return [
    {
      id: 'reliability',
      title: 'Reliability of word confidences',
      caption:
        'Per tenth of confidence, the mean confidence of the hypothesis words against the fraction of them the ' +
        'alignment found correct; a calibrated recognizer lies on the diagonal. ' +
        (ns ? `${ns}.` : '') +
        (without.length > 0 ? ` Without confidences on every word: ${without.join(', ')}.` : ''),
      kind: 'line',
      x: { field: 'confidence', title: 'Mean confidence' },
      y: { field: 'accuracy', title: 'Fraction correct' },
      group: 'system',
      tooltip: ['system', 'bin', 'words', 'confidence', 'accuracy'],
      rows,
      empty: 'No system gives a confidence for every word.',
    },
  ];
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
const e = escapeHtml;

/** A rate of the summary (a fraction) as a percentage with one decimal. */
const pct1 = (x: number | null | undefined): string =>
  x === null || x === undefined ? UNDEFINED : (100 * x).toFixed(1);

function listTable(title: string, list: AsrSystemReport['confusions'], limit = 20): string {
  const rows = list.items
    .slice(0, limit)
    .map(
      (i) =>
        `<tr><td>${e(i.key)}</td><td>${i.count}</td><td class="muted">${e(i.utterances.slice(0, 8).join(' '))}${i.utterances.length > 8 ? ` … (${i.utterances.length})` : ''}</td></tr>`,
    )
    .join('');
  const more = list.distinct > limit ? `<p class="muted">${list.distinct - limit} more not shown.</p>` : '';
  return (
    `<h4>${e(title)} <span class="muted">(${list.distinct} distinct)</span></h4>` +
    (list.items.length === 0
      ? '<p class="muted">None.</p>'
      : `<table><thead><tr><th>${e(title === 'Confusion pairs' ? 'reference ==> hypothesis' : 'word')}</th><th>count</th><th>utterances</th></tr></thead><tbody>${rows}</tbody></table>${more}`)
  );
}

function speakerTable(s: AsrSystemReport): string {
  const hasNce = s.speakers.total.nce !== undefined;
  const head = `<tr><th>speaker</th><th># Snt</th><th># Wrd</th><th>Corr</th><th>Sub</th><th>Del</th><th>Ins</th><th>Err</th><th>S.Err</th>${hasNce ? '<th>NCE</th>' : ''}</tr>`;
  const row = (r: AsrSystemReport['speakers']['rows'][number], tag = 'td') =>
    `<tr><th scope="row">${e(r.speaker)}</th><${tag}>${r.sentences}</${tag}><${tag}>${r.words}</${tag}>` +
    [r.corr, r.sub, r.del, r.ins, r.err, r.sErr].map((x) => `<${tag}>${pct1(x)}</${tag}>`).join('') +
    (hasNce
      ? `<${tag}>${r.nce === null || r.nce === undefined ? UNDEFINED : r.nce.toFixed(3)}</${tag}>`
      : '') +
    `</tr>`;
  const stat = (name: string, r: AsrSystemReport['speakers']['mean']) =>
    `<tr class="muted"><th scope="row">${name}</th><td>${r.sentences.toFixed(1)}</td><td>${r.words.toFixed(1)}</td>` +
    [r.corr, r.sub, r.del, r.ins, r.err, r.sErr].map((x) => `<td>${pct1(x)}</td>`).join('') +
    (hasNce ? `<td>${r.nce === null || r.nce === undefined ? UNDEFINED : r.nce.toFixed(3)}</td>` : '') +
    `</tr>`;
  return (
    `<table><thead>${head}</thead><tbody>${s.speakers.rows.map((r) => row(r)).join('')}` +
    `${row({ ...s.speakers.total, speaker: 'Sum/Avg' })}${stat('Mean', s.speakers.mean)}${stat('S.D.', s.speakers.sd)}${stat('Median', s.speakers.median)}</tbody></table>` +
    (s.speakers.speakersWithoutWords > 0
      ? `<p class="muted">${s.speakers.speakersWithoutWords} speaker(s) without reference words are left out of the Mean, S.D. and Median of the percentages.</p>`
      : '')
  );
}

/** The HTML section of the ASR analysis (empty when no system was scored for words). */
export function asrHtml(asr: AsrReport): string {
  const systems = asr.systems.filter((s) => s.utterances > 0);
  if (systems.length === 0) return '';
  const parts = systems.map((s) => {
    const w = s.words;
    const nce =
      s.nce.value === null
        ? `NCE ${UNDEFINED} (${e(s.nce.reason ?? 'undefined')})`
        : `NCE ${s.nce.value.toFixed(3)} (n = ${s.nce.n} hypothesis words)`;
    return (
      `<h3>${e(s.name)}</h3>` +
      `<p>${s.sentences.total} utterances, ${s.sentences.withErrors} with errors (${s.sentences.withSubstitutions} with substitutions, ${s.sentences.withDeletions} with deletions, ${s.sentences.withInsertions} with insertions); ` +
      `${w.ref} reference words, ${w.hyp} hypothesis words: C ${w.C}, S ${w.S}, D ${w.D}, I ${w.I}. ${nce}.</p>` +
      `<p class="muted"><code>${e(s.wordSignature)}</code>; <code>${e(s.signature)}</code>; <code>${e(s.nce.signature)}</code></p>` +
      `<h4>By speaker</h4>${speakerTable(s)}` +
      `<div style="display:flex;flex-wrap:wrap;gap:0 2.5rem;align-items:flex-start">` +
      [
        listTable('Confusion pairs', s.confusions),
        listTable('Insertions', s.insertions),
        listTable('Deletions', s.deletions),
        listTable('Substituted reference words', s.substitutions),
        listTable('Falsely recognised words', s.falselyRecognized),
      ]
        .map((t) => `<div>${t}</div>`)
        .join('') +
      '</div>'
    );
  });
  const pairTables = asr.pairs.map((p) => {
    const rows = p.tests.map(
      (t) =>
        `<tr><th scope="row">${SCTK_TEST_NAMES[t.test]}</th><td>${pValueText(t.pValue)}</td>` +
        `<td>${t.exactPValue === undefined ? '' : pValueText(t.exactPValue)}</td><td>${t.n} ${t.unit}</td>` +
        `<td>${t.better === null ? 'level' : e(t.better === 'A' ? p.systemA : p.systemB)}</td><td><code>${e(t.signature)}</code></td></tr>`,
    );
    return (
      `<h4>${e(p.systemA)} vs ${e(p.systemB)} <span class="muted">(${p.n} utterances scored for both)</span></h4>` +
      (rows.length === 0
        ? '<p class="muted">No utterance in common: nothing to test.</p>'
        : `<table><thead><tr><th>test</th><th>p (sc_stats)</th><th>exact p (binomial tests)</th><th>n</th><th>better</th><th>settings</th></tr></thead><tbody>${rows.join('')}</tbody></table>`)
    );
  });
  const tests =
    pairTables.length === 0
      ? ''
      : `<h3>Significance as sc_stats gives it</h3>${pairTables.join('')}` +
        '<p class="muted">Two-sided p-values computed as NIST sc_stats does: MAPSSWE over segments of the word alignments, the sign and Wilcoxon tests over per-speaker word error rates, McNemar over utterances with and without errors. For more than 20 pairs sc_stats approximates the binomial tail (sign, McNemar) with a formula that understates it; the exact binomial p-value is beside it.</p>';
  return `<section id="asr"><h2>Speech recognition errors</h2>${parts.join('')}${tests}</section>`;
}

/**
 * The ASR analysis as rows of the CSV report (columns of `CSV_HEADER`): per system `asr` rows (NCE with its
 * n of hypothesis words, ECE with its n), `speaker` rows (the speaker in the `utterance` column; rates as
 * fractions, n = the speaker's utterances, N = its reference words) and per pair `test` rows (system
 * `A vs B`, metric the test's p-value as sc_stats computes it and, for the binomial tests, the exact one).
 */
export function asrCsvRows(asr: AsrReport, note: (x: number | null) => string): string[][] {
  const num = (x: number | null | undefined): string => (x === null || x === undefined ? '' : String(x));
  const rows: string[][] = [];
  for (const s of asr.systems) {
    if (s.utterances === 0) continue;
    rows.push([
      'asr',
      s.name,
      '',
      'NCE',
      num(s.nce.value),
      '',
      '',
      String(s.nce.n),
      '',
      '',
      s.nce.reason ?? note(s.nce.value),
      s.nce.signature,
      '',
    ]);
    if (s.reliability)
      rows.push([
        'asr',
        s.name,
        '',
        'ECE',
        num(s.reliability.ece),
        '',
        '',
        String(s.reliability.n),
        '',
        '',
        note(s.reliability.ece),
        s.nce.signature,
        '',
      ]);
    for (const r of [...s.speakers.rows, { ...s.speakers.total, speaker: 'Sum/Avg' }])
      for (const [metric, value] of [
        ['Corr', r.corr],
        ['Sub', r.sub],
        ['Del', r.del],
        ['Ins', r.ins],
        ['Err', r.err],
        ['S.Err', r.sErr],
        ...(r.nce === undefined ? [] : [['NCE', r.nce] as const]),
      ] as const)
        rows.push([
          'speaker',
          s.name,
          r.speaker,
          metric,
          num(value),
          '',
          '',
          String(r.sentences),
          String(r.words),
          '',
          note(value),
          s.signature,
          '',
        ]);
  }
  for (const p of asr.pairs)
    for (const t of p.tests) {
      const name = `${p.systemA} vs ${p.systemB}`;
      rows.push([
        'test',
        name,
        '',
        `${t.test} p`,
        num(t.pValue),
        '',
        '',
        String(t.n),
        '',
        '',
        t.unit,
        t.signature,
        '',
      ]);
      if (t.exactPValue !== undefined)
        rows.push([
          'test',
          name,
          '',
          `${t.test} exact p`,
          num(t.exactPValue),
          '',
          '',
          String(t.n),
          '',
          '',
          t.unit,
          t.signature,
          '',
        ]);
    }
  return rows;
}
