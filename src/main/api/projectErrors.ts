// SQLite errors met while serving a call on the open project, answered as what they mean for the user.
import { sqliteFailure } from '../store/projectFile';
import type { Session } from './session';

/**
 * Wraps every handler so that an SQLite error from the open project answers with a code and a message that
 * names the file (damaged: BAD_FILE with what may be saved; read-only: READ_ONLY; locked too long:
 * CONFLICT) instead of an internal error. Any other error passes through unchanged.
 */
export function withProjectErrors<H extends object>(session: Session, handlers: H): H {
  const fail = (err: unknown): never => {
    const file = session.projectPath;
    throw file ? sqliteFailure(file, err) : err;
  };
  const wrapped: Record<string, unknown> = {};
  for (const [method, handler] of Object.entries(handlers)) {
    wrapped[method] = (input: unknown): unknown => {
      try {
        const result: unknown = (handler as (input: unknown) => unknown)(input);
        return result instanceof Promise ? result.catch(fail) : result;
      } catch (err) {
        return fail(err);
      }
    };
  }
  return wrapped as H;
}
