// An utterance opened from an error of the ASR error lists: its system is shown; once that system's
// alignment is in, the error is found, its gold word selected and, once the audio can play, its stretch
// played with some context either side.
import { useEffect, useRef, useState } from 'react';
import type { GoldRecords } from '../../../core/gold/records';
import type { Selection } from '../../../core/edit/selection';
import { CONTEXT_SEC, type ErrorFocus, type ErrorTarget, findError } from './errorFocus';
import type { Player } from './usePlayer';
import type { EditMessage } from './useGoldEditor';
import type { SystemScores } from './useSystemScores';

/** What the error focus reads and does. */
export interface ErrorFocusParts {
  focus: ErrorFocus | null;
  system: SystemScores;
  /** The gold words shown. */
  words: GoldRecords['words'];
  /** The utterance's interval in its recording (what is played stays within it). */
  startSec: number;
  endSec: number;
  select(selection: Selection): void;
  say(message: EditMessage): void;
  player: Pick<Player, 'ready' | 'playRange' | 'reveal'>;
}

/** Finds, selects and plays the error `focus` names; returns its step in the system's alignment to mark. */
export function useErrorFocus({
  focus,
  system,
  words,
  startSec,
  endSec,
  select,
  say,
  player,
}: ErrorFocusParts): number | null {
  const [target, setTarget] = useState<(ErrorTarget & { words: GoldRecords['words'] }) | null>(null);
  const { choose } = system;
  useEffect(() => {
    if (focus) choose(focus.systemId);
  }, [focus, choose]);
  const steps = focus && system.systemId === focus.systemId ? system.scores?.words?.steps : undefined;
  // Found once, while rendering (the selection and the mark show in the same frame as the alignment).
  const [found, setFound] = useState(false);
  if (focus && steps && !found) {
    setFound(true);
    const t = findError(focus, steps, words, system.output?.words ?? []);
    if (t) {
      setTarget({ ...t, words });
      if (t.goldWord !== null) select({ kind: 'words', anchor: t.goldWord, focus: t.goldWord });
    } else say({ kind: 'note', text: `“${focus.key}” is not among this utterance's word errors.` });
  }
  const played = useRef(false);
  const { ready, playRange, reveal } = player;
  useEffect(() => {
    if (!target || !ready || played.current) return;
    played.current = true;
    const a = Math.max(startSec, target.startSec - CONTEXT_SEC);
    const b = Math.min(endSec, target.endSec + CONTEXT_SEC);
    reveal(a, b);
    playRange(a, b);
  }, [target, ready, playRange, reveal, startSec, endSec]);
  // The mark stays while the words it was found in are shown (an edit realigns the system's words).
  return target && target.words === words && system.systemId === focus?.systemId ? target.step : null;
}
