// One colour per system, the same in every plot, table marker and report.

/** Tableau 10 (Vega's default categorical scheme): ten hues that stay distinct on screen and on paper. */
export const SYSTEM_PALETTE = [
  '#4c78a8',
  '#f58518',
  '#e45756',
  '#72b7b2',
  '#54a24b',
  '#eeca3b',
  '#b279a2',
  '#ff9da6',
  '#9d755d',
  '#bab0ac',
] as const;

/**
 * The colour of system `systemId`. It depends on the id alone, never on which systems a view or a plot
 * happens to show, so a system keeps its colour everywhere (the eleventh system reuses the first hue).
 */
export function systemColour(systemId: number): string {
  const k =
    (((Math.trunc(systemId) - 1) % SYSTEM_PALETTE.length) + SYSTEM_PALETTE.length) % SYSTEM_PALETTE.length;
  return SYSTEM_PALETTE[k]!;
}
