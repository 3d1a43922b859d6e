// The levels of the N-best breakdown (Kleinbauer et al. Table 3) named as tables head them, and the plain
// note a table carries when the gold has no labels for some of them.
import { UNLABELLED } from './labels';

/** A group's key at each level. */
export interface BreakdownKey {
  accuracy: string;
  knowledge: string;
  input: string;
}

/** How a table heads each level. */
export const LEVEL_NAMES: Readonly<Record<keyof BreakdownKey, string>> = {
  accuracy: 'Accuracy class',
  knowledge: 'Knowledge class',
  input: 'Input kind',
};

/**
 * The levels no utterance has a label for (every group `unlabelled` there), in table order, and a sentence
 * saying so; null when every level has at least one label.
 */
export function missingLabelsNote(groups: readonly BreakdownKey[]): string | null {
  if (groups.length === 0) return null;
  const levels = (Object.keys(LEVEL_NAMES) as (keyof BreakdownKey)[]).filter((k) =>
    groups.every((g) => g[k] === UNLABELLED),
  );
  if (levels.length === 0) return null;
  const names = levels.map((k) => LEVEL_NAMES[k].toLowerCase());
  if (levels.length === 3)
    return `No utterance has an accuracy class, knowledge class or input kind label, so there is nothing to break down by: one group, “${UNLABELLED}”, holds every scored utterance.`;
  const list = names.length === 1 ? names[0]! : `${names[0]!} or ${names[1]!}`;
  return `No utterance has a${/^[aeiou]/.test(list) ? 'n' : ''} ${list} label, so ${levels.length === 1 ? 'that level has' : 'those levels have'} one group, “${UNLABELLED}”.`;
}
