// Where a difference between two annotators' layers lies: on the time axis (to draw its mark) and in the
// adjudicated layer's words (to select there what a take key then takes).
import type { Difference, Side } from '../../../core/agreement/differences';
import { matchWords } from '../../../core/agreement/differences';
import type { GoldRecords } from '../../../core/gold/records';

/** A difference's interval and the words it is about, in one annotator's layer. */
export interface DifferencePlace {
  side: Side;
  first: number;
  last: number;
  startSec: number;
  endSec: number;
}

function wordsPlace(g: GoldRecords, side: Side, first: number, last: number): DifferencePlace | null {
  const a = g.words[first];
  const b = g.words[last];
  return a && b ? { side, first, last, startSec: a.startSec, endSec: b.endSec } : null;
}

/** The place of a difference, or null for those without one (trees as a whole, concepts, labels, status). */
export function differencePlace(d: Difference, a: GoldRecords, b: GoldRecords): DifferencePlace | null {
  const layer = (s: Side): GoldRecords => (s === 'a' ? a : b);
  switch (d.kind) {
    case 'boundary': {
      const p = wordsPlace(a, 'a', d.a, d.a);
      return p && { ...p, startSec: Math.min(d.aSec, d.bSec), endSec: Math.max(d.aSec, d.bSec) };
    }
    case 'word-text':
      return wordsPlace(a, 'a', d.a, d.a);
    case 'word-only':
      return wordsPlace(layer(d.side), d.side, d.index, d.index);
    case 'node-unmatched':
      return wordsPlace(layer(d.side), d.side, d.node.firstWord, d.node.lastWord);
    case 'node-span':
    case 'node-type':
      return wordsPlace(a, 'a', d.a.firstWord, d.a.lastWord);
    case 'entity-only':
      return wordsPlace(layer(d.side), d.side, d.entity.firstWord, d.entity.lastWord);
    case 'entity-type':
    case 'entity-extent': {
      const p = wordsPlace(a, 'a', d.aEntity.firstWord, d.aEntity.lastWord);
      const q = wordsPlace(b, 'b', d.bEntity.firstWord, d.bEntity.lastWord);
      return p && q
        ? { ...p, startSec: Math.min(p.startSec, q.startSec), endSec: Math.max(p.endSec, q.endSec) }
        : p;
    }
    default:
      return null;
  }
}

/**
 * The adjudicated layer's words for a place in an annotator's words (matched as the takes match them), or
 * null when none of those words has a partner there.
 */
export function adjudicatedWords(
  place: DifferencePlace,
  layer: GoldRecords,
  adjudicated: GoldRecords,
): [number, number] | null {
  const m = matchWords(adjudicated.words, layer.words);
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = place.first; j <= place.last; j++) {
    const i = m.toA[j]!;
    if (i >= 0) {
      lo = Math.min(lo, i);
      hi = Math.max(hi, i);
    }
  }
  if (lo <= hi) return [lo, hi];
  // A word only the annotator has: the adjudicated words around its time.
  const around = adjudicated.words.findIndex((w) => w.endSec > place.startSec);
  return around < 0 ? null : [around, around];
}

/** A short sign for a difference's mark (its full description is its accessible name). */
export function differenceSign(d: Difference): string {
  if (d.kind === 'boundary') return '|';
  if (d.kind.startsWith('word')) return 'W';
  if (d.kind.startsWith('node') || d.kind.startsWith('tree')) return 'N';
  if (d.kind.startsWith('entity')) return 'E';
  return '≠';
}

/**
 * The boxes of annotator `side`'s tiers that a difference is about, as CSS selectors within that
 * annotator's tiers (`.word-tier [data-word="3"]` …): a style rule outlines them, which survives the tiers
 * redrawing their boxes.
 */
export function differingBoxes(differences: readonly Difference[], side: Side): string[] {
  const out = new Set<string>();
  const word = (i: number): void => void out.add(`.word-tier [data-word="${i}"]`);
  const entity = (i: number): void => void out.add(`.entity-tier [data-entity="${i}"]`);
  const node = (path: readonly number[]): void => void out.add(`.tree-tier [data-path="${path.join('.')}"]`);
  for (const d of differences) {
    switch (d.kind) {
      case 'boundary':
      case 'word-text':
        word(side === 'a' ? d.a : d.b);
        break;
      case 'word-only':
        if (d.side === side) word(d.index);
        break;
      case 'node-unmatched':
        if (d.side === side) node(d.node.path);
        break;
      case 'node-span':
      case 'node-type':
        node((side === 'a' ? d.a : d.b).path);
        break;
      case 'entity-only':
        if (d.side === side) entity(d.index);
        break;
      case 'entity-type':
      case 'entity-extent':
        entity(side === 'a' ? d.a : d.b);
        break;
      default:
        break;
    }
  }
  return [...out];
}
