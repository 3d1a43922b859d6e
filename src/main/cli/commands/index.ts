import type { Command } from '../command';
import { ca } from './ca';
import { create } from './create';
import { importCorpus } from './import';
import { info } from './info';
import { wer } from './wer';

/** Every `sieve` subcommand; adding one is adding its module here. */
export const commands: readonly Command[] = [info, create, importCorpus, wer, ca];
