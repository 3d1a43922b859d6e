// Reading a command's flags and arguments. Every problem is one line naming the option, what was given
// and what is accepted (`--format: 'xml'; expected table or json`); `runCli` prints it after
// `sieve CMD: ` and follows it with the command's usage (exit code 2).
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type TedCosts, TedInputError, parseTedCosts } from '../../core/ted/costModel';

/** A bad flag or argument of the command line. */
export class OptionError extends Error {
  override name = 'OptionError';
}

/** `'text'`, as a given value is quoted in an error. */
const quote = (value: string): string => `'${value}'`;

/** `a`, `a or b`, `a, b or c`. */
export function alternatives(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/** The error `OPTION: GIVEN; expected EXPECTED` (GIVEN is quoted unless it describes an absence). */
export function optionError(option: string, given: string | null, expected: string): OptionError {
  return new OptionError(`${option}: ${given === null ? 'not given' : quote(given)}; expected ${expected}`);
}

/** `parseArgs`, with its errors (an unknown flag, a missing value …) turned into `OptionError`s. */
export function parseCliArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw err;
    const message = (err as Error).message;
    const flags = Object.entries(config.options ?? {}).map(([name, o]) =>
      o.type === 'string' ? `--${name} VALUE` : `--${name}`,
    );
    const named = /'(-[^' ]*)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new OptionError(`${named}: not an option; expected ${alternatives(flags) || 'no options'}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const arg = /'([^']*)'/.exec(message)?.[1] ?? '';
      throw new OptionError(`${quote(arg)}: not expected; expected options only (${flags.join(' ')})`);
    }
    if (/argument missing/.test(message))
      throw new OptionError(`${named}: no value; expected ${named} VALUE`);
    if (/is ambiguous/.test(message)) {
      // `--seed -1`: a value starting with '-' reads as a flag unless written with '='.
      throw new OptionError(
        `${named}: no value; expected ${named} VALUE (${named}=-VALUE for a value starting with '-')`,
      );
    }
    if (/does not take an argument/.test(message))
      throw new OptionError(`${named}: given a value; expected ${named} alone (a switch)`);
    throw new OptionError(message);
  }
}

/** The value of a flag that must be given. */
export function requiredOption(option: string, value: string | undefined, expected: string): string {
  if (value === undefined || value === '') throw optionError(option, value ?? null, expected);
  return value;
}

/** The value of a flag that takes one of `accepted`. */
export function choiceOption<T extends string>(option: string, value: string, accepted: readonly T[]): T {
  if (!(accepted as readonly string[]).includes(value))
    throw optionError(option, value, alternatives(accepted));
  return value as T;
}

/** The value of a flag that is a list of `accepted` values, comma-separated, each at most once. */
export function choiceListOption<T extends string>(
  option: string,
  value: string,
  accepted: readonly T[],
): T[] {
  const items = value === '' ? [] : value.split(',').map((v) => v.trim());
  const isAccepted = (v: string): v is T => (accepted as readonly string[]).includes(v);
  const chosen = items.filter(isAccepted);
  if (chosen.length !== items.length || new Set(chosen).size !== chosen.length)
    throw optionError(option, value, `a comma-separated list of ${alternatives(accepted)}, each once`);
  return chosen;
}

/** A whole-number flag in [min, max]; `fallback` when not given. */
export function integerOption(
  option: string,
  value: string | undefined,
  fallback: number,
  range: { min?: number; max?: number } = {},
): number {
  if (value === undefined) return fallback;
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  const n = /^\s*[-+]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const bound = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw optionError(option, value, `a whole number ${bound}`);
  }
  return n;
}

/** A number flag in [min, max) (or [min, max] with `maxIncluded`); `fallback` when not given. */
export function numberOption(
  option: string,
  value: string | undefined,
  fallback: number,
  range: { min: number; max: number; maxIncluded?: boolean },
): number {
  if (value === undefined) return fallback;
  const n = value.trim() === '' ? Number.NaN : Number(value);
  const { min, max, maxIncluded = false } = range;
  if (!Number.isFinite(n) || n < min || (maxIncluded ? n > max : n >= max)) {
    throw optionError(
      option,
      value,
      `a number from ${min} to ${max} (${maxIncluded ? 'inclusive' : 'exclusive'})`,
    );
  }
  return n;
}

/**
 * The positional arguments: exactly as many as `names` (`['REF', 'HYP']`), or with `more` at least as
 * many (the last name repeats: `FILE...`).
 */
export function positionalArgs(
  positionals: readonly string[],
  names: readonly string[],
  more = false,
): string[] {
  if (more ? positionals.length < names.length : positionals.length !== names.length) {
    const given = positionals.length === 0 ? 'none' : positionals.map(quote).join(' ');
    const wanted = names.length === 0 ? 'options only' : `${names.join(' ')}${more ? '...' : ''}`;
    throw new OptionError(`arguments: ${given}; expected ${wanted}`);
  }
  return [...positionals];
}

/** `--costs INS,DEL,SUB` of the tree edit distance (`3,3,4`). */
export function tedCostsOption(value: string, typed: boolean): TedCosts {
  try {
    return parseTedCosts(value, typed);
  } catch (err) {
    if (!(err instanceof TedInputError)) throw err;
    throw optionError('--costs', value, 'INS,DEL,SUB: three numbers ≥ 0, e.g. 3,3,4');
  }
}
