// Blind annotation in the API. SIEVE has no login: it is one person's tool, answering the Electron window
// over IPC and, through the browser host, whoever holds the host's token — and any of those may act as the
// adjudicator, as the studio's "Acting as" choice lets them. So blindness cannot keep a determined reader
// from the other layers; what it does is make the answers to a request made as an annotator hold nothing of
// the other annotators' work while the project annotates blind, whatever the client believes the setting
// to be (another window may have just turned it on). A request is made as an annotator when it says so:
// `as` on the methods that read several annotators' work, `annotator` on `utterance:list` (their list); a
// request naming one layer reads that layer only. A request that says nothing is the adjudicator's.
// Keeping an annotator from the others' work for certain is what `sieve export-annotator` is for: the
// project it writes holds nothing else.
import { AppError } from '../../core/errors';
import { annotatorId, teamSettings } from '../store/annotatorStore';
import type { Db } from '../store/openDatabase';

/**
 * The annotator a request is made as, when the project annotates blind and it names one (NOT_FOUND for a
 * name the project does not have); null when the answer may show every annotator's work.
 */
export function blindAnnotator(db: Db, as: string | undefined): { id: number; name: string } | null {
  if (as === undefined) return null;
  const id = annotatorId(db, as);
  return teamSettings(db).blind ? { id, name: as } : null;
}

/**
 * Refuses (FORBIDDEN) a request made as an annotator while the project annotates blind, for an answer
 * that would show the other annotators' work (`what` says which, for the message).
 */
export function refuseWhenBlind(db: Db, as: string | undefined, what: string): void {
  const blind = blindAnnotator(db, as);
  if (blind)
    throw new AppError(
      'FORBIDDEN',
      `The project annotates blind: ${what} shows the other annotators' work, which "${blind.name}" does not see.`,
      { annotator: blind.name },
    );
}
