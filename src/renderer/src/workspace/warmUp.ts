// The first utterance opened would otherwise pay for compiling the workspace's code and for the browser's
// first styling of its boxes. Once the studio is idle after starting, this runs the same code on a tiny
// utterance and styles the same boxes off screen, so that cost is paid while nobody waits for a frame.
import type { GoldRecords } from '../../../core/gold/records';
import { loadTree } from '../../../core/edit/goldTrees';
import { buildKeymap } from '../../../core/edit/keymap';
import { selectionValid, selectionWords } from '../../../core/edit/selection';
import { currentWordAt } from './clock';
import { entityMarkup } from './EntityTier';
import { treeMarkup } from './TreeTier';
import { indexTree } from '../../../core/edit/treePaths';
import { wordMarkup } from './WordTier';

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
  const nodes = indexTree(tree).filter((n) => n.node.children.length > 0);
  buildKeymap([]);
  const ctx = { wordCount: 3, tree, entities: TINY.entities, playheadWord: currentWordAt(TINY.words, 0.3) };
  const sel = { kind: 'nodes' as const, range: { parent: [], from: 0, to: 0 } };
  if (selectionValid(sel, ctx)) selectionWords(sel, ctx);
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText =
    'position:fixed;left:-10000px;top:0;width:600px;visibility:hidden;--pps:100;--scroll:0';
  host.innerHTML =
    `<div class="tiers"><div class="tier-row"><div class="tier word-tier">${wordMarkup(TINY.words, true).join('')}</div></div>` +
    `<div class="tier-row"><div class="tier entity-tier">${entityMarkup(TINY.entities, TINY.words, true).join('')}</div></div>` +
    `<div class="tier-row"><div class="tier tree-tier">${treeMarkup(nodes, TINY.words, false, undefined).join('')}</div></div></div>`;
  document.body.appendChild(host);
  host.getBoundingClientRect();
  host.remove();
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
