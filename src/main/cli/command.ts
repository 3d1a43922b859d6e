/** Where a command writes; tests pass collectors, the real CLI passes stdout/stderr. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** One `sieve` subcommand: a small module with its own usage text. Returns the exit code. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number> | number;
}

/** Exit code for a usage error (bad flags, missing arguments). */
export const EXIT_USAGE = 2;
