// The utterance's annotation status: shown at once when changed, then as the store saved it.
import { useCallback, useState } from 'react';
import type { AnnotationStatus } from '../../../core/model/schemas';
import { call } from '../bridge';
import { actingLayer, useActingAs } from '../team/actingAs';

/** The status of utterance `utteranceId` (starting at `initial`) and the function that changes it. */
export function useStatus(
  utteranceId: string,
  initial: AnnotationStatus,
  refuse: (message: string) => void,
): [AnnotationStatus, (next: AnnotationStatus) => void] {
  const [status, setStatus] = useState<AnnotationStatus>(initial);
  // The status of the layer the studio acts on.
  const annotator = useActingAs().annotator;
  const change = useCallback(
    (next: AnnotationStatus) => {
      setStatus(next);
      call('utterance:setStatus', { utteranceId, status: next, ...actingLayer(annotator) }).then(
        (saved) => setStatus(saved.status),
        (err: Error) => refuse(`Status not saved: ${err.message}`),
      );
    },
    [utteranceId, refuse, annotator],
  );
  return [status, change];
}
