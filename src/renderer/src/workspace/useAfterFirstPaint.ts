// What a tier draws only once the first frame is on screen (hit areas that are invisible until hovered):
// the first draw of an utterance stays within a frame.
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
