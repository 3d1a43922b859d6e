// Monaco, bundled locally and loaded on demand (this module is only reached through a dynamic import, so
// the project view never pays for it). Only the editor core and the contributions the workspace uses are
// included; the one worker comes from our own origin (`?worker`), never from a CDN.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { registerBracketLanguage } from './bracketLanguage';
import { registerJsonLanguage } from './jsonLanguage';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

window.MonacoEnvironment = { getWorker: () => new EditorWorker() };
registerBracketLanguage(monaco);
registerJsonLanguage(monaco);

/** The Monaco API. */
export type Monaco = typeof monaco;
export default monaco;
