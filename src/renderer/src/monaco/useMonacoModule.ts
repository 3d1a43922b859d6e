// Loads Monaco on first use (a separate chunk), shared by every editor of the workspace.
import { useEffect, useState } from 'react';
import type { Monaco } from './loadMonaco';

let loading: Promise<Monaco> | null = null;

/** Starts loading Monaco (idempotent). */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./loadMonaco').then((m) => m.default);
  return loading;
}

/** Monaco once it is loaded, else null; a failure to load is returned as an Error. */
export function useMonacoModule(): Monaco | Error | null {
  const [m, setM] = useState<Monaco | Error | null>(null);
  useEffect(() => {
    let live = true;
    loadMonaco().then(
      (mod) => live && setM(mod),
      (err: unknown) => live && setM(err instanceof Error ? err : new Error(String(err))),
    );
    return () => {
      live = false;
    };
  }, []);
  return m;
}
