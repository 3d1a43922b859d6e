import { useEffect, useState } from 'react';
import type { ScoringSettings, ScoringSettingsState } from '../../../core/api/contract';
import { call } from '../bridge';

type Choice<K extends keyof ScoringSettings> = { value: ScoringSettings[K]; label: string }[];

const COSTS: Choice<'costs'> = [
  { value: 'sclite', label: 'sclite (sub 4, ins 3, del 3)' },
  { value: 'equal', label: 'equal (1, 1, 1)' },
];
const ALIGNERS: Choice<'neAligner'> = [
  { value: 'text', label: 'text' },
  { value: 'phonetic', label: 'phonetic' },
  { value: 'time', label: 'time' },
];
const MAPPINGS: Choice<'neMapping'> = [
  { value: 'greedy', label: 'greedy' },
  { value: 'optimal', label: 'optimal' },
];
const NORMALISERS: Choice<'normaliser'> = [
  { value: 'none', label: 'none (words as written)' },
  { value: 'whisper-en-1', label: 'whisper-en-1 (English: case, punctuation, numbers, spellings)' },
];
const WORD_ALIGNMENTS: Choice<'wordAlignment'> = [
  { value: 'text', label: 'text (words only)' },
  { value: 'time-mediated', label: 'time-mediated (sclite -T: word times break ties)' },
  { value: 'collar', label: 'time-constrained (words paired only within the collar)' },
];
const PUNCTUATION: Choice<'nePunctuation'> = [
  { value: 'drop', label: 'dropped (speech, Burger et al.)' },
  { value: 'keep', label: 'kept (as conlleval)' },
];

/** How a setting reads in the form, for the "default" hint next to a changed field. */
function shown(v: unknown): string {
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
}

/**
 * The project's scoring settings, once per project: alignment costs, case, the entity aligner, tolerance
 * and mapping, Struct-IoU's flexible terminals, the normaliser and GLM file applied before WER, and how WER
 * aligns words (as text, time-mediated, or within a collar). Each field shows its default; saving rescores.
 */
export function ScoringSettingsForm({ onSaved }: { onSaved(): void }) {
  const [state, setState] = useState<ScoringSettingsState | null>(null);
  const [draft, setDraft] = useState<ScoringSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    call('scoring:getSettings', {}).then(
      (s) => {
        setState(s);
        setDraft(s.settings);
      },
      (e: Error) => setError(e.message),
    );
  }, []);

  if (!state || !draft) return error ? <p className="error-text">Scoring settings: {error}</p> : null;
  const d = state.defaults;
  const set = <K extends keyof ScoringSettings>(k: K, v: ScoringSettings[K]): void =>
    setDraft({ ...draft, [k]: v });
  const hint = <K extends keyof ScoringSettings>(k: K) => (
    <span className={draft[k] === d[k] ? 'default-hint' : 'default-hint changed'}>
      default: {shown(d[k])}
    </span>
  );
  const select = <
    K extends 'costs' | 'neAligner' | 'neMapping' | 'nePunctuation' | 'normaliser' | 'wordAlignment',
  >(
    k: K,
    label: string,
    options: Choice<K>,
  ) => (
    <label className="setting">
      <span>{label}</span>
      <select value={draft[k]} onChange={(e) => set(k, e.target.value as ScoringSettings[K])}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint(k)}
    </label>
  );
  const setGlm = (glm: ScoringSettings['glm']): void => {
    const { glm: _old, ...rest } = draft;
    setDraft(glm ? { ...rest, glm } : rest);
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(state.settings);
  const save = (): void => {
    setSaving(true);
    setError(null);
    call('scoring:setSettings', { settings: draft }).then(
      (s) => {
        setState(s);
        setDraft(s.settings);
        setSaving(false);
        onSaved();
      },
      (e: Error) => {
        setError(e.message);
        setSaving(false);
      },
    );
  };
  return (
    <form
      className="scoring-settings"
      aria-label="Scoring settings"
      data-testid="scoring-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="settings-title">
        <strong>Scoring settings of this project</strong>{' '}
        <span className="muted">
          — every figure&apos;s signature names them; saving rescores every system
        </span>
      </div>
      {select('costs', 'Word and concept alignment costs', COSTS)}
      <label className="setting">
        <span>Ignore case</span>
        <input
          type="checkbox"
          checked={draft.ignoreCase}
          onChange={(e) => set('ignoreCase', e.target.checked)}
        />
        {hint('ignoreCase')}
      </label>
      {select('normaliser', 'Text normaliser (WER)', NORMALISERS)}
      {select('wordAlignment', 'Word alignment (WER)', WORD_ALIGNMENTS)}
      {draft.wordAlignment === 'collar' && (
        <label className="setting">
          <span>Collar (seconds)</span>
          <input
            type="number"
            min={0}
            max={3600}
            step={0.01}
            value={draft.collarSec}
            onChange={(e) => {
              const v = e.target.valueAsNumber;
              if (Number.isFinite(v) && v >= 0 && v <= 3600) set('collarSec', v);
            }}
          />
          {hint('collarSec')}
        </label>
      )}
      <div
        className="setting"
        title="NIST global mapping rules applied to gold and system words before WER, as csrfilt.sh -i trn"
      >
        <span>GLM file (WER)</span>
        <span data-testid="glm-setting">
          {draft.glm ? `${draft.glm.name}${draft.glm.sha256 ? ` #${draft.glm.sha256}` : ''}` : 'none'}
        </span>
        <input
          type="file"
          accept=".glm,text/plain"
          aria-label="GLM file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            // The text goes to the project; the application checks it and computes its hash on saving.
            file.text().then(
              (text) => setGlm({ name: file.name, text, sha256: '' }),
              (err: Error) => setError(`${file.name}: ${err.message}`),
            );
          }}
        />
        {draft.glm && (
          <button type="button" onClick={() => setGlm(undefined)}>
            Remove
          </button>
        )}
        <span className={draft.glm ? 'default-hint changed' : 'default-hint'}>default: none</span>
      </div>
      {select('neAligner', 'Entity word aligner', ALIGNERS)}
      <label className="setting">
        <span>Entity extent tolerance (words)</span>
        <input
          type="number"
          min={0}
          max={10}
          step={1}
          value={draft.neTolerance}
          onChange={(e) => set('neTolerance', Math.max(0, Math.min(10, Math.round(Number(e.target.value)))))}
        />
        {hint('neTolerance')}
      </label>
      {select('neMapping', 'Entity mapping', MAPPINGS)}
      {select('nePunctuation', 'Punctuation tokens (entities)', PUNCTUATION)}
      <label className="setting">
        <span>Struct-IoU flexible terminals</span>
        <input
          type="checkbox"
          checked={draft.flexibleTerminals}
          onChange={(e) => set('flexibleTerminals', e.target.checked)}
        />
        {hint('flexibleTerminals')}
      </label>
      <label
        className="setting"
        title="Off: an utterance without a system's output is scored as an empty hypothesis (sclite's rule)"
      >
        <span>Only utterances with output</span>
        <input
          type="checkbox"
          checked={draft.onlyCovered}
          onChange={(e) => set('onlyCovered', e.target.checked)}
        />
        {hint('onlyCovered')}
      </label>
      <div className="settings-buttons">
        <button
          type="button"
          onClick={() => setDraft(d)}
          disabled={JSON.stringify(draft) === JSON.stringify(d)}
        >
          Defaults
        </button>
        <button type="submit" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save and rescore'}
        </button>
        {error && <span className="error-text">{error}</span>}
      </div>
    </form>
  );
}
