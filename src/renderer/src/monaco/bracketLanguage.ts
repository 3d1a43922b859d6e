// Bracket trees (Penn Treebank style) as a Monaco language: labels after '(' are coloured apart from the
// words, brackets match and colour by depth, and label completion after '(' offers the project's labels.
import type * as MonacoApi from 'monaco-editor/editor/editor.api';

/** The language id of gold tree text. */
export const BRACKET_LANGUAGE = 'sieve-bracket';

let labelSource: () => readonly string[] = () => [];

/** Where the completion after '(' takes its labels from (the workspace's label set). */
export function setBracketLabels(source: () => readonly string[]): void {
  labelSource = source;
}

/** Registers the language, its colours and its completion (once). */
export function registerBracketLanguage(monaco: typeof MonacoApi): void {
  monaco.languages.register({ id: BRACKET_LANGUAGE });
  monaco.languages.setLanguageConfiguration(BRACKET_LANGUAGE, {
    brackets: [['(', ')']],
    autoClosingPairs: [{ open: '(', close: ')' }],
    surroundingPairs: [{ open: '(', close: ')' }],
    colorizedBracketPairs: [['(', ')']],
  });
  monaco.languages.setMonarchTokensProvider(BRACKET_LANGUAGE, {
    tokenizer: {
      root: [
        [/\(\s*/, { token: 'delimiter.parenthesis', next: '@label' }],
        [/\)/, 'delimiter.parenthesis'],
        [/[^\s()]+/, 'identifier'],
        [/\s+/, 'white'],
      ],
      label: [
        [/[^\s():]+:(?=[^\s()])/, 'type'],
        [/[^\s()]+/, { token: 'keyword', next: '@pop' }],
        [/(?=[()])/, { token: '', next: '@pop' }],
      ],
    },
  });
  monaco.languages.registerCompletionItemProvider(BRACKET_LANGUAGE, {
    triggerCharacters: ['('],
    provideCompletionItems(model, position) {
      const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const m = /\(\s*([^\s()]*)$/.exec(line);
      if (!m) return { suggestions: [] };
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: position.column - m[1]!.length,
        endColumn: position.column,
      };
      return {
        suggestions: labelSource().map((label) => ({
          label,
          kind: monaco.languages.CompletionItemKind.Class,
          insertText: label,
          range,
        })),
      };
    },
  });
  monaco.editor.defineTheme('sieve', {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '1c5fb8', fontStyle: 'bold' },
      { token: 'type', foreground: '9c36b5' },
      { token: 'identifier', foreground: '1d2733' },
      { token: 'string.key.json', foreground: '1c5fb8' },
      { token: 'string.value.json', foreground: '2b8a3e' },
      { token: 'number', foreground: 'c2255c' },
    ],
    colors: { 'editor.background': '#ffffff' },
  });
}
