// Canonical forms of interpretations: an N-best entry is correct when its canonical form equals that of
// a gold interpretation (Kleinbauer et al. §5: complete interpretations are compared, not parts).
import { MetricInputError } from '../errors';
import { canonicalJson } from '../text/canonicalJson';
import { jsonPreview } from '../text/jsonPreview';
import { parseTree, writeBracket } from '../tree/bracket';
import { fastTreeForm, isCanonicalTree, isSpace } from './treeForm';

/**
 * How interpretations are compared; shown in the signature. `tree`: bracket notation, compared as
 * trees (whitespace and `(leaf)` vs `leaf` do not matter). `avs`: a set of attribute–value pairs, as an
 * object (`{"colour": "blue"}`, array values for several values) or as `[attribute, value]` pairs;
 * order and repeats do not matter. `json`: any JSON value with object keys unordered. `text`: a string
 * with runs of whitespace collapsed. `auto`: strings starting with `(` are trees, other strings text,
 * anything else JSON.
 */
export type InterpKind = 'auto' | 'tree' | 'avs' | 'json' | 'text';

/** The kinds `--interp` accepts. */
export const INTERP_KINDS: readonly InterpKind[] = ['auto', 'tree', 'avs', 'json', 'text'];

type Scalar = string | number | boolean | null;

const describe = (value: unknown): string => jsonPreview(value, 60);

function isScalar(v: unknown): v is Scalar {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v))
  );
}

function treeForm(value: unknown, tag: string): string {
  if (typeof value !== 'string')
    throw new MetricInputError(`a tree interpretation must be a string, got ${describe(value)}`);
  if (isCanonicalTree(value)) return tag + value;
  const fast = fastTreeForm(value);
  if (fast !== null) return tag + fast;
  const { value: tree, diagnostics } = parseTree(value);
  const first = diagnostics.find((d) => d.severity === 'error');
  if (first || !tree) {
    throw new MetricInputError(
      `not a bracket tree (${first?.message ?? 'empty'} at column ${first?.column ?? 1}): ${describe(value)}`,
    );
  }
  return tag + writeBracket(tree);
}

/** Whether a string is already trimmed with single ASCII spaces only (most are; the regex is slow). */
function isNormalText(s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === n - 1 || s.charCodeAt(i + 1) === 32) return false;
    } else if (isSpace(c) || c === 0x85 || c === 0xa0 || c >= 0x1680) return false;
  }
  return true;
}

function textForm(value: unknown, tag: string): string {
  if (typeof value !== 'string')
    throw new MetricInputError(`a text interpretation must be a string, got ${describe(value)}`);
  return tag + (isNormalText(value) ? value : value.trim().replace(/\s+/g, ' '));
}

function avsForm(value: unknown): string {
  const pairs: [string, Scalar][] = [];
  const bad = (): never => {
    throw new MetricInputError(
      `an attribute–value set must be an object of scalar (or scalar-array) values or a list of [attribute, value] pairs, got ${describe(value)}`,
    );
  };
  if (Array.isArray(value)) {
    for (const p of value) {
      if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string' || !isScalar(p[1])) bad();
      pairs.push([p[0] as string, p[1] as Scalar]);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      for (const one of Array.isArray(v) ? v : [v]) {
        if (!isScalar(one)) bad();
        pairs.push([k, one as Scalar]);
      }
    }
  } else bad();
  // A set: pairs sorted by their JSON text (attribute first), repeats dropped.
  const keyed = pairs.map((p) => JSON.stringify(p)).sort();
  const unique = keyed.filter((k, i) => i === 0 || k !== keyed[i - 1]);
  return `[${unique.join(',')}]`;
}

/**
 * The canonical form of one interpretation under `kind`. In `auto` mode, where kinds mix, the form is
 * prefixed by a letter for its kind (T, S, J) so forms of different kinds never coincide. Throws a
 * `MetricInputError` naming the value when it does not fit.
 */
export function canonicalInterpretation(value: unknown, kind: InterpKind): string {
  switch (kind) {
    case 'tree':
      return treeForm(value, '');
    case 'text':
      return textForm(value, '');
    case 'avs':
      return avsForm(value);
    case 'json':
      return canonicalJson(value);
    case 'auto':
      if (typeof value === 'string')
        return value.trimStart().startsWith('(') ? treeForm(value, 'T') : textForm(value, 'S');
      return `J${canonicalJson(value)}`;
  }
}
