// What the workspace shows only from its second frame on (the panels under the time axis): the first
// frame of an utterance is only the time axis, so that it is drawn within a frame.
import { useEffect, useState } from 'react';

/** False for the component's first frame, true from the frame after it (what can wait one frame). */
export function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAfter(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return after;
}
