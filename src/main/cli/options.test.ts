import { describe, expect, it } from 'vitest';
import {
  OptionError,
  alternatives,
  choiceListOption,
  choiceOption,
  integerOption,
  numberOption,
  parseCliArgs,
  positionalArgs,
  requiredOption,
  tedCostsOption,
} from './options';

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(OptionError);
    return (err as Error).message;
  }
  throw new Error('no error');
};

describe('command-line options', () => {
  it('names the option, what was given and what is accepted', () => {
    expect(alternatives(['a', 'b', 'c'])).toBe('a, b or c');
    expect(choiceOption('--format', 'json', ['table', 'json'])).toBe('json');
    expect(message(() => choiceOption('--format', 'xml', ['table', 'json']))).toBe(
      "--format: 'xml'; expected table or json",
    );
    expect(message(() => requiredOption('--hyp', undefined, 'HYP, a file'))).toBe(
      '--hyp: not given; expected HYP, a file',
    );
    expect(choiceListOption('--by', 'a,b', ['a', 'b'])).toEqual(['a', 'b']);
    expect(message(() => choiceListOption('--by', 'a,a', ['a', 'b']))).toBe(
      "--by: 'a,a'; expected a comma-separated list of a or b, each once",
    );
  });

  it('reads numbers in range, never NaN', () => {
    expect(integerOption('--jobs', undefined, 4)).toBe(4);
    expect(integerOption('--jobs', '3', 4, { min: 1 })).toBe(3);
    for (const v of ['abc', '1.5', '', '0'])
      expect(message(() => integerOption('--jobs', v, 4, { min: 1 }))).toBe(
        `--jobs: '${v}'; expected a whole number ≥ 1`,
      );
    expect(numberOption('--threshold', '0.5', 0, { min: 0, max: 1 })).toBe(0.5);
    for (const v of ['abc', '1', '-0.1', ' '])
      expect(message(() => numberOption('--threshold', v, 0, { min: 0, max: 1 }))).toBe(
        `--threshold: '${v}'; expected a number from 0 to 1 (exclusive)`,
      );
    expect(message(() => tedCostsOption('3,x,4', false))).toBe(
      "--costs: '3,x,4'; expected INS,DEL,SUB: three numbers ≥ 0, e.g. 3,3,4",
    );
  });

  it('counts positional arguments', () => {
    expect(positionalArgs(['a', 'b'], ['REF', 'HYP'])).toEqual(['a', 'b']);
    expect(message(() => positionalArgs([], ['REF', 'HYP']))).toBe('arguments: none; expected REF HYP');
    expect(positionalArgs(['p', 'f1', 'f2'], ['PROJECT', 'FILE'], true)).toHaveLength(3);
    expect(message(() => positionalArgs(['p'], ['PROJECT', 'FILE'], true))).toBe(
      "arguments: 'p'; expected PROJECT FILE...",
    );
  });

  it("turns node:util parseArgs' errors into one line naming the flag", () => {
    const options = { format: { type: 'string' }, json: { type: 'boolean' } } as const;
    const parse =
      (...args: string[]) =>
      () =>
        parseCliArgs({ args, options, allowPositionals: true });
    expect(message(parse('--bogus'))).toBe('--bogus: not an option; expected --format VALUE or --json');
    expect(message(parse('--format'))).toBe('--format: no value; expected --format VALUE');
    expect(message(parse('--json=1'))).toBe('--json: given a value; expected --json alone (a switch)');
    expect(message(() => parseCliArgs({ args: ['x'], options }))).toBe(
      "'x': not expected; expected options only (--format VALUE --json)",
    );
  });
});
