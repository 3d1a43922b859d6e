import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import type { GoldConcept, GoldLabels, GoldRecords } from '../../../core/gold/records';
import { JSON_LANGUAGE } from '../monaco/jsonLanguage';
import { toMarkers } from '../monaco/markers';
import { useMonacoModule } from '../monaco/useMonacoModule';
import { type ConceptFields, conceptJson, readConceptJson } from './conceptJson';

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

/** The JSON form in Monaco: valid edits show at once and save after a pause in typing. */
function JsonForm({
  gold,
  onPreview,
  onFinish,
  onProblems,
}: Pick<Props, 'gold' | 'onPreview' | 'onFinish'> & { onProblems(n: number): void }) {
  const monaco = useMonacoModule();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoApi.editor.IStandaloneCodeEditor | null>(null);
  const latest = useRef({ onPreview, onFinish, onProblems });
  useEffect(() => {
    latest.current = { onPreview, onFinish, onProblems };
  });
  const text = conceptJson(gold);

  useEffect(() => {
    if (!monaco || monaco instanceof Error || !host.current) return;
    const m = monaco;
    const editor = m.editor.create(host.current, {
      value: text,
      language: JSON_LANGUAGE,
      theme: 'sieve',
      minimap: { enabled: false },
      automaticLayout: true,
      fontSize: 13,
      lineNumbersMinChars: 3,
      scrollBeyondLastLine: false,
      tabSize: 2,
      // As in the bracket text: what is typed or pasted is what is there.
      autoClosingBrackets: 'never',
      autoClosingQuotes: 'never',
      autoSurround: 'never',
      ariaLabel: 'Concepts, interpretations and labels as JSON',
      fixedOverflowWidgets: true,
    });
    editorRef.current = editor;
    const model = editor.getModel()!;
    let timer = 0;
    const sub = model.onDidChangeContent(() => {
      if (!editor.hasTextFocus()) return;
      const read = readConceptJson(model.getValue());
      m.editor.setModelMarkers(model, 'sieve', toMarkers(m, model.getValue(), read.diagnostics));
      latest.current.onProblems(read.diagnostics.length);
      if (!read.value) return;
      latest.current.onPreview(read.value);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current.onFinish('edit concepts (JSON)'), 700);
    });
    const blur = editor.onDidBlurEditorText(() => {
      window.clearTimeout(timer);
      latest.current.onFinish('edit concepts (JSON)');
    });
    return () => {
      window.clearTimeout(timer);
      sub.dispose();
      blur.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
    // Created once; the text follows through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monaco]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || editor.hasTextFocus()) return;
    const model = editor.getModel()!;
    if (model.getValue() !== text) model.setValue(text);
  }, [text]);

  if (monaco instanceof Error) return <div className="error-note">The JSON editor could not be loaded.</div>;
  return <div ref={host} className="monaco-host json-host" data-testid="concept-json" />;
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
        <JsonForm gold={gold} onPreview={onPreview} onFinish={onFinish} onProblems={setProblems} />
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
