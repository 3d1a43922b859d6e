import type { Command } from '../command';
import { create } from './create';
import { info } from './info';

/** Every `sieve` subcommand; adding one is adding its module here. */
export const commands: readonly Command[] = [info, create];
