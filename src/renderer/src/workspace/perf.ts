// The workspace's performance measures, as User Timing entries (the DevTools performance panel shows them;
// the end-to-end tests read them as any page's entries): drawing an utterance (`sieve:draw`), showing an
// edit (`sieve:edit`), and a playhead tick that moves the current word (`sieve:tick`). Each runs from the
// start of the work to the end of the first frame that shows it. Measuring forces nothing: no layout is
// read, the browser renders the frame as it would anyway, and the measure is taken in the task after it.
import { useEffect, useLayoutEffect, useState } from 'react';
import { type Clock, currentWordAt } from './clock';

type Work = 'draw' | 'edit';

const started = new Map<Work, number>();
let afterFrame: (() => void)[] = [];

/**
 * Runs `f` as soon as the next frame has been rendered (style, layout and paint done): in a task of the
 * highest priority posted from the frame's animation callbacks, so that it runs ahead of the tasks that
 * were already waiting (those are not the frame's work).
 */
function afterNextFrame(f: () => void): void {
  afterFrame.push(f);
  if (afterFrame.length > 1) return;
  const run = (): void => {
    const due = afterFrame;
    afterFrame = [];
    for (const g of due) g();
  };
  requestAnimationFrame(() => {
    if ('scheduler' in globalThis) void scheduler.postTask(run, { priority: 'user-blocking' });
    else {
      const channel = new MessageChannel();
      channel.port1.onmessage = run;
      channel.port2.postMessage(null);
    }
  });
}

/** Marks the start of a measured piece of main-thread work. */
export function markStart(name: Work): void {
  started.set(name, performance.now());
}

/** Ends the measure of `name` (if started) once the frame that shows what React committed is rendered. */
function markShown(name: Work): void {
  const start = started.get(name);
  if (start === undefined) return;
  started.delete(name);
  afterNextFrame(() => performance.measure(`sieve:${name}`, { start }));
}

/**
 * Measures the workspace of `gold`: its first draw (from this hook's first call) and every edit shown
 * (started by the editor), and each playhead tick of `clock` that moves the current word of the records
 * `current()` gives.
 */
export function useWorkspaceMeasures(
  gold: unknown,
  clock: Clock,
  current: () => { words: readonly { startSec: number; endSec: number }[] },
): void {
  useState(() => markStart('draw'));
  useLayoutEffect(() => {
    markShown('draw');
    markShown('edit');
  }, [gold]);
  useEffect(() => {
    let shown = -2;
    return clock.onTick((start) => {
      const c = currentWordAt(current().words, clock.time);
      if (c === shown) return;
      shown = c;
      afterNextFrame(() => performance.measure('sieve:tick', { start }));
    });
  }, [clock, current]);
}
