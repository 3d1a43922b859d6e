// Performance marks around the work the workspace must do within a frame: drawing an utterance with its
// tree and entities, and applying an edit. The end-to-end tests read the measures (`sieve:draw`,
// `sieve:edit`, and the same with `+effects` once the editor and the waveform have caught up), and a
// playhead tick that moves the current word (`sieve:tick`).

const open = new Set<string>();

/** Marks the start of a measured piece of main-thread work. */
export function markStart(name: 'draw' | 'edit'): void {
  performance.mark(`sieve:${name}:start`);
  open.add(name);
}

/**
 * Ends a measure once React has committed: reading the layout of `root` forces style and layout, so
 * the figure includes them and not just the script.
 */
export function markEnd(name: 'draw' | 'edit', root: HTMLElement | null, phase: '' | '+effects' = ''): void {
  const key = name + phase;
  if (!open.has(name) || open.has(key + ':done')) return;
  root?.getBoundingClientRect();
  performance.measure(`sieve:${key}`, `sieve:${name}:start`);
  open.add(key + ':done');
  if (phase === '+effects') {
    open.delete(name);
    open.delete(name + ':done');
    open.delete(key + ':done');
  }
}

/**
 * Measures a playhead tick that started at `startMs` (`performance.now()`), once what it updates is shown:
 * React's updates of the tick run in a microtask queued before this one, and reading the layout of `root`
 * then forces style and layout.
 */
export function measureTick(startMs: number, root: HTMLElement | null): void {
  queueMicrotask(() => {
    root?.getBoundingClientRect();
    performance.measure('sieve:tick', { start: startMs });
  });
}
