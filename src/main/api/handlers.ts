import type { Handlers } from '../../core/api/contract';
import { SIEVE_VERSION } from '../../core/version';
import type { Session } from './session';

/** The implementation of every API method, shared by the Electron and browser transports. */
export function createHandlers(session: Session) {
  return {
    'app:info': () => ({
      version: SIEVE_VERSION,
      transport: session.transport,
      projectPath: session.projectPath,
    }),
    'project:open': ({ path }) => session.open(path).summary(),
    'project:summary': () => session.project.summary(),
    'utterance:list': () => session.project.listUtterances(),
    'utterance:get': ({ utteranceId }) => session.project.getUtterance(utteranceId),
    'utterance:setStatus': ({ utteranceId, status }) => session.project.setStatus(utteranceId, status),
    'utterance:page': ({ offset, limit, filter }) => session.project.pageUtterances(offset, limit, filter),
    'gold:get': ({ utteranceId }) => session.project.goldState(utteranceId),
    'gold:applyDiff': ({ utteranceId, diff, label }) =>
      session.project.applyGoldDiff(utteranceId, diff, label),
    'gold:undo': ({ utteranceId }) => session.project.undoRedo(utteranceId, 'undo'),
    'gold:redo': ({ utteranceId }) => session.project.undoRedo(utteranceId, 'redo'),
    'system:list': () => session.project.systems(),
    'audio:peaks': ({ audioId }) => session.project.peaks(audioId),
  } satisfies Handlers;
}
