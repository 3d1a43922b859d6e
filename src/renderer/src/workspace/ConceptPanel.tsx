import { useImperativeHandle, useRef, useState } from 'react';
import type { GoldConcept, GoldLabels, GoldRecords } from '../../../core/gold/records';
import { ConceptJsonEditor } from './ConceptJsonEditor';
import type { ConceptFields } from './conceptJson';

interface Props {
  gold: GoldRecords;
  /** Saves new values of the panel's fields as one edit. */
  onCommit(fields: Partial<ConceptFields>, label: string): void;
  /** Shows a valid JSON edit at once; `onFinish` saves the burst. */
  onPreview(fields: ConceptFields): void;
  onFinish(label: string): void;
  focusRef: { current: (() => void) | null };
}

const LABEL_CHOICES = {
  inputKind: ['text', 'asr'],
  accuracyClass: ['perfect-1', 'perfect-many', 'imperfect-1', 'imperfect-many'],
  knowledgeClass: ['known', 'unknown-oov', 'unknown-non-oov'],
} as const;

/** A text field that saves when it loses the focus or on Enter (Esc puts the saved value back). */
function Field(props: { value: string; label: string; onSave(v: string): void; className?: string }) {
  const [draft, setDraft] = useState(props.value);
  const [seen, setSeen] = useState(props.value);
  if (seen !== props.value) {
    setSeen(props.value);
    setDraft(props.value);
  }
  return (
    <input
      className={props.className ?? 'field'}
      aria-label={props.label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => draft !== props.value && props.onSave(draft)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        if (e.key === 'Escape') {
          setDraft(props.value);
          (e.target as HTMLInputElement).blur();
        }
      }}
    />
  );
}

/**
 * Attribute–value concepts, gold N-best interpretations and the utterance's characterisation labels
 * (Kleinbauer et al. §5), as a small form or, with the JSON switch, as JSON in Monaco.
 */
export function ConceptPanel({ gold, onCommit, onPreview, onFinish, focusRef }: Props) {
  const [json, setJson] = useState(false);
  const [problems, setProblems] = useState(0);
  const panel = useRef<HTMLElement>(null);
  useImperativeHandle(
    focusRef,
    () => () =>
      panel.current
        ?.querySelector<HTMLElement>(
          '.concept-form input, .concept-form button, .json-host textarea, .json-host .native-edit-context',
        )
        ?.focus(),
    [],
  );

  const setConcept = (i: number, c: GoldConcept | null): void => {
    const concepts = [...gold.concepts];
    if (c) concepts[i] = c;
    else concepts.splice(i, 1);
    onCommit({ concepts }, c ? 'edit a concept' : 'delete a concept');
  };
  const setInterpretation = (i: number, t: string | null): void => {
    const interpretations = [...gold.interpretations];
    if (t !== null) interpretations[i] = t;
    else interpretations.splice(i, 1);
    onCommit({ interpretations }, t !== null ? 'edit an interpretation' : 'delete an interpretation');
  };
  const setLabel = (key: keyof GoldLabels, value: string | boolean | undefined): void => {
    const labels: Record<string, unknown> = { ...gold.labels };
    if (value === undefined || value === '' || value === false) delete labels[key];
    else labels[key] = value;
    onCommit({ labels: labels as GoldLabels }, `set ${key}`);
  };

  return (
    <section className="panel concept-panel" aria-label="Concepts and interpretations" ref={panel}>
      <header className="panel-head">
        <span>Concepts · interpretations · labels</span>
        <span className="spacer" />
        {json && problems > 0 && (
          <span className="badge bad">
            {problems} problem{problems > 1 ? 's' : ''}: not saved
          </span>
        )}
        <label className="muted">
          <input
            type="checkbox"
            checked={json}
            onChange={(e) => {
              setJson(e.target.checked);
              setProblems(0);
            }}
          />{' '}
          JSON
        </label>
      </header>
      {json ? (
        <ConceptJsonEditor gold={gold} onPreview={onPreview} onFinish={onFinish} onProblems={setProblems} />
      ) : (
        <div className="concept-form">
          <table className="concepts">
            <tbody>
              {gold.concepts.map((c, i) => (
                <tr key={i}>
                  <td>
                    <Field
                      value={c.attribute}
                      label={`attribute ${i + 1}`}
                      onSave={(v) => (v ? setConcept(i, { ...c, attribute: v }) : setConcept(i, null))}
                    />
                  </td>
                  <td>:</td>
                  <td>
                    <Field
                      value={c.value}
                      label={`value ${i + 1}`}
                      onSave={(v) => setConcept(i, { ...c, value: v })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="icon"
                      aria-label={`delete concept ${i + 1}`}
                      onClick={() => setConcept(i, null)}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            onClick={() =>
              onCommit(
                { concepts: [...gold.concepts, { attribute: 'attribute', value: '' }] },
                'add a concept',
              )
            }
          >
            + concept
          </button>
          <h3>Interpretations (gold N-best)</h3>
          {gold.interpretations.map((t, i) => (
            <div key={i} className="row">
              <Field
                className="field wide mono"
                value={t}
                label={`interpretation ${i + 1}`}
                onSave={(v) => setInterpretation(i, v)}
              />
              <button
                type="button"
                className="icon"
                aria-label={`delete interpretation ${i + 1}`}
                onClick={() => setInterpretation(i, null)}
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() =>
              onCommit({ interpretations: [...gold.interpretations, ''] }, 'add an interpretation')
            }
          >
            + interpretation
          </button>
          <h3>Labels</h3>
          <div className="labels-row">
            {(Object.keys(LABEL_CHOICES) as (keyof typeof LABEL_CHOICES)[]).map((k) => (
              <label key={k} className="muted">
                {k}{' '}
                <select
                  value={gold.labels[k] ?? ''}
                  onChange={(e) => setLabel(k, e.target.value || undefined)}
                >
                  <option value="">—</option>
                  {LABEL_CHOICES[k].map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <label className="muted">
              <input
                type="checkbox"
                checked={gold.labels.cantRepresent ?? false}
                onChange={(e) => setLabel('cantRepresent', e.target.checked)}
              />{' '}
              can’t represent
            </label>
          </div>
        </div>
      )}
    </section>
  );
}
