import { type ReactNode, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import { formatTree, prettyTree } from '../../../core/edit/bracketFormat';
import { indexBracketText, textRangeOf } from '../../../core/edit/bracketIndex';
import { checkTreeText, type TreeCheck } from '../../../core/edit/treeCheck';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import type { Diagnostic } from '../../../core/text/diagnostics';
import { BRACKET_LANGUAGE, setBracketLabels } from '../monaco/bracketLanguage';
import { toMarkers } from '../monaco/markers';
import { useMonacoModule } from '../monaco/useMonacoModule';

interface Props {
  /** The tree's bracket text; null when there is no tree (the editor is read-only then). */
  text: string | null;
  typed: boolean;
  words: readonly string[];
  /** The workspace's selection (nodes or words), selected in the text when the editor does not have the focus. */
  reveal: SiblingRange | { words: readonly [number, number] } | null;
  labels: readonly string[];
  /** The annotator changed the text; `check` says whether it is a valid tree over the words. */
  onEdit(text: string, check: TreeCheck): void;
  /** The caret moved (by the annotator) to `offset` of `text`. */
  onCursor(offset: number, text: string): void;
  /** How many errors the text has now (0: it is the tree shown). */
  onProblems(count: number): void;
  onLeave(): void;
  onUndo(): void;
  onRedo(): void;
  focusRef: { current: (() => void) | null };
  /** Shown in the panel's header beside its title (the tree buttons). */
  menu?: ReactNode;
}

/** How many problems are listed in words under the text (all are underlined in it). */
const LISTED_PROBLEMS = 3;

/** The text shown for a tree's stored text: one constituent per line when it is a valid tree. */
function shownText(text: string, typed: boolean, words: readonly string[]): string {
  const c = checkTreeText(text, typed, words);
  return c.tree ? prettyTree(c.tree, { typed }) : text;
}

/** A text with its layout set aside: its tree's stored text when it is a valid tree, else the text itself. */
function layoutFree(text: string, typed: boolean, words: readonly string[]): string {
  const c = checkTreeText(text, typed, words);
  return c.tree ? formatTree(c.tree, { typed }) : text;
}

/**
 * The gold tree as bracket text in Monaco, in step with the drawing: edits are checked as they are typed
 * (unbalanced brackets, leaves that are not the words become markers, and are listed in words under the
 * text) and a valid text redraws the tree; the caret selects the node it is in, and a node selected in
 * the drawing is selected in the text. A tree is shown one constituent per line when the utterance opens,
 * when the tree changes outside the editor, and on Format (Shift+Alt+F); while the annotator types, the
 * layout is theirs (a text that is the tree shown is never rewritten). Ctrl+Z undoes typing that changed
 * no tree (an invalid text, a change of layout, a Format), and otherwise is the workspace's undo; Esc
 * returns to the tiers.
 */
export function BracketEditor(props: Props) {
  const monaco = useMonacoModule();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoApi.editor.IStandaloneCodeEditor | null>(null);
  const applying = useRef(false);
  const latest = useRef(props);
  const [problems, setProblems] = useState(0);
  const [diagnostics, setDiagnostics] = useState<readonly Diagnostic[]>([]);
  const formatRef = useRef<(() => void) | null>(null);
  // The text as last shown from the store or typed as a change of the tree. Typing since then (a text that
  // is not a tree yet, a change of layout, a Format) is undone as text before Ctrl+Z undoes saved edits.
  const synced = useRef('');
  const goToRef = useRef<((d: Diagnostic) => void) | null>(null);
  useEffect(() => {
    latest.current = props;
  });
  useImperativeHandle(props.focusRef, () => () => editorRef.current?.focus(), []);

  useEffect(() => {
    if (!monaco || monaco instanceof Error || !host.current) return;
    const m = monaco;
    setBracketLabels(() => latest.current.labels);
    const first = latest.current;
    const editor = m.editor.create(host.current, {
      value: first.text === null ? '' : shownText(first.text, first.typed, first.words),
      language: BRACKET_LANGUAGE,
      theme: 'sieve',
      readOnly: latest.current.text === null,
      minimap: { enabled: false },
      automaticLayout: true,
      fontSize: 13,
      lineNumbersMinChars: 3,
      scrollBeyondLastLine: false,
      wordWrap: 'on',
      renderLineHighlight: 'none',
      renderWhitespace: 'none',
      bracketPairColorization: { enabled: true },
      guides: { bracketPairs: true },
      tabSize: 2,
      // Brackets are the content here: typed and pasted exactly as they are, never added or wrapped around
      // a selection behind the annotator's back (the markers say when they do not balance).
      autoClosingBrackets: 'never',
      autoSurround: 'never',
      ariaLabel: 'Tree as bracket text',
      fixedOverflowWidgets: true,
    });
    editorRef.current = editor;
    const model = editor.getModel()!;
    synced.current = model.getValue();
    const check = (): TreeCheck => {
      const p = latest.current;
      const c = checkTreeText(model.getValue(), p.typed, p.words);
      m.editor.setModelMarkers(model, 'sieve', toMarkers(m, model.getValue(), c.diagnostics));
      const n = c.diagnostics.filter((d) => d.severity === 'error').length;
      setProblems(n);
      setDiagnostics(c.diagnostics);
      latest.current.onProblems(n);
      return c;
    };
    if (latest.current.text !== null) check();
    const subs = [
      model.onDidChangeContent(() => {
        const c = check();
        if (applying.current) return;
        const p = latest.current;
        if (c.tree && formatTree(c.tree, { typed: p.typed }) !== layoutFree(p.text ?? '', p.typed, p.words))
          synced.current = model.getValue();
        p.onEdit(model.getValue(), c);
      }),
      editor.onDidChangeCursorSelection((e) => {
        if (!applying.current && editor.hasTextFocus())
          latest.current.onCursor(model.getOffsetAt(e.selection.getPosition()), model.getValue());
      }),
    ];
    const leaveWhen = '!suggestWidgetVisible && !findWidgetVisible && !markersNavigationVisible';
    editor.addCommand(m.KeyCode.Escape, () => latest.current.onLeave(), leaveWhen);
    // Typing not in the gold standard (a text that is not a tree yet, a change of layout, a Format) is
    // undone here, as text; otherwise Ctrl+Z is the workspace's undo of the last saved edit.
    const unsaved = (): boolean => model.getValue() !== synced.current;
    const undo = (): void => (unsaved() ? editor.trigger('keyboard', 'undo', null) : latest.current.onUndo());
    const redo = (): void => (unsaved() ? editor.trigger('keyboard', 'redo', null) : latest.current.onRedo());
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.KeyZ, undo);
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyMod.Shift | m.KeyCode.KeyZ, redo);
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.KeyY, redo);
    // Format: the valid tree typed so far, one constituent per line (the tree does not change).
    formatRef.current = () => {
      const p = latest.current;
      const c = checkTreeText(model.getValue(), p.typed, p.words);
      if (!c.tree || p.text === null) return;
      const pretty = prettyTree(c.tree, { typed: p.typed });
      if (pretty === model.getValue()) return;
      editor.pushUndoStop();
      editor.executeEdits('format', [{ range: model.getFullModelRange(), text: pretty }]);
      editor.pushUndoStop();
      editor.setPosition({ lineNumber: 1, column: 1 });
    };
    editor.addCommand(m.KeyMod.Shift | m.KeyMod.Alt | m.KeyCode.KeyF, () => formatRef.current?.());
    goToRef.current = (d) => {
      editor.setPosition({ lineNumber: d.line, column: d.column });
      editor.revealPositionInCenterIfOutsideViewport({ lineNumber: d.line, column: d.column });
      editor.focus();
    };
    return () => {
      formatRef.current = null;
      goToRef.current = null;
      subs.forEach((s) => s.dispose());
      editorRef.current = null;
      editor.dispose();
      model.dispose();
    };
    // The editor lives as long as the workspace; later props are read through `latest`.
  }, [monaco]);

  // The tree changed outside the editor (a drawing edit, an undo, another tree): show its text.
  const { text, typed, words } = props;
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !monaco || monaco instanceof Error) return;
    const model = editor.getModel()!;
    editor.updateOptions({ readOnly: text === null });
    // The annotator's layout stays as long as the text is the tree shown; another tree is shown formatted.
    const value = model.getValue();
    const same =
      text === null ? value === '' : layoutFree(value, typed, words) === layoutFree(text, typed, words);
    if (!same) {
      applying.current = true;
      try {
        model.setValue(text === null ? '' : shownText(text, typed, words));
      } finally {
        applying.current = false;
      }
      synced.current = model.getValue();
    }
    const c = checkTreeText(model.getValue(), typed, words);
    monaco.editor.setModelMarkers(
      model,
      'sieve',
      text === null ? [] : toMarkers(monaco, model.getValue(), c.diagnostics),
    );
    const n = text === null ? 0 : c.diagnostics.filter((d) => d.severity === 'error').length;
    setProblems(n);
    setDiagnostics(text === null ? [] : c.diagnostics);
    latest.current.onProblems(n);
  }, [text, typed, words, monaco]);

  // The selection made in the drawing is selected in the text (unless the annotator is typing here).
  const { reveal } = props;
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !reveal || editor.hasTextFocus() || !monaco || monaco instanceof Error) return;
    const model = editor.getModel()!;
    // Located in the text as shown (the annotator's layout or the formatted one): the same tree either way.
    const range = textRangeOf(indexBracketText(model.getValue()), reveal);
    if (!range) return;
    const a = model.getPositionAt(range.start);
    const b = model.getPositionAt(range.end);
    applying.current = true;
    try {
      editor.setSelection(new monaco.Selection(a.lineNumber, a.column, b.lineNumber, b.column));
      editor.revealRangeInCenterIfOutsideViewport(
        new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column),
      );
    } finally {
      applying.current = false;
    }
  }, [reveal, monaco, text]);

  return (
    <section className="panel bracket-panel" aria-label="Bracket text">
      <header className="panel-head">
        <span>Bracket text</span>
        {props.menu}
        <span className="spacer" />
        {props.text !== null && (
          <span className={problems > 0 ? 'badge bad' : 'badge ok'} data-testid="bracket-status">
            {problems > 0 ? `${problems} problem${problems > 1 ? 's' : ''}: not saved` : 'valid'}
          </span>
        )}
        {props.text !== null && (
          <button
            type="button"
            className="small"
            data-testid="bracket-format"
            disabled={problems > 0}
            title={
              problems > 0
                ? 'Fix the problems first: only a valid tree is formatted'
                : 'One constituent per line (Shift+Alt+F)'
            }
            onClick={() => formatRef.current?.()}
          >
            Format
          </button>
        )}
        <span className="muted keys">B to edit · Esc back</span>
      </header>
      {props.text === null && (
        <div className="panel-hint muted">
          No tree yet: select words and press W to start one; its text appears here.
        </div>
      )}
      {monaco instanceof Error ? (
        <div className="error-note">The text editor could not be loaded: {monaco.message}</div>
      ) : (
        <div ref={host} className="monaco-host" data-testid="bracket-editor" aria-busy={!monaco} />
      )}
      {props.text !== null && <ProblemList diagnostics={diagnostics} onGo={(d) => goToRef.current?.(d)} />}
    </section>
  );
}

/**
 * The text's problems in words, under it: where (a button that puts the caret there) and what. Its
 * height is kept whether there are problems or not, so nothing below moves as the annotator types.
 */
function ProblemList({
  diagnostics,
  onGo,
}: {
  diagnostics: readonly Diagnostic[];
  onGo(d: Diagnostic): void;
}) {
  const shown = diagnostics.slice(0, LISTED_PROBLEMS);
  const more = diagnostics.length - shown.length;
  return (
    <div className="bracket-problems" data-testid="bracket-problems" role="status" aria-live="polite">
      {diagnostics.length === 0 ? (
        <span className="muted">No problems: the text is the tree drawn.</span>
      ) : (
        <ul>
          {shown.map((d, k) => (
            <li key={k} className={d.severity === 'error' ? 'error-text' : 'muted'}>
              <button type="button" className="link" onClick={() => onGo(d)}>
                line {d.line}, column {d.column}
              </button>
              : {d.message}
              {d.severity === 'error' ? '' : ' (a warning)'}
            </li>
          ))}
          {more > 0 && (
            <li className="muted">… and {more} more (underlined in the text; F8 goes to the next)</li>
          )}
        </ul>
      )}
    </div>
  );
}
