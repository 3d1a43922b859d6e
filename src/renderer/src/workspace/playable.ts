// Errors the scorer found play their audio when clicked, and from the keyboard too: Tab reaches them and
// Enter (or Space) plays, without the workspace's own keys seeing that key press.
import type { KeyboardEvent } from 'react';

/** Props that make an element a keyboard-reachable button that plays `play`. */
export function playable(play: () => void) {
  return {
    role: 'button' as const,
    tabIndex: 0,
    onClick: play,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        play();
      }
    },
  };
}
