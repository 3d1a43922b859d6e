// Edits an annotator asks for that cannot be made as asked. The message is shown to them as it is, so it
// says what was refused and why, in the studio's words ("the selection crosses a bracket").

/** An edit refused for a reason the annotator can act on (not a bug: invariant violations are BugErrors). */
export class EditRefused extends Error {
  override name = 'EditRefused';
}

/** Throws `EditRefused` with `message` unless `ok`. */
export function refuseUnless(ok: boolean, message: string): asserts ok {
  if (!ok) throw new EditRefused(message);
}
