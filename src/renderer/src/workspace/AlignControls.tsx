import { useEffect, useRef } from 'react';
import type { Aligner } from './useAlign';

interface Props {
  aligner: Aligner;
  /** Words are selected: "Align words" aligns them. */
  hasSelection: boolean;
}

/**
 * The toolbar's alignment buttons: align the selected words (A) or the whole utterance (Shift+A); while
 * an alignment runs, its progress and a button that cancels it.
 */
export function AlignControls({ aligner, hasSelection }: Props) {
  const p = aligner.progress;
  if (p)
    return (
      <span className="align-progress" role="status" aria-label="Alignment progress">
        {p.phase === 'aligning' && p.total > 0
          ? `Aligning… ${p.done.toFixed(1)} of ${p.total.toFixed(1)} s`
          : `Aligning… (${p.phase || 'starting'})`}
        <progress value={p.total > 0 ? p.done : undefined} max={p.total > 0 ? p.total : undefined} />
        <button type="button" onClick={aligner.cancel} title="Stop the alignment; nothing is changed">
          Cancel
        </button>
      </span>
    );
  return (
    <>
      <button
        type="button"
        onClick={() => aligner.start(false)}
        disabled={!hasSelection}
        title="Align the selected words again, between the nearest words set by hand (A)"
      >
        Align words
      </button>
      <button
        type="button"
        onClick={() => aligner.start(true)}
        title="Align the utterance again; the words set by hand stay where they are (Shift+A)"
      >
        Align utterance
      </button>
    </>
  );
}

/** Asks before aligning selected words the annotator set by hand (Enter moves them, Esc keeps them). */
export function AlignQuestionDialog({ aligner }: { aligner: Aligner }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const q = aligner.question;
  if (!q) return null;
  const names = q.confirmed.map((c) => `“${c.text}”`).join(', ');
  return (
    <div
      className="prompt tree-dialog"
      role="alertdialog"
      aria-label="Move words set by hand?"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          aligner.answer(false);
        }
      }}
    >
      <p>
        {names} {q.confirmed.length > 1 ? 'were' : 'was'} set by hand. Aligning words {q.words[0] + 1}–
        {q.words[1] + 1} again moves {q.confirmed.length > 1 ? 'them' : 'it'} too.
      </p>
      <div className="prompt-buttons">
        <button type="button" ref={first} onClick={() => aligner.answer(true)}>
          Align and move {q.confirmed.length > 1 ? 'them' : 'it'}
        </button>
        <button type="button" onClick={() => aligner.answer(false)}>
          Keep {q.confirmed.length > 1 ? 'them' : 'it'} (Esc)
        </button>
      </div>
    </div>
  );
}
