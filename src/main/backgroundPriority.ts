// Background work (an import parsing and writing in its worker thread) runs at a lower scheduling priority
// than the thread that answers the studio, so that on a machine with few cores the studio keeps its speed
// while an import runs: the import takes the processor time the studio leaves. Linux schedules threads one
// by one and names the calling thread in /proc/thread-self; elsewhere the work keeps the process's priority.
import fs from 'node:fs';
import os from 'node:os';

/** The niceness background threads run at (0 is normal, 19 the lowest priority). */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's scheduling priority to {@link BACKGROUND_NICENESS} (never raises it); returns
 * the thread's niceness afterwards, or null where threads cannot be given their own priority.
 */
export function runInBackground(): number | null {
  let tid: number;
  try {
    tid = Number(lastPart(fs.readlinkSync('/proc/thread-self')));
  } catch {
    return null;
  }
  if (!Number.isInteger(tid) || tid <= 0) return null;
  try {
    if (os.getPriority(tid) < BACKGROUND_NICENESS) os.setPriority(tid, BACKGROUND_NICENESS);
    return os.getPriority(tid);
  } catch {
    return null;
  }
}

const lastPart = (link: string): string => link.slice(link.lastIndexOf('/') + 1);
