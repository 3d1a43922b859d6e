// Waiting for an API job to end, as the studio does: poll until it is no longer running. The test's own
// timeout bounds the wait.

/** Polls every `everyMs` until `stateOf` the polled value is not `running`; returns that last value. */
export async function untilJobEnds<T>(
  poll: () => T | Promise<T>,
  stateOf: (polled: T) => string,
  everyMs = 10,
): Promise<T> {
  for (;;) {
    const polled = await poll();
    if (stateOf(polled) !== 'running') return polled;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
