import { SIEVE_VERSION } from '../../core/version';
import { type CliIo, EXIT_USAGE } from './command';
import { commandEntry, commands } from './commands';

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `sieve ${SIEVE_VERSION} — Speech Interpretation EValuation Environment`,
    '',
    'usage: sieve <command> [arguments]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    '  --version  print the version',
    '  --help     this text; `sieve <command> --help` shows a command’s usage',
    '',
  ].join('\n');
}

/** Runs one CLI invocation and returns its exit code; user errors print one line, never a stack. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    io.out(`${SIEVE_VERSION}\n`);
    return 0;
  }
  const entry = commandEntry(name);
  if (!entry) {
    io.err(`sieve: unknown command "${name}". Run \`sieve --help\` for the list.\n`);
    return 2;
  }
  const cmd = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`usage: ${cmd.usage}\n`);
    return 0;
  }
  try {
    return await cmd.run(rest, io);
  } catch (err) {
    // Loaded here, not at start: `sieve --version` and `--help` need neither (the command has loaded both).
    const [{ OptionError }, { AppError }] = await Promise.all([
      import('./options'),
      import('../../core/errors'),
    ]);
    if (err instanceof OptionError) {
      io.err(`sieve ${name}: ${err.message}\nusage: ${cmd.usage}\n`);
      return EXIT_USAGE;
    }
    if (err instanceof AppError) {
      io.err(`sieve ${name}: ${err.message}\n`);
      return 1;
    }
    // node:util parseArgs reports unknown or malformed flags with codes ERR_PARSE_ARGS_*.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      io.err(`sieve ${name}: ${(err as Error).message}\nusage: ${cmd.usage}\n`);
      return 2;
    }
    throw err;
  }
}
