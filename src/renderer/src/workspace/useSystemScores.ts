// The systems of the project and the chosen one's scores for the open utterance, re-fetched when the gold
// changes (the score cache makes an unchanged utterance cheap). The choice is kept for the tab, so moving
// to the next utterance keeps comparing the same system.
import { useCallback, useEffect, useState } from 'react';
import type { Output, SystemInfo } from '../../../core/api/contract';
import type { GoldRecords } from '../../../core/gold/records';
import type { UtteranceScores } from '../../../core/scoring/scoreUtterance';
import type { SystemOutput } from '../../../core/model/systemOutput';
import { call } from '../bridge';

const KEY = 'sieve-system';

/** What the tiers and the score panel show of a system. */
export interface SystemScores {
  systems: SystemInfo[];
  systemId: number | null;
  choose(id: number): void;
  /** Shows the next system (wrapping round); false when there is none to switch to. */
  next(): boolean;
  scores: UtteranceScores | null;
  output: SystemOutput | null;
}

/** Loads the systems and the chosen one's scores for `utteranceId`. */
export function useSystemScores(utteranceId: string, gold: GoldRecords): SystemScores {
  const [systems, setSystems] = useState<SystemInfo[]>([]);
  const [systemId, setSystemId] = useState<number | null>(() => Number(sessionStorage.getItem(KEY)) || null);
  const [scored, setScored] = useState<Output<'score:utterance'> | null>(null);

  useEffect(() => {
    call('system:list', {}).then(
      (list) => {
        setSystems(list);
        setSystemId((id) => (list.some((s) => s.id === id) ? id : (list[0]?.id ?? null)));
      },
      () => setSystems([]),
    );
  }, []);

  // A drag's preview steps change the gold many times a second: wait until it settles.
  useEffect(() => {
    if (systemId === null) return;
    const t = setTimeout(() => {
      call('score:utterance', { systemId, utteranceId }).then(setScored, () => setScored(null));
    }, 250);
    return () => clearTimeout(t);
  }, [systemId, utteranceId, gold]);

  const choose = useCallback((id: number) => {
    sessionStorage.setItem(KEY, String(id));
    setSystemId(id);
  }, []);
  const next = useCallback((): boolean => {
    if (systems.length < 2) return false;
    const k = systems.findIndex((s) => s.id === systemId);
    choose(systems[(k + 1) % systems.length]!.id);
    return true;
  }, [systems, systemId, choose]);

  const current =
    scored && scored.systemId === systemId && scored.utteranceId === utteranceId ? scored : null;
  return {
    systems,
    systemId,
    choose,
    next,
    scores: current?.scores ?? null,
    output: current?.output ?? null,
  };
}
