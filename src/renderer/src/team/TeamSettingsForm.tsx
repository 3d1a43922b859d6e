import { useId } from 'react';
import type { AnnotatorList, TeamSettings } from '../../../core/api/annotators';

/**
 * The team settings: the annotator the project's owner works as, and blind annotation. Each change is
 * saved at once (`onChange`); `busy` while one is saved, when the controls take no change (they stay
 * enabled, so a keyboard user keeps their place).
 */
export function TeamSettingsForm({
  team,
  busy,
  onChange,
}: {
  team: AnnotatorList;
  busy: boolean;
  onChange(settings: Partial<TeamSettings>): void;
}) {
  const id = useId();
  return (
    <div className="team-settings" aria-busy={busy}>
      <p>
        <label htmlFor={`${id}-owner`}>The owner works as</label>{' '}
        <select
          id={`${id}-owner`}
          value={team.owner ?? ''}
          disabled={team.annotators.length === 0}
          onChange={(e) => !busy && onChange({ owner: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">nobody (not set)</option>
          {team.annotators.map((a) => (
            <option key={a.name} value={a.name}>
              {a.name}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label>
          <input
            type="checkbox"
            checked={team.blind}
            onChange={(e) => !busy && onChange({ blind: e.target.checked })}
            aria-describedby={`${id}-blind`}
          />{' '}
          Blind annotation
        </label>{' '}
        <span className="muted" id={`${id}-blind`}>
          {team.blind
            ? 'on: an annotator’s workspace shows none of the other annotators’ work on an utterance'
            : 'off: an annotator’s workspace may show the other annotators’ layers, read\u2011only'}
        </span>
      </p>
    </div>
  );
}
