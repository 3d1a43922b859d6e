import { useEffect, useState } from 'react';
import { call } from '../bridge';
import { useActingAs } from './actingAs';

/** Rows read per call of `utterance:list` (its largest page). */
const PAGE = 5000;

/**
 * The ids of every utterance the list shows with `filter` (acting as an annotator: among theirs), read
 * page by page while `wanted`; null while they are read or not wanted.
 */
export function useListIds(filter: string, wanted: boolean, version: number): string[] | null {
  const annotator = useActingAs().annotator;
  const [ids, setIds] = useState<{ key: string; ids: string[] } | null>(null);
  const key = JSON.stringify([filter, annotator, version]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void (async () => {
      const mine = annotator !== null ? { annotator } : {};
      const out: string[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await call('utterance:list', { filter, offset, limit: PAGE, ...mine });
        for (const u of page.items) out.push(u.id);
        if (!live || page.items.length < PAGE || out.length >= page.total) break;
      }
      if (live) setIds({ key, ids: out });
    })().catch(() => live && setIds({ key, ids: [] }));
    return () => {
      live = false;
    };
  }, [wanted, filter, annotator, key]);
  return wanted && ids?.key === key ? ids.ids : null;
}
