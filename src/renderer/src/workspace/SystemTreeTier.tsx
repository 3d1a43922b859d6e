import { useMemo } from 'react';
import { indexTree } from '../../../core/edit/treePaths';
import { parseTree } from '../../../core/tree/bracket';
import { playable } from './playable';
import { TierRow } from './TierRow';
import { type TimeAxis, spanStyle } from './timeAxis';
import { spanBoxes } from './tierWindow';
import { TREE_ROW_PX, nodeSpans } from './TreeTier';
import { useDrawnWindow } from './useDrawnWindow';
import type { SystemScores } from './useSystemScores';

/** The colour of matched pair k: hues spread by the golden angle, so neighbours differ. */
export function pairColour(k: number): string {
  return `hsl(${Math.round((k * 137.508) % 360)} 70% 82%)`;
}

/**
 * The chosen system's tree of the same name as the gold tree shown, over the system's own word times (Shi
 * et al. Fig. 1): each constituent Struct-IoU matched to a gold one shares that pair's colour with it (the
 * IoU on hover); unmatched constituents are grey. Clicking a constituent plays its time. Only the
 * constituents in the visible range and a margin are drawn (see tierWindow.ts), those of a row closer
 * than a few pixels at the zoom as one box per run.
 */
export function SystemTreeTier({
  system,
  treeName,
  axis,
  playRange,
}: {
  system: SystemScores;
  treeName: string | null;
  axis: TimeAxis;
  playRange(startSec: number, endSec: number): void;
}) {
  const pt = system.output?.trees?.find((t) => t.name === treeName);
  const words = system.output?.words;
  const scored = system.scores?.trees.find((t) => t.name === treeName);
  const nodes = useMemo(() => {
    if (!pt) return [];
    const tree = parseTree(pt.bracket, { typed: pt.typed }).value;
    return tree ? indexTree(tree).filter((n) => n.node.children.length > 0) : [];
  }, [pt]);
  const spans = useMemo(() => nodeSpans(nodes, words ?? []), [nodes, words]);
  const view = useDrawnWindow(axis);
  const boxes = useMemo(
    () => spanBoxes(spans, view.range, view.pps, (i) => nodes[i]!.height),
    [spans, view, nodes],
  );
  if (!pt || !words || nodes.length === 0) return null;
  const pairs = new Map(
    (scored?.structIou?.pairs ?? []).map((p, k) => [p.pred.join('.'), { k, iou: p.iou }]),
  );
  const rows = nodes.reduce((m, n) => Math.max(m, n.height), 0);
  const name = system.systems.find((s) => s.id === system.systemId)?.name ?? 'system';
  return (
    <TierRow name={`${name} tree`} className="system-row">
      <div
        className="tier tree-tier system-tree"
        style={{ height: rows * TREE_ROW_PX + 4 }}
        data-testid="system-tree"
      >
        {boxes.map((run) => {
          const n = nodes[run[0]!]!;
          if (run.length > 1)
            return (
              <div
                key={`g${n.path.join('.')}`}
                className="tier-box node-box tier-group"
                style={{
                  ...spanStyle(spans[run[0]!]!.startSec, Math.max(...run.map((i) => spans[i]!.endSec))),
                  top: (n.height - 1) * TREE_ROW_PX,
                }}
                data-nodes={run.length}
                title={`${run.length} nodes; zoom in to see them`}
              />
            );
          const a = words[n.first];
          const b = words[n.last];
          if (a?.startSec == null || b?.endSec == null) return null;
          const key = n.path.join('.');
          const pair = pairs.get(key);
          return (
            <div
              key={key}
              className={pair ? 'tier-box node-box matched' : 'tier-box node-box unmatched'}
              style={{
                ...spanStyle(a.startSec, b.endSec),
                top: (n.height - 1) * TREE_ROW_PX,
                ...(pair ? { background: pairColour(pair.k) } : {}),
              }}
              data-path={key}
              title={`${n.node.label}${pair ? `: matched, IoU ${pair.iou.toFixed(3)}` : ': not matched'}`}
              {...(pair
                ? { onClick: () => playRange(a.startSec!, b.endSec!) }
                : playable(() => playRange(a.startSec!, b.endSec!)))}
            >
              <span className="box-label">{n.node.label}</span>
            </div>
          );
        })}
      </div>
    </TierRow>
  );
}
