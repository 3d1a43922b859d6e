// The workspace's keys, wired: the command environment is rebuilt at every render from the workspace's
// state and read by the (once attached) key listener through a ref.
import { useCallback, useLayoutEffect, useRef } from 'react';
import { EditRefused } from '../../../core/edit/editRefused';
import type { Command } from '../../../core/edit/keymap';
import type { CommandEnv } from './commandEnv';
import { runCommand } from './runCommand';
import { useWorkspaceKeys } from './useWorkspaceKeys';

/** Runs commands against the latest `env` (refusals go to `refuse`); keys are dispatched while `active`. */
export function useCommands(
  env: CommandEnv,
  keymap: Map<string, Command>,
  active: boolean,
  refuse: (message: string) => void,
): (cmd: Command) => void {
  const ref = useRef(env);
  useLayoutEffect(() => {
    ref.current = env;
  });
  const run = useCallback(
    (cmd: Command) => {
      try {
        runCommand(cmd, ref.current);
      } catch (err) {
        if (err instanceof EditRefused) refuse(err.message);
        else throw err;
      }
    },
    [refuse],
  );
  useWorkspaceKeys(keymap, active, run, refuse);
  return run;
}
