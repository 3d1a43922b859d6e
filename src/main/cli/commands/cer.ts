import type { Command } from '../command';
import { parseCliArgs } from '../options';
import { TRANSCRIPT_OPTIONS, TRANSCRIPT_USAGE, runTranscriptScoring } from './wer';

/** `sieve cer REF.trn HYP.trn`: character error rate, words split into characters as sclite's `-c`. */
export const cer: Command = {
  name: 'cer',
  summary: 'Character error rate of a trn hypothesis file against a trn reference (as NIST sclite -c)',
  usage:
    'sieve cer REF.trn HYP.trn [--no-ascii-split] [--delete-hyphens]\n' +
    '  Each word is split into characters (Unicode code points; spaces between words are not characters),\n' +
    '  so text written without spaces is scored too. --no-ascii-split keeps runs of ASCII characters whole\n' +
    '  (sclite -c NOASCII); --delete-hyphens drops hyphens first (sclite -c DH).\n' +
    TRANSCRIPT_USAGE,
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        ...TRANSCRIPT_OPTIONS,
        'no-ascii-split': { type: 'boolean', default: false },
        'delete-hyphens': { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    return runTranscriptScoring('cer', values, positionals, io, {
      noAscii: values['no-ascii-split'],
      deleteHyphens: values['delete-hyphens'],
    });
  },
};
