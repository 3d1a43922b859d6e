// Hostile inputs for the readers, each a function of (seed, index) alone so that any one can be made
// again: mutations of valid files, garbage built from a format's own words, deep nesting, huge and
// non-finite numbers, control characters, lone surrogates, very long lines, and invalid UTF-8 or UTF-16
// bytes, which the runner turns into text with `decodeText`, as the importers do.
import { seededRandom } from '../../src/core/stats/prng';
import { applyMutations, type Mutation } from '../helpers/mutate';
import type { ReaderTarget } from './readerTargets';

/** One generated input: which generator made it, and the text (or the file bytes to decode first). */
export interface HostileInput {
  kind: 'mutation' | 'grammar' | 'bytes';
  text: string;
  bytes?: Uint8Array;
}

/** Inputs sizes are kept under this many characters (long enough to expose quadratic work). */
export const MAX_INPUT_CHARS = 200_000;

const HOSTILE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e-400',
  '9'.repeat(400),
  '0x10',
  '-0',
  '\u0000',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\ufeff',
  '\ufffe\uffff',
  '\u2028\u2029',
  '\u0085',
  '\r',
  '\r\n',
  '\n\n\n',
  '\t',
  '\\',
  '\\u0000',
  '\\ud800',
  '"',
  "'",
  '__proto__',
  '{"__proto__": {"x": 1}}',
  'constructor',
  'toString',
  '😀',
  'e\u0301',
];

type Random = () => number;

const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const int = (random: Random, n: number): number => Math.floor(random() * n);

function token(random: Random, target: ReaderTarget): string {
  return random() < 0.5 ? pick(random, target.tokens) : pick(random, HOSTILE);
}

function mutations(random: Random, target: ReaderTarget): Mutation[] {
  return Array.from({ length: 1 + int(random, 8) }, () => ({
    kind: pick(random, ['delete', 'insert', 'replace', 'duplicate'] as const),
    at: random(),
    length: int(random, random() < 0.9 ? 20 : 2000),
    text: Array.from({ length: 1 + int(random, 3) }, () => token(random, target)).join(
      random() < 0.5 ? '' : ' ',
    ),
  }));
}

function cap(text: string): string {
  return text.length > MAX_INPUT_CHARS ? text.slice(0, MAX_INPUT_CHARS) : text;
}

// Nests that balance: JSON arrays and objects, brackets, XML elements.
const NESTS: readonly [string, string, string][] = [
  ['[', ']', '1'],
  ['{"a":', '}', '"x"'],
  ['[{"a":', '}]', 'null'],
  ['(X ', ')', 'w'],
  ['(', ')', 'w'],
  ['<a>', '</a>', 'w'],
  ['<TIER TIER_ID="t">', '</TIER>', ''],
];

// A value of a JSON, bracket or XML text: a string, number or literal after a colon, a leaf word, or text.
const VALUE = /(?::\s*|\(\w+ |>)("(?:[^"\\\n]|\\.)*"|-?\d[\d.eE+-]*|true|false|null|\w+)/g;

/** Repeats `unit` until about `chars` characters. */
function repeat(unit: string, chars: number): string {
  return unit.repeat(Math.max(1, Math.floor(chars / Math.max(1, unit.length))));
}

