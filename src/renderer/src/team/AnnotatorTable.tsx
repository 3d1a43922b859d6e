import type { AnnotatorList } from '../../../core/api/annotators';

/**
 * The project's annotators, each with the utterances assigned to them (of the project's) and how many of
 * those they have marked done or reviewed, as figures and as a bar.
 */
export function AnnotatorTable({ team, utterances }: { team: AnnotatorList; utterances: number }) {
  if (team.annotators.length === 0)
    return (
      <p className="muted team-pad" data-testid="team-empty">
        No annotators yet. Add the first below; the project’s owner usually works as one of them.
      </p>
    );
  return (
    <table className="dashboard-table team-table" data-testid="team-annotators" aria-label="Annotators">
      <thead>
        <tr>
          <th>Annotator</th>
          <th className="num">Assigned</th>
          <th className="num">Done</th>
          <th>Progress</th>
        </tr>
      </thead>
      <tbody>
        {team.annotators.map((a) => (
          <tr key={a.name} data-annotator={a.name}>
            <th scope="row">
              {a.name}
              {a.name === team.owner && <span className="badge">owner</span>}
            </th>
            <td className="num" data-figure="assigned">
              {a.assigned} <span className="muted">of {utterances} utt.</span>
            </td>
            <td className="num" data-figure="done">
              {a.assigned === 0 ? (
                <span className="muted">—</span>
              ) : (
                <>
                  {a.done} <span className="muted">of {a.assigned}</span>
                </>
              )}
            </td>
            <td>
              {a.assigned > 0 && (
                <progress
                  max={a.assigned}
                  value={Math.min(a.done, a.assigned)}
                  aria-label={`${a.name}: ${a.done} of ${a.assigned} assigned utterances done`}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
      <caption className="muted">
        Assigned: utterances given to the annotator, of the project’s {utterances}. Done: their own layers
        marked done or reviewed, of those assigned (— when none is assigned).
      </caption>
    </table>
  );
}
