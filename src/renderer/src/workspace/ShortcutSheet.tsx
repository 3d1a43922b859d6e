import { useEffect, useRef, useState } from 'react';
import { entityKeyProblems, shortcutSheet } from '../../../core/edit/keymap';
import { type AnnotationSettings, EntityTypeKey } from '../../../core/edit/settings';

interface Props {
  settings: AnnotationSettings;
  onSave(settings: AnnotationSettings): Promise<void>;
  onClose(): void;
}

/** Entity keys as the sheet edits them: one `key TYPE name…` per line. */
function keysText(s: AnnotationSettings): string {
  return s.entityTypes.map((t) => `${t.key} ${t.type}${t.name ? ` ${t.name}` : ''}`).join('\n');
}

function readKeys(text: string): { value: EntityTypeKey[]; problems: string[] } {
  const value: EntityTypeKey[] = [];
  const problems: string[] = [];
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .forEach((line, i) => {
      const [key = '', type = '', ...name] = line.split(/\s+/);
      const parsed = EntityTypeKey.safeParse({ key: key.toLowerCase(), type, name: name.join(' ') });
      if (parsed.success) value.push(parsed.data);
      else problems.push(`line ${i + 1}: ${parsed.error.issues[0]!.message}`);
    });
  return { value, problems: [...problems, ...entityKeyProblems(value)] };
}

/**
 * The shortcut sheet (`?`): every key of the workspace, generated from the same table the keys are
 * dispatched from, and the project's entity keys and label set, which can be edited here.
 */
export function ShortcutSheet({ settings, onSave, onClose }: Props) {
  const [keys, setKeys] = useState(keysText(settings));
  const [labels, setLabels] = useState(settings.treeLabels.join(' '));
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
  }, []);
  const sheet = shortcutSheet(settings.entityTypes);

  const save = (): void => {
    const read = readKeys(keys);
    if (read.problems.length > 0) {
      setError(read.problems.join('; '));
      return;
    }
    const treeLabels = labels.split(/\s+/).filter(Boolean);
    onSave({ entityTypes: read.value, treeLabels }).then(
      () => setError(null),
      (err: Error) => setError(err.message),
    );
  };

  return (
    <div
      className="sheet-backdrop"
      onPointerDown={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        const typing =
          (e.target as HTMLElement).tagName === 'TEXTAREA' || (e.target as HTMLElement).tagName === 'INPUT';
        if (e.key === 'Escape' || (e.key === '?' && !typing)) {
          e.preventDefault();
          onClose();
        }
        e.stopPropagation();
      }}
    >
      <div className="sheet" role="dialog" aria-label="Keyboard shortcuts" tabIndex={-1} ref={dialog}>
        <header className="panel-head">
          <strong>Keyboard shortcuts</strong>
          <span className="spacer" />
          <button type="button" onClick={onClose}>
            Close (Esc)
          </button>
        </header>
        <div className="sheet-groups">
          {sheet.map((g) => (
            <section key={g.group}>
              <h3>{g.group}</h3>
              <table>
                <tbody>
                  {g.rows.map((r) => (
                    <tr key={r.label}>
                      <td className="sheet-keys">
                        {r.keys.map((k) => (
                          <kbd key={k}>{k}</kbd>
                        ))}
                      </td>
                      <td>{r.label}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
        <p className="sheet-mouse muted">
          With the mouse: click a word, node or entity to select and hear it (Shift extends); drag over words
          to select them; drag a word boundary or an entity edge to move it; click the time ruler (or
          Alt+click the waveform) to put the playhead there; the wheel zooms, Shift+wheel scrolls;
          double-click to rename.
        </p>
        <section className="sheet-settings">
          <h3>This project’s entity keys and labels</h3>
          <label>
            Entity keys, one per line: <span className="mono">key TYPE description</span>
            <textarea className="mono" rows={4} value={keys} onChange={(e) => setKeys(e.target.value)} />
          </label>
          <label>
            Node labels offered when bracketing (space-separated; labels already used are offered too)
            <input className="mono field wide" value={labels} onChange={(e) => setLabels(e.target.value)} />
          </label>
          <div className="row">
            <button type="button" onClick={save}>
              Save for this project
            </button>
            {error && <span className="error-text">{error}</span>}
          </div>
        </section>
      </div>
    </div>
  );
}
