import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../../core/errors';
import { ApiCallError } from '../bridge';

/** The state of one asynchronous load. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: ApiErrorShape };

/** Runs `load` whenever `deps` change and exposes its progress; answers for stale deps are dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const key = JSON.stringify(deps);
  const [state, setState] = useState<{ key: string | null; loaded: Loaded<T> }>({
    key: null,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ key, loaded: { status: 'ready', value } }),
      (err: unknown) =>
        live &&
        setState({
          key,
          loaded: {
            status: 'error',
            error: err instanceof ApiCallError ? err.error : { code: 'INTERNAL', message: String(err) },
          },
        }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the caller's deps
  }, [key]);
  return state.key === key ? state.loaded : { status: 'loading' };
}

/**
 * Whether a keyboard event comes from a text field (global shortcuts must not fire there). Monaco may take
 * its input through an EditContext on a plain element, so anything inside an editor counts too.
 */
export function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return (
    !!t &&
    (t.tagName === 'INPUT' ||
      t.tagName === 'TEXTAREA' ||
      t.tagName === 'SELECT' ||
      t.isContentEditable ||
      t.closest?.('.monaco-editor') != null)
  );
}
