// What scoring left out of the gold (parts an older version stored invalid), for the commands that score.
/**
 * One line per utterance and note, `sieve COMMAND: utterance "ID": note`, each said once over all systems;
 * `scores` are each system's utterance scores (or just their notes on the gold), by utterance id.
 */
export function goldNoteLines(
  command: string,
  scores: ReadonlyMap<number, ReadonlyMap<string, { readonly goldNotes?: readonly string[] }>>,
): string[] {
  const lines = new Set<string>();
  for (const m of scores.values())
    for (const [id, u] of m)
      for (const note of u.goldNotes ?? []) lines.add(`sieve ${command}: utterance "${id}": ${note}\n`);
  return [...lines];
}
