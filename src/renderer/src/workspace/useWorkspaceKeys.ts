// The workspace's keyboard: one listener on the window maps key presses through the keymap to commands.
// Keys typed into a field (the text editors, a prompt) stay there.
import { useEffect } from 'react';
import { EditRefused } from '../../../core/edit/editRefused';
import type { Command } from '../../../core/edit/keymap';
import { strokeId } from '../../../core/edit/keymap';
import { isTyping } from '../hooks/useApi';

/** Dispatches key presses to `run` while `active`; refusals go to `refuse`. */
export function useWorkspaceKeys(
  keymap: Map<string, Command>,
  active: boolean,
  run: (cmd: Command) => void,
  refuse: (message: string) => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent): void => {
      if (isTyping(e) || e.defaultPrevented) return;
      const cmd = keymap.get(strokeId(e));
      if (!cmd) return;
      e.preventDefault();
      try {
        run(cmd);
      } catch (err) {
        if (err instanceof EditRefused) refuse(err.message);
        else throw err;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keymap, active, run, refuse]);
}
