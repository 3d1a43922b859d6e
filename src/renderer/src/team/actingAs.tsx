// Who the studio works as: the adjudicator (the adjudicated layer, which systems are scored against) or
// one of the project's annotators (their own layer). The choice is kept per project in the browser's
// local storage. While acting as an annotator with blind annotation on, nothing of the other annotators'
// work on an utterance is loaded, let alone shown.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { AnnotatorList, LayerRef } from '../../../core/api/annotators';
import { call } from '../bridge';
import './team.css';

/** The layer the studio works on and whether the project annotates blind. */
export interface ActingAs {
  /** The annotator acted as; null: the adjudicator. */
  annotator: string | null;
  blind: boolean;
}

const ADJUDICATOR: ActingAs = { annotator: null, blind: true };

const ActingAsContext = createContext<ActingAs>(ADJUDICATOR);

/** Provides the choice to the list and the workspace. */
export const ActingAsProvider = ActingAsContext.Provider;

/** Who the studio works as. */
export function useActingAs(): ActingAs {
  return useContext(ActingAsContext);
}

/** The layer the API calls name when acting as `annotator`: theirs, or none (the adjudicated layer). */
export function actingLayer(annotator: string | null): { layer?: LayerRef } {
  return annotator === null ? {} : { layer: { annotator } };
}

/** Whether the other annotators' work is hidden: acting as an annotator, in a project that annotates blind. */
export function hidesOthers(acting: ActingAs): boolean {
  return acting.annotator !== null && acting.blind;
}

/** What a change of the team touched: the annotators or settings only, or the assignments (and so layers). */
export type TeamChange = 'team' | 'assignments';

/** The readers of the team that read it again when the studio changes it (see `announceTeamChange`). */
const teamReaders = new Set<(change: TeamChange) => void>();

/**
 * Tells the readers of the team (the "acting as" choice and its counts, the agreement section after an
 * assignment) that the project page's team section changed it, so they read it again.
 */
export function announceTeamChange(change: TeamChange): void {
  for (const read of teamReaders) read(change);
}

/** A number that changes after each change of the team of kind `kind` made in the studio. */
export function useTeamChanges(kind: TeamChange): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const read = (change: TeamChange): void => {
      if (change === kind) setChanges((n) => n + 1);
    };
    teamReaders.add(read);
    return () => {
      teamReaders.delete(read);
    };
  }, [kind]);
  return changes;
}

/** The stored choice's key: one per project file. */
function storageKey(projectPath: string): string {
  return `sieve.actingAs:${projectPath}`;
}

/** What the studio's "acting as" choice needs: the project's annotators, who is chosen, and the setter. */
export interface ActingAsChoiceState {
  acting: ActingAs;
  /** The team is read: until then nothing is shown, so no layer is opened as the wrong person. */
  ready: boolean;
  team: AnnotatorList | null;
  choose(annotator: string | null): void;
}

/** The choice stored for a project: an annotator's name, null for the adjudicator, undefined for none. */
function storedChoice(projectPath: string | null): string | null | undefined {
  if (projectPath === null) return undefined;
  try {
    const raw = localStorage.getItem(storageKey(projectPath));
    if (raw === null) return undefined;
    const annotator = (JSON.parse(raw) as { annotator?: unknown }).annotator;
    return typeof annotator === 'string' || annotator === null ? annotator : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The "acting as" choice of the project at `projectPath` (null while it opens): as stored for it, else
 * the owner's annotator when the project names one, else the adjudicator. A stored annotator the project
 * no longer has falls back the same way. The annotators and their counts are read again whenever
 * `refresh` changes.
 */
export function useActingAsChoice(projectPath: string | null, refresh: number): ActingAsChoiceState {
  const [team, setTeam] = useState<AnnotatorList | null>(null);
  const [, setChosen] = useState(0);
  const [teamChanges, setTeamChanges] = useState(0);
  const stored = storedChoice(projectPath);
  // A change of the team in the studio (a new owner, say) does not change who the studio works as: the
  // choice in effect is stored before the team is read again.
  const keep = useRef<() => void>(() => undefined);
  useEffect(() => {
    const read = (): void => {
      keep.current();
      setTeamChanges((n) => n + 1);
    };
    teamReaders.add(read);
    return () => {
      teamReaders.delete(read);
    };
  }, []);
  useEffect(() => {
    if (projectPath === null) return;
    let live = true;
    call('annotator:list', {}).then(
      (list) => live && setTeam(list),
      () => live && setTeam({ annotators: [], owner: null, blind: true }),
    );
    return () => {
      live = false;
    };
  }, [projectPath, refresh, teamChanges]);
  const choose = useCallback(
    (annotator: string | null) => {
      if (projectPath === null) return;
      localStorage.setItem(storageKey(projectPath), JSON.stringify({ annotator }));
      setChosen((n) => n + 1);
    },
    [projectPath],
  );
  const names = new Set(team?.annotators.map((a) => a.name) ?? []);
  const fallback = team?.owner && names.has(team.owner) ? team.owner : null;
  const annotator = stored === undefined || (stored !== null && !names.has(stored)) ? fallback : stored;
  const chosen = team ? annotator : null;
  const blind = team?.blind ?? true;
  useEffect(() => {
    keep.current = () => {
      if (projectPath !== null && team !== null && storedChoice(projectPath) === undefined)
        localStorage.setItem(storageKey(projectPath), JSON.stringify({ annotator: chosen }));
    };
  }, [projectPath, team, chosen]);
  // One object while the choice stands, so the context's readers render again only when it changes.
  const acting = useMemo(() => ({ annotator: chosen, blind }), [chosen, blind]);
  return {
    acting,
    ready: team !== null,
    team,
    choose,
  };
}

/** The "acting as" choice in the top bar; shown once the project has annotators. */
export function ActingAsChoice({ state, onChosen }: { state: ActingAsChoiceState; onChosen(): void }) {
  const { team, acting, choose } = state;
  if (!team || team.annotators.length === 0) return null;
  return (
    <label
      className="acting-as"
      title="The layer you annotate: your own as an annotator, or the adjudicated one"
    >
      Acting as{' '}
      <select
        data-testid="acting-as"
        value={acting.annotator ?? ''}
        onChange={(e) => {
          choose(e.target.value === '' ? null : e.target.value);
          onChosen();
        }}
      >
        <option value="">adjudicator</option>
        {team.annotators.map((a) => (
          <option key={a.name} value={a.name}>
            {a.name}
            {a.name === team.owner ? ' (owner)' : ''} — {a.done}/{a.assigned} done
          </option>
        ))}
      </select>
      {acting.annotator !== null && acting.blind && <span className="muted"> · blind</span>}
    </label>
  );
}
