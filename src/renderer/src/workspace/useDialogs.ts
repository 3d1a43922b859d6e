// The workspace's dialogs: a label prompt, a tree dialog and the shortcut sheet. A refusal when a
// dialog's answer is applied is shown like any other; the keys wait while a dialog is open.
import { useCallback, useState } from 'react';
import { EditRefused } from '../../../core/edit/editRefused';
import type { PromptRequest } from './LabelPrompt';
import type { TreeDialogRequest } from './TreeDialog';

/** The dialog open, if any, and how to open and close each. */
export interface Dialogs {
  prompt: PromptRequest | null;
  treeDialog: TreeDialogRequest | null;
  sheet: boolean;
  /** True while any dialog is open. */
  open: boolean;
  openPrompt(req: PromptRequest): void;
  openTreeDialog(req: TreeDialogRequest): void;
  closePrompt(): void;
  closeTreeDialog(): void;
  setSheet(open: boolean): void;
  toggleSheet(): void;
}

/** `f`, with an edit it refuses reported to `refuse` instead of thrown. */
function guarded<A extends unknown[]>(f: (...args: A) => void, refuse: (message: string) => void) {
  return (...args: A): void => {
    try {
      f(...args);
    } catch (err) {
      if (err instanceof EditRefused) refuse(err.message);
      else throw err;
    }
  };
}

/** The dialogs' state; refusals of their answers go to `refuse`. */
export function useDialogs(refuse: (message: string) => void): Dialogs {
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [treeDialog, setTreeDialog] = useState<TreeDialogRequest | null>(null);
  const [sheet, setSheet] = useState(false);
  const openPrompt = useCallback(
    (req: PromptRequest) => setPrompt({ ...req, onSubmit: guarded(req.onSubmit, refuse) }),
    [refuse],
  );
  const openTreeDialog = useCallback(
    (req: TreeDialogRequest) =>
      setTreeDialog(
        req.kind === 'add'
          ? { ...req, onSubmit: guarded(req.onSubmit, refuse) }
          : req.kind === 'delete'
            ? { ...req, onSubmit: guarded(req.onSubmit, refuse) }
            : req,
      ),
    [refuse],
  );
  const closePrompt = useCallback(() => setPrompt(null), []);
  const closeTreeDialog = useCallback(() => setTreeDialog(null), []);
  const toggleSheet = useCallback(() => setSheet((s) => !s), []);
  return {
    prompt,
    treeDialog,
    sheet,
    open: prompt !== null || treeDialog !== null || sheet,
    openPrompt,
    openTreeDialog,
    closePrompt,
    closeTreeDialog,
    setSheet,
    toggleSheet,
  };
}