function structural(random: Random, target: ReaderTarget, size: number): string {
  const sample = pick(random, target.samples);
  const line = sample.split('\n').find((l) => l.trim() !== '') ?? sample;
  switch (int(random, 12)) {
    case 10: // a balanced deep nest in place of one value of a valid file (parses, then recurses)
    case 11: {
      const [open, close, leaf] = pick(random, NESTS);
      const depth = 1000 + int(random, Math.max(1, size / 2));
      const nest = open.repeat(depth) + leaf + close.repeat(depth);
      const values = [...sample.matchAll(VALUE)];
      if (values.length === 0 || random() < 0.3) {
        const at = int(random, sample.length + 1);
        return sample.slice(0, at) + nest + sample.slice(at);
      }
      const v = pick(random, values);
      const start = v.index + v[0].length - v[1]!.length;
      return sample.slice(0, start) + nest + sample.slice(start + v[1]!.length);
    }
    case 0: // deep nesting, in each bracket kind the formats use
      return pick(random, ['(', '[', '{"a":', '<a>', '[{"x":[', '(S ']).repeat(size / 4) + line;
    case 1: // the closing half alone
      return line + pick(random, [')', ']', '}', '</a>']).repeat(size / 4);
    case 2: // one very long line
      return line.replace(/\s+\S*$/, '') + ' ' + repeat(pick(random, target.tokens) + ' ', size);
    case 3: // one huge token
      return repeat(pick(random, ['x', '9', '\u00e9', '😀', '"', '\\']), size) + '\n' + line;
    case 4: // many lines
      return repeat(pick(random, ['\n', '\r\n', '\r', line + '\n', '\u2028']), size);
    case 5: // the sample many times over
      return repeat(sample, size);
    case 6: // control characters and surrogates everywhere
      return Array.from({ length: Math.min(size, 5000) }, () =>
        String.fromCharCode(pick(random, [0, 1, 8, 11, 12, 27, 127, 0xd800, 0xdc00, 0xfffe, 0xfeff])),
      ).join('');
    case 7: // numbers out of every range
      return sample.replace(/-?\d+(\.\d+)?/g, () =>
        pick(random, ['1e999', '-1e999', 'NaN', 'Infinity', '9'.repeat(400), '-0', '1e-400', '2e308']),
      );
    case 8: // garbage strung from the format's words
      return Array.from({ length: 1 + int(random, 400) }, () => token(random, target)).join(
        pick(random, ['', ' ', '\n', '\t']),
      );
    default: // an empty or blank text
      return pick(random, ['', ' ', '\n', '\ufeff', '\u0000', '\ufeff\n\n']);
  }
}

const encoder = new TextEncoder();

function encode(text: string, random: Random): Uint8Array {
  const form = int(random, 4);
  if (form < 2) return encoder.encode(text);
  // UTF-16 with a mark, in either order, or without one (decoded as UTF-16 by its zero byte).
  const little = form === 2;
  const out = new Uint8Array(2 + text.length * 2);
  out.set(little ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i] = little ? c & 0xff : c >> 8;
    out[3 + 2 * i] = little ? c >> 8 : c & 0xff;
  }
  return random() < 0.2 ? out.subarray(2) : out;
}

const BAD_BYTES: readonly number[][] = [
  [0xff],
  [0xfe],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0x80],
  [0xef, 0xbb, 0xbf],
  [0x00],
  [0x00, 0x00],
];

/** Corrupts the bytes of a file: invalid UTF-8 sequences, flipped bits, a cut end. */
function corruptBytes(bytes: Uint8Array, random: Random): Uint8Array {
  const parts: number[] = Array.from(bytes);
  for (let k = 1 + int(random, 6); k > 0; k--) {
    const at = int(random, parts.length + 1);
    const what = int(random, 3);
    if (what === 0) parts.splice(at, 0, ...pick(random, BAD_BYTES));
    else if (what === 1 && at < parts.length) parts[at] = parts[at]! ^ (1 << int(random, 8));
    else parts.length = Math.min(parts.length, at + int(random, 3));
  }
  return Uint8Array.from(parts);
}

/** The input number `index` of run `seed` for `target`. */
export function hostileInput(target: ReaderTarget, seed: number, index: number): HostileInput {
  const random = seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index, 0x85ebca6b)) >>> 0);
  // Mostly short inputs, which are cheap; one in twenty large, to catch superlinear work.
  const size = random() < 0.95 ? 1 + int(random, 2000) : 20_000 + int(random, MAX_INPUT_CHARS - 20_000);
  const which = random();
  if (which < 0.55) {
    return {
      kind: 'mutation',
      text: cap(applyMutations(pick(random, target.samples), mutations(random, target))),
    };
  }
  if (which < 0.85) return { kind: 'grammar', text: cap(structural(random, target, size)) };
  const source = random() < 0.7 ? pick(random, target.samples) : structural(random, target, size);
  return { kind: 'bytes', text: '', bytes: corruptBytes(encode(cap(source), random), random) };
}
