import { SIEVE_VERSION } from '../version';

/**
 * A settings signature in sacrebleu's style, `name|key:value|…|v:VERSION`: every setting that can change
 * a figure, so two reports are comparable exactly when their signatures are equal. Values are written
 * as given; `|` and `:` inside a value are replaced by `_` so the signature stays splittable.
 */
export function makeSignature(name: string, fields: readonly (readonly [string, string | number])[]): string {
  const clean = (s: string | number): string => String(s).replace(/[|:]/g, '_');
  return [clean(name), ...fields.map(([k, v]) => `${clean(k)}:${clean(v)}`), `v:${SIEVE_VERSION}`].join('|');
}
