// A small JSON colouring for the concepts panel (Monaco's JSON language service would add a worker of
// its own; the workspace checks the JSON itself and reports problems as markers).
import type * as MonacoApi from 'monaco-editor/editor/editor.api';

/** The language id of the concepts' JSON form. */
export const JSON_LANGUAGE = 'sieve-json';

/** Registers the language (once). */
export function registerJsonLanguage(monaco: typeof MonacoApi): void {
  monaco.languages.register({ id: JSON_LANGUAGE });
  monaco.languages.setLanguageConfiguration(JSON_LANGUAGE, {
    brackets: [
      ['{', '}'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '"', close: '"', notIn: ['string'] },
    ],
  });
  monaco.languages.setMonarchTokensProvider(JSON_LANGUAGE, {
    tokenizer: {
      root: [
        [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'string.key.json'],
        [/"(?:[^"\\]|\\.)*"/, 'string.value.json'],
        [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, 'number'],
        [/\b(?:true|false|null)\b/, 'keyword'],
        [/[{}[\],:]/, 'delimiter'],
        [/\s+/, 'white'],
      ],
    },
  });
}
