// Diagnostics of the core parsers as Monaco markers: both use 1-based lines and columns; a marker covers
// the token at the diagnostic's offset, so the squiggle underlines the offending label or word.
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import type { Diagnostic } from '../../../core/text/diagnostics';

/** The markers for `diagnostics` found in `text`. */
export function toMarkers(
  monaco: typeof MonacoApi,
  text: string,
  diagnostics: readonly Diagnostic[],
): MonacoApi.editor.IMarkerData[] {
  return diagnostics.map((d) => {
    let end = d.offset;
    while (end < text.length && !/[\s()]/.test(text[end]!)) end++;
    const length = Math.max(1, end - d.offset);
    return {
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: d.line,
      endColumn: d.column + length,
      message: d.message,
      code: d.code,
      severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    };
  });
}
