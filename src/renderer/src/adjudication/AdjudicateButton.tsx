import { useEffect, useState } from 'react';
import { call } from '../bridge';

/**
 * The utterance list's way into the adjudication view: a button for the selected utterance, shown when
 * two or more annotators have a layer of it (asked of the store once the selection rests on it).
 */
export function AdjudicateButton({
  utteranceId,
  onAdjudicate,
}: {
  utteranceId: string | null;
  onAdjudicate(id: string): void;
}) {
  const [annotators, setAnnotators] = useState<{ id: string; names: string[] } | null>(null);
  useEffect(() => {
    if (utteranceId === null) return;
    let live = true;
    const timer = setTimeout(() => {
      call('gold:layers', { utteranceId }).then(
        (r) => live && setAnnotators({ id: utteranceId, names: r.layers.map((l) => l.annotator) }),
        () => live && setAnnotators(null),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [utteranceId]);
  if (utteranceId === null || annotators?.id !== utteranceId || annotators.names.length < 2) return null;
  return (
    <button
      type="button"
      data-testid="adjudicate-selected"
      onClick={() => onAdjudicate(utteranceId)}
      title={`Compare ${annotators.names.join(', ')} on ${utteranceId} and take from them into the adjudicated layer`}
    >
      Adjudicate {utteranceId} ({annotators.names.length} annotators)
    </button>
  );
}
