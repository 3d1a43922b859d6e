// How an audio file's state reads in the studio and the command line.
import type { AudioState } from './schemas';

const TEXT: Record<AudioState, string> = {
  ok: 'present and unchanged',
  missing: 'missing',
  changed: 'changed since it was added',
  outside: 'outside the project folder',
  'not-a-file': 'not a regular file',
};

/** A few words saying what is wrong with an audio file, to follow "is" ("missing", "not a regular file"). */
export function describeAudioState(state: AudioState): string {
  return TEXT[state];
}
