import { useId, useState } from 'react';
import { annotatorNameProblem } from '../../../core/api/annotators';
import { ApiCallError, call } from '../bridge';

/** Why `name` cannot be added: the API's rule of names, then a name the team has already. */
function nameProblem(name: string, names: readonly string[]): string | null {
  const problem = annotatorNameProblem(name);
  if (problem) return `${problem[0]!.toUpperCase()}${problem.slice(1)}.`;
  return names.includes(name) ? `There is an annotator "${name}" already.` : null;
}

/**
 * Adds an annotator by name. A name the API would refuse is refused here with the same reason, under the
 * field; what the API refuses all the same (a read-only project, say) is shown there too.
 */
export function AddAnnotator({ names, onAdded }: { names: readonly string[]; onAdded(name: string): void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const add = async (): Promise<void> => {
    if (busy) return;
    const refused = nameProblem(name, names);
    if (refused) return setProblem(refused);
    setBusy(true);
    try {
      await call('annotator:add', { name });
      setName('');
      setProblem(null);
      onAdded(name);
    } catch (e) {
      setProblem(e instanceof ApiCallError ? e.error.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="team-add"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <label htmlFor={`${id}-name`}>New annotator</label>
      <input
        id={`${id}-name`}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setProblem(null);
        }}
        placeholder="name"
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <button type="submit" aria-disabled={busy}>
        Add annotator
      </button>
      {problem && (
        <p className="error-text" id={`${id}-problem`} role="alert" data-testid="team-add-problem">
          {problem}
        </p>
      )}
    </form>
  );
}
