// What waits until the first frame of an utterance is on screen, so that its first draw stays within a
// frame: a tier's hit areas (invisible until hovered), and the workspace's panels under the time axis.
import { useEffect, useState } from 'react';

/** False during the first paint of the component, true from the task after it. */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return after;
}

/** False for the component's first frame, true from the frame after it (what can wait one frame). */
export function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAfter(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return after;
}
