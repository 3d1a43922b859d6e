import { useCallback, useEffect, useState } from 'react';
import type { AnnotatorList, TeamSettings } from '../../../core/api/annotators';
import type { ApiErrorShape } from '../../../core/errors';
import { ErrorNote } from '../components/ErrorNote';
import { ApiCallError, call } from '../bridge';
import { announceTeamChange, type TeamChange } from './actingAs';
import { AddAnnotator } from './AddAnnotator';
import { AnnotatorTable } from './AnnotatorTable';
import { AssignForm } from './AssignForm';
import { TeamSettingsForm } from './TeamSettingsForm';

function apiError(e: unknown): ApiErrorShape {
  return e instanceof ApiCallError ? e.error : { code: 'INTERNAL', message: String(e) };
}

/** What a change of the team settings did, in words. */
function settingsText(change: Partial<TeamSettings>, team: AnnotatorList): string {
  if (change.owner !== undefined)
    return team.owner === null
      ? 'The owner works as nobody now.'
      : `The owner works as ${team.owner} now (the “Acting as” choice in the top bar is unchanged).`;
  return team.blind ? 'Blind annotation is on.' : 'Blind annotation is off.';
}

/**
 * The project page's team section: the annotators with what they are assigned and have done, a new
 * annotator, the owner's annotator, blind annotation and assignments, all through the API's annotator
 * and assignment methods. Each change is read back from the project and announced to the "acting as"
 * choice. `count` is the project's number of utterances; `filter` and `selectedId` are the list's.
 */
export function TeamSection({
  count,
  filter,
  selectedId,
}: {
  count: number;
  filter: string;
  selectedId: string | null;
}) {
  const [team, setTeam] = useState<AnnotatorList | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call('annotator:list', {}).then(
      (t) => live && setTeam(t),
      (e: unknown) => live && setError(apiError(e)),
    );
    return () => {
      live = false;
    };
  }, [version]);
  const changed = useCallback((change: TeamChange = 'team') => {
    setVersion((n) => n + 1);
    announceTeamChange(change);
  }, []);
  const setSettings = useCallback(
    (change: Partial<TeamSettings>) => {
      setBusy(true);
      setSaid(null);
      call('annotator:setSettings', change)
        .then(
          (t) => {
            setTeam(t);
            setError(null);
            setSaid(settingsText(change, t));
            changed();
          },
          (e: unknown) => setError(apiError(e)),
        )
        .finally(() => setBusy(false));
    },
    [changed],
  );

  const n = team?.annotators.length ?? 0;
  return (
    <section className="dashboard team" aria-labelledby="team-heading" data-testid="team" data-own-keys="">
      <header className="dashboard-head">
        <h2 id="team-heading">Team</h2>
        {team && (
          <span className="muted" data-testid="team-summary">
            {n} {n === 1 ? 'annotator' : 'annotators'} · owner works as {team.owner ?? 'nobody (not set)'} ·
            blind annotation {team.blind ? 'on' : 'off'} · {count} utterances in the project
          </span>
        )}
      </header>
      {error && <ErrorNote error={error} />}
      {team === null ? (
        !error && <p className="muted team-pad">Reading the team…</p>
      ) : (
        <div className="team-body">
          <div>
            <AnnotatorTable team={team} utterances={count} />
            <AddAnnotator
              names={team.annotators.map((a) => a.name)}
              onAdded={(name) => {
                setSaid(`Added ${name}.`);
                changed('team');
              }}
            />
          </div>
          <div>
            <TeamSettingsForm team={team} busy={busy} onChange={setSettings} />
            {said && (
              <p className="team-done" role="status" data-testid="team-said">
                {said}
              </p>
            )}
            <AssignForm
              team={team}
              filter={filter}
              selectedId={selectedId}
              version={version}
              onAssigned={() => changed('assignments')}
            />
          </div>
        </div>
      )}
    </section>
  );
}
