// An alignment written as sclite's pra report writes it: REF, HYP and Eval lines in aligned columns.
import type { AlignedPair } from './align';

/** How `praLines` shows words. */
export interface PraOptions {
  /**
   * sclite's display of a case-insensitive run: correct words in lower case, the words of errors in upper
   * case. Off, words are shown as written (sclite `-s`).
   */
  caseFold?: boolean;
}

/**
 * The `REF:`, `HYP:` and `Eval:` lines of an alignment, column for column as sclite prints them: each
 * column as wide as its longer word, the missing side of an insertion or deletion filled with `*`,
 * the Eval letter S, I or D (blank for correct), one space after every column. An empty alignment has
 * no lines (sclite prints none for an empty reference and hypothesis).
 */
export function praLines(pairs: readonly AlignedPair<string>[], options: PraOptions = {}): string[] {
  if (pairs.length === 0) return [];
  let ref = 'REF:  ';
  let hyp = 'HYP:  ';
  let evalLine = 'Eval: ';
  for (const p of pairs) {
    let r = p.ref ?? '';
    let h = p.hyp ?? '';
    if (options.caseFold) {
      const error = p.op !== 'C';
      r = error ? r.toUpperCase() : r.toLowerCase();
      h = error ? h.toUpperCase() : h.toLowerCase();
    }
    const width = Math.max(r.length, h.length);
    ref += `${p.ref === null ? '*'.repeat(width) : r.padEnd(width)} `;
    hyp += `${p.hyp === null ? '*'.repeat(width) : h.padEnd(width)} `;
    evalLine += `${(p.op === 'C' ? '' : p.op).padEnd(width)} `;
  }
  return [ref, hyp, evalLine];
}
