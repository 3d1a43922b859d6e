import type { Command } from '../command';
import { ca } from './ca';
import { compare } from './compare';
import { correlate } from './correlate';
import { create } from './create';
import { exportCommand } from './export';
import { importCorpus } from './import';
import { importSystem } from './importSystem';
import { info } from './info';
import { nbest } from './nbest';
import { ne } from './ne';
import { parseval } from './parseval';
import { report } from './report';
import { score } from './score';
import { structiou } from './structiou';
import { ted } from './ted';
import { tna } from './tna';
import { wer } from './wer';

/** Every `sieve` subcommand; adding one is adding its module here. */
export const commands: readonly Command[] = [
  info,
  create,
  importCorpus,
  importSystem,
  exportCommand,
  wer,
  ca,
  ted,
  tna,
  nbest,
  ne,
  correlate,
  compare,
  structiou,
  parseval,
  score,
  report,
];
