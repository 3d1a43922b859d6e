import { useEffect, useRef } from 'react';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import type { GoldRecords } from '../../../core/gold/records';
import { JSON_LANGUAGE } from '../monaco/jsonLanguage';
import { toMarkers } from '../monaco/markers';
import { useMonacoModule } from '../monaco/useMonacoModule';
import { type ConceptFields, conceptJson, readConceptJson } from './conceptJson';

/** The JSON form in Monaco: valid edits show at once and save after a pause in typing. */
export function ConceptJsonEditor({
  gold,
  onPreview,
  onFinish,
  onProblems,
}: {
  gold: GoldRecords;
  onPreview(fields: ConceptFields): void;
  onFinish(label: string): void;
  onProblems(n: number): void;
}) {
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
