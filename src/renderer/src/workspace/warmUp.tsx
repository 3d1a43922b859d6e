// The first utterance opened would otherwise pay for compiling the workspace's code and for the browser's
// first styling of its boxes. Once the studio is idle after starting, this runs the same code on a tiny
// utterance (the tiers and the transport bar rendered by React into a hidden element, then unmounted), so
// that cost is paid while nobody waits for a frame.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { GoldRecords } from '../../../core/gold/records';
import { loadTree } from '../../../core/edit/goldTrees';
import { buildKeymap } from '../../../core/edit/keymap';
import { selectionValid, selectionWords } from '../../../core/edit/selection';
import { Clock, currentWordAt } from './clock';
import { EntityTier } from './EntityTier';
import { TreeTier } from './TreeTier';
import type { TierActions } from './tierActions';
import { TierRow } from './TierRow';
import { TimeAxis } from './timeAxis';
import { TransportBar } from './TransportBar';
import { WordTier } from './WordTier';

const TINY: GoldRecords = {
  words: [
    { text: 'to', startSec: 0, endSec: 0.2 },
    { text: 'Bonn', startSec: 0.2, endSec: 0.5 },
    { text: 'today', startSec: 0.6, endSec: 0.9 },
  ],
  trees: [{ name: 'syntax', typed: false, bracket: '(S (PP to Bonn) today)' }],
  entities: [{ type: 'LOCATION', firstWord: 1, lastWord: 1 }],
  concepts: [],
  interpretations: [],
  labels: {},
};

/** Runs the first draw's code on a tiny utterance and styles its boxes in a hidden tier, once. */
export function warmUp(): void {
  const tree = loadTree(TINY, TINY.trees[0]!).tree!;
  buildKeymap([]);
  const ctx = { wordCount: 3, tree, entities: TINY.entities, playheadWord: currentWordAt(TINY.words, 0.3) };
  const sel = { kind: 'nodes' as const, range: { parent: [], from: 0, to: 0 } };
  if (selectionValid(sel, ctx)) selectionWords(sel, ctx);
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText =
    'position:fixed;left:-10000px;top:0;width:600px;visibility:hidden;--pps:100;--duration:1;--scroll:0';
  document.body.appendChild(host);
  const axis = new TimeAxis();
  const clock = new Clock();
  clock.set(0.3);
  const noop = (): void => undefined;
  const actions: TierActions = {
    axis,
    limits: { minSec: 0, maxSec: 1 },
    selectWords: noop,
    selectNodes: noop,
    selectEntity: noop,
    playWords: noop,
    rename: noop,
    current: () => TINY,
    preview: noop,
    finish: noop,
    refuse: noop,
  };
  const root = createRoot(host);
  try {
    flushSync(() =>
      root.render(
        <div className="page utterance-view">
          <div className="axis-panel">
            <div className="axis-body">
              <div className="tiers">
                <TierRow name="words">
                  <WordTier
                    words={TINY.words}
                    durationSec={1}
                    selected={[0, 1]}
                    clock={clock}
                    actions={actions}
                  />
                </TierRow>
                <TierRow name="entities">
                  <EntityTier
                    entities={TINY.entities}
                    words={TINY.words}
                    durationSec={1}
                    selected={0}
                    clock={clock}
                    actions={actions}
                  />
                </TierRow>
                <TierRow name="tree">
                  <TreeTier
                    tree={tree}
                    typed={false}
                    words={TINY.words}
                    durationSec={1}
                    selected={sel.range}
                    clock={clock}
                    actions={actions}
                    emptyText=""
                  />
                </TierRow>
              </div>
            </div>
          </div>
          <TransportBar
            clock={clock}
            axis={axis}
            playing={false}
            rate={1}
            looping={false}
            saving={0}
            message={{ kind: 'note', text: 'warm' }}
            onDismiss={noop}
          />
        </div>,
      ),
    );
    host.getBoundingClientRect();
  } finally {
    root.unmount();
    host.remove();
  }
}

/** Schedules `warmUp` for when the studio is idle (at most once per page). */
export function warmUpWhenIdle(): void {
  if (typeof window === 'undefined' || scheduled) return;
  scheduled = true;
  const run = (): void => {
    try {
      warmUp();
    } catch {
      // Warming up is an optimisation only; the workspace works without it.
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 500);
}
let scheduled = false;
