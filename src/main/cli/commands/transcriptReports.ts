// `sieve wer|cer --report sum,dtl [--id-type rm]`: sclite's summary by speaker (with Mean, S.D. and Median
// rows) and its detailed error analysis (confusion pairs, insertions, deletions, substituted and falsely
// recognised words), from the alignments the scoring already made.
import { errorAnalysis } from '../../../core/asr/errorAnalysis';
import { dtlText, speakerSummaryText } from '../../../core/asr/scliteReports';
import { SPEAKER_ID_MODES, type SpeakerIdMode, speakerFromId } from '../../../core/asr/speakers';
import { speakerSummary, speakerSummaryFractions } from '../../../core/asr/speakerSummary';
import { systemUtterances } from '../../../core/asr/werInputs';
import type { CorpusWer } from '../../../core/metrics/wordAccuracy';
import { makeSignature } from '../../../core/stats/signature';
import { choiceListOption, choiceOption } from '../options';

/** The reports `--report` can add. */
export const TRANSCRIPT_REPORTS = ['sum', 'dtl'] as const;

/** The options this module adds to `sieve wer` and `sieve cer`. */
export const REPORT_OPTIONS = {
  report: { type: 'string' },
  'id-type': { type: 'string' },
} as const;

/** Their usage lines. */
export const REPORT_USAGE =
  '  [--report sum,dtl] [--id-type rm|spu_id|swb|wsj|atis|sp]\n' +
  "  --report adds sclite's reports after the output: sum, the table by speaker with Mean, S.D. and\n" +
  '  Median rows; dtl, the detailed error analysis (confusion pairs, insertions, deletions, substituted\n' +
  '  and falsely recognised words). With --format json they go into the summary line. --id-type: how a\n' +
  "  speaker is read from an utterance id, as sclite's -i (default: rm's rule, the whole id when it has no\n" +
  '  - or _)';

/** The parsed options. */
export interface ReportChoice {
  reports: (typeof TRANSCRIPT_REPORTS)[number][];
  idType: SpeakerIdMode | 'rm-or-id';
}

/** Reads `--report` and `--id-type` (before any file is read, so a bad flag fails first). */
export function reportChoice(values: Record<string, string | boolean | undefined>): ReportChoice {
  const report = typeof values.report === 'string' ? values.report : '';
  const idType = values['id-type'];
  return {
    reports: choiceListOption('--report', report, TRANSCRIPT_REPORTS),
    idType: typeof idType === 'string' ? choiceOption('--id-type', idType, SPEAKER_ID_MODES) : 'rm-or-id',
  };
}

/** The speaker of an id under the choice; the default keeps ids without `-` or `_` whole. */
export function speakerRule(idType: ReportChoice['idType']): (id: string) => string {
  if (idType !== 'rm-or-id') return (id) => speakerFromId(id, idType);
  return (id) => (/[-_]/.test(id) ? speakerFromId(id, 'rm') : id);
}

/**
 * The requested reports of a corpus scored with alignments: text to print after the output, and the
 * same figures for the JSON summary line (`speakers`, `errorAnalysis`, and the `reportSignature` naming
 * the speaker rule and case; the counts' own settings are the WER signature printed with them).
 */
export function transcriptReports(
  scored: CorpusWer,
  choice: ReportChoice,
  title: string,
  caseFold: boolean,
): { text: string; json: Record<string, unknown> } {
  if (choice.reports.length === 0) return { text: '', json: {} };
  const signature = makeSignature('asr-report', [
    ['speakers', choice.idType],
    ['case', caseFold ? 'fold' : 'exact'],
  ]);
  const parts: string[] = [];
  const json: Record<string, unknown> = { reportSignature: signature };
  if (choice.reports.includes('sum')) {
    const summary = speakerSummary(systemUtterances(scored, speakerRule(choice.idType)).counts);
    parts.push(speakerSummaryText(summary, title));
    json['speakers'] = speakerSummaryFractions(summary);
  }
  if (choice.reports.includes('dtl')) {
    const analysis = errorAnalysis(scored.utterances, { caseFold });
    parts.push(dtlText(analysis, title));
    json['errorAnalysis'] = analysis;
  }
  parts.push(`reports    ${signature}\n`);
  return { text: `\n${parts.join('\n')}`, json };
}
