// `sieve wer REF.ctm HYP.ctm --time-mediated | --collar SEC`: word error rate of CTM files with their
// word times, as sclite's `-T` aligns them or with pairs limited to a collar.
import { type CtmUtterance, parseCtm } from '../../../core/formats/ctm';
import { type TimedMode, scoreTimedTranscripts } from '../../../core/metrics/timedWer';
import type { CorpusWer } from '../../../core/metrics/wordAccuracy';
import type { CliIo } from '../command';
import { OptionError, choiceOption, numberOption, positionalArgs } from '../options';
import { readInputFile, reportDiagnostics } from './scoreFiles';

/** The flags that switch `sieve wer` to timed (CTM) input. */
export const TIMED_OPTIONS = {
  'time-mediated': { type: 'boolean', default: false },
  collar: { type: 'string' },
} as const;

/** Their usage lines. */
export const TIMED_USAGE =
  'sieve wer REF.ctm HYP.ctm --time-mediated | --collar SEC [--case-sensitive] [--format sum|pra|json]\n' +
  "  CTM files, one transcript per file and channel (id FILE-CHANNEL). --time-mediated: sclite's -T, word\n" +
  '  times decide the alignment (a pair costs the distance of the starts plus that of the ends);\n' +
  '  --collar SEC: time-constrained WER, a word is paired only with words within SEC seconds of it.\n' +
  '  --glm, --normalise, --optional-deletable, --fragments, --report and --id-type are for trn files only.';

function readCtm(file: string, io: CliIo): CtmUtterance[] | null {
  const text = readInputFile(file, io);
  if (text === null) return null;
  const { value, diagnostics } = parseCtm(text);
  return reportDiagnostics(file, diagnostics, io) ? null : value;
}

/** Scores the CTM files of the timed variant of `sieve wer` (null when a file is bad; printed). */
export function scoreTimedFiles(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
  io: CliIo,
): CorpusWer | null {
  positionalArgs([...positionals], ['REF.ctm', 'HYP.ctm']);
  if (values['time-mediated'] && values.collar !== undefined) {
    throw new OptionError('--collar: given with --time-mediated; expected one of them');
  }
  // The trn options: refused rather than ignored (sclite's reports by speaker read speakers from trn ids).
  for (const flag of ['glm', 'normalise', 'report', 'id-type'] as const) {
    if (values[flag] !== undefined) throw new OptionError(`--${flag}: not for CTM input; expected trn files`);
  }
  for (const flag of ['optional-deletable', 'fragments'] as const) {
    if (values[flag] === true) throw new OptionError(`--${flag}: not for CTM input; expected trn files`);
  }
  const mode: TimedMode = values['time-mediated']
    ? { kind: 'time-mediated' }
    : {
        kind: 'collar',
        collarSec: numberOption('--collar', String(values.collar), 0, {
          min: 0,
          max: 3600,
          maxIncluded: true,
        }),
      };
  const refs = readCtm(positionals[0]!, io);
  const hyps = readCtm(positionals[1]!, io);
  if (!refs || !hyps) return null;
  const asTranscripts = (u: CtmUtterance[]) => u.map((x) => ({ id: `${x.id}-${x.channel}`, words: x.words }));
  const ignoreCase = !values['case-sensitive'];
  const costs = choiceOption('--costs', String(values.costs), ['sclite', 'equal'] as const);
  return scoreTimedTranscripts(asTranscripts(refs), asTranscripts(hyps), { mode, ignoreCase, costs });
}
