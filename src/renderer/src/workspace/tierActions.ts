// What the tiers ask of the workspace when the mouse is used on them. One stable object, so the tiers
// (memoized) do not re-render when the workspace does.
import type { GoldRecords } from '../../../core/gold/records';
import type { NodePath } from '../../../core/edit/treePaths';
import type { TimeAxis } from './timeAxis';

/** Callbacks from the tiers to the workspace. */
export interface TierActions {
  axis: TimeAxis;
  /** Bounds of the audio, for boundary drags. */
  limits: { minSec: number; maxSec: number };
  selectWords(anchor: number, focus: number): void;
  selectNodes(path: NodePath, extend: boolean): void;
  selectEntity(index: number): void;
  /** Plays words `first..last`. */
  playWords(first: number, last: number): void;
  rename(): void;
  /** The records now (a drag starts from them). */
  current(): GoldRecords;
  /** Shows one step of a drag. */
  preview(next: GoldRecords): void;
  /** Ends a drag: saved as one edit. */
  finish(label: string): void;
  /** Shows why a drag step was refused. */
  refuse(message: string): void;
}
