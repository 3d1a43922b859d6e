// Re-aligning the utterance's words with SIEVE's forced aligner from the workspace: the alignment runs as
// a job in the app process (a worker thread there), followed here with its progress and a way to cancel
// it; the words it places arrive as one edit of the gold standard, undone with Ctrl+Z like any other.
// Aligning selected words that the annotator set by hand asks first, never moving them silently.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AlignOutcome, type JobStatus } from '../../../core/api/contract';
import { isConfirmedWord } from '../../../core/gold/wordMarks';
import { call } from '../bridge';
import { useJob } from '../components/useJob';
import type { GoldEditor } from './useGoldEditor';
import { actingLayer, useActingAs } from '../team/actingAs';

/** Confirmed words of the selection the annotator is asked about before they are moved. */
export interface AlignQuestion {
  words: readonly [number, number];
  confirmed: { index: number; text: string }[];
}

/** The workspace's aligner: start, follow, confirm and cancel a re-alignment. */
export interface Aligner {
  /** The running alignment's progress (seconds of audio aligned of the total), or null when none runs. */
  progress: { phase: string; done: number; total: number } | null;
  /** The question waiting for the annotator's answer, or null. */
  question: AlignQuestion | null;
  /** Aligns the selected words (`whole` false, with words selected) or the whole utterance. */
  start(whole: boolean): void;
  /** Answers the question: move the confirmed words too (true) or leave everything as it is. */
  answer(move: boolean): void;
  cancel(): void;
}

/** What the annotator is told once an alignment has saved its words. */
function summary(o: AlignOutcome): string {
  const words = (list: number[]): string =>
    list.map((i) => `“${o.state.gold.words[i]?.text ?? i + 1}”`).join(', ');
  const parts = [
    `Aligned ${o.aligned.length} word${o.aligned.length === 1 ? '' : 's'} (words ${o.first + 1}–${o.last + 1}, ` +
      `${o.startSec.toFixed(2)}–${o.endSec.toFixed(2)} s); Ctrl+Z undoes it.`,
  ];
  if (o.unplaced.length > 0) parts.push(`Not placed, kept where they were: ${words(o.unplaced)}.`);
  if (o.guessed.length > 0) parts.push(`Pronunciation guessed from the spelling: ${o.guessed.join(', ')}.`);
  parts.push(...o.warnings);
  return parts.join(' ');
}

/** Re-alignment of utterance `utteranceId`; `span` is the selected words (null: none). */
export function useAlign(
  utteranceId: string,
  editor: GoldEditor,
  span: readonly [number, number] | null,
): Aligner {
  const [question, setQuestion] = useState<AlignQuestion | null>(null);
  const { say, adopt } = editor;
  const onEnd = useCallback(
    (status: JobStatus) => {
      if (status.state === 'done') {
        const outcome = AlignOutcome.safeParse(status.result);
        if (!outcome.success) {
          say({ kind: 'error', text: 'The alignment ended without its words; reload the utterance.' });
          return;
        }
        adopt(outcome.data.state);
        say({ kind: 'note', text: summary(outcome.data) });
      } else if (status.error?.code === 'CANCELLED')
        say({ kind: 'note', text: 'Alignment cancelled; nothing changed.' });
      else say({ kind: 'error', text: `Not aligned: ${status.error?.message ?? 'the alignment failed'}` });
    },
    [say, adopt],
  );
  const job = useJob(onEnd);
  // Read by the key handlers between renders.
  const busy = useRef(false);
  const selected = useRef(span);
  useLayoutEffect(() => {
    busy.current = job.running;
    selected.current = span;
  });

  // The layer aligned: the one the studio acts on.
  const annotator = useActingAs().annotator;
  const send = useCallback(
    async (words: readonly [number, number] | null, moveConfirmed: boolean) => {
      // The store aligns what it holds: edits still being saved go first.
      editor.finish('edit');
      await editor.settled();
      say({ kind: 'note', text: 'Aligning…' });
      await job.follow(
        call('gold:align', {
          utteranceId,
          ...(words ? { words: { first: words[0], last: words[1] } } : {}),
          ...(moveConfirmed ? { moveConfirmed: true } : {}),
          ...actingLayer(annotator),
        }),
      );
    },
    [editor, job, say, utteranceId, annotator],
  );

  const start = useCallback(
    (whole: boolean) => {
      if (busy.current) {
        say({ kind: 'error', text: 'An alignment is running: wait for it, or cancel it first.' });
        return;
      }
      const words = whole ? null : selected.current;
      const gold = editor.current();
      const confirmed: AlignQuestion['confirmed'] = [];
      if (words)
        for (let i = words[0]; i <= words[1]; i++)
          if (gold.words[i] && isConfirmedWord(gold.words[i]!))
            confirmed.push({ index: i, text: gold.words[i]!.text });
      if (confirmed.length > 0) setQuestion({ words: words!, confirmed });
      else void send(words, false);
    },
    [editor, say, send],
  );

  const answer = useCallback(
    (move: boolean) => {
      const q = question;
      setQuestion(null);
      if (q && move) void send(q.words, true);
      else if (q) say({ kind: 'note', text: 'Not aligned: the words set by hand stay where they are.' });
    },
    [question, say, send],
  );

  const cancel = useCallback(() => {
    if (job.job && job.running) void call('job:cancel', { jobId: job.job.id });
  }, [job.job, job.running]);

  // The job could not even start (nothing to align, no audio, a read-only project): say why.
  useEffect(() => {
    if (job.failure) say({ kind: 'error', text: `Not aligned: ${job.failure}` });
  }, [job.failure, say]);
  return {
    progress:
      job.running && job.job ? { phase: job.job.phase, done: job.job.done, total: job.job.total } : null,
    question,
    start,
    answer,
    cancel,
  };
}
