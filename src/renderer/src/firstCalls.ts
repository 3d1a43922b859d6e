// The calls a page load makes first (the app, the project's summary, the first rows of its list), sent as
// soon as the script runs rather than one after another once the first render asks for them.
import type { Input, Output } from '../../core/api/contract';
import { call } from './bridge';

/** Sends `method` now; its answer waits for the first `takeFirst` of that method. */
function early<M extends 'app:info' | 'project:summary' | 'utterance:list'>(
  method: M,
  input: Input<M>,
): Promise<Output<M>> {
  const p = call(method, input);
  // Not taken (the page opened an utterance, say): its failure is nobody's.
  p.catch(() => undefined);
  return p;
}

const first: {
  'app:info': Promise<Output<'app:info'>> | null;
  'project:summary': Promise<Output<'project:summary'>> | null;
  'utterance:list': Promise<Output<'utterance:list'>> | null;
} = { 'app:info': null, 'project:summary': null, 'utterance:list': null };

/** Sends the first calls, the list's window as `listWindow`; `main.tsx` does it before the first render. */
export function sendFirstCalls(listWindow: Input<'utterance:list'>): void {
  first['app:info'] = early('app:info', {});
  first['project:summary'] = early('project:summary', {});
  first['utterance:list'] = early('utterance:list', listWindow);
}

/** The answer of the first call of `method` sent at start, once; null when taken already or never sent. */
export function takeFirst<M extends keyof typeof first>(method: M): (typeof first)[M] {
  const p = first[method];
  first[method] = null;
  return p;
}
