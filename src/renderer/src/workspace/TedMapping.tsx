import { useMemo } from 'react';
import type { GoldTree } from '../../../core/gold/records';
import type { UtteranceScores } from '../../../core/scoring/scoreUtterance';
import { parseTree } from '../../../core/tree/bracket';
import { playable } from './playable';
import { type MappedNode, mappedNodes } from './tedMapping';

type Timed = readonly { startSec?: number | null; endSec?: number | null }[];

const OP_TEXT = { C: 'kept', S: 'substituted', D: 'deleted', I: 'inserted' } as const;

/**
 * The outline's rows: one per internal node; a word goes on its preterminal's row (a node over that word
 * alone), and runs of sibling words share a row.
 */
function rowsOf(nodes: readonly MappedNode[]): MappedNode[][] {
  const rows: MappedNode[][] = [];
  for (const n of nodes) {
    const last = rows[rows.length - 1];
    const prev = last?.[last.length - 1];
    const underPrev = prev && !prev.leaf && prev.depth === n.depth - 1 && prev.first === prev.last;
    const besideWord = prev?.leaf && last?.[0]?.leaf && last[0].depth === n.depth;
    if (n.leaf && last && (underPrev || besideWord)) last.push(n);
    else rows.push([n]);
  }
  return rows;
}

/** One tree of the mapping as an outline; each node marked with its operation; errors play on click. */
function Outline({
  nodes,
  words,
  side,
  playRange,
}: {
  nodes: readonly MappedNode[];
  words: Timed;
  side: 'gold' | 'system';
  playRange(startSec: number, endSec: number): void;
}) {
  const play = (n: MappedNode): void => {
    const a = words[n.first]?.startSec;
    const b = words[n.last]?.endSec;
    if (a != null && b != null) playRange(a, b);
  };
  return (
    <div className={`ted-tree ted-${side}`} data-testid={`ted-${side}`}>
      {rowsOf(nodes).map((row, k) => (
        <div key={k} className="ted-row" style={{ paddingLeft: row[0]!.depth * 12 }}>
          {row.map((n) => {
            const error = n.op !== 'C';
            const what =
              n.op === 'S' ? `${n.label} substituted by ${n.partner ?? '?'}` : `${n.label}: ${OP_TEXT[n.op]}`;
            return (
              <span
                key={n.path.join('.')}
                className={`ted-node op-${n.op}${n.leaf ? ' leaf' : ''}`}
                data-op={n.op}
                data-path={n.path.join('.')}
                title={`${what}${error ? ' · click to play' : ''}`}
                {...(error ? playable(() => play(n)) : { onClick: () => play(n) })}
              >
                {n.label}
                {n.type !== undefined && <sub>{n.type}</sub>}
                {n.op === 'S' && side === 'gold' && <span className="ted-partner">→{n.partner}</span>}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * Beside the tree tiers, the typed tree edit mapping of the shown tree (Thomae et al. §4): the gold and the
 * system tree with substituted, deleted and inserted nodes marked, tree node accuracy with its counts, and
 * labelled ParsEval where it is defined (both trees over the same words).
 */
export function TedMapping({
  entry,
  goldTree,
  systemTree,
  goldWords,
  systemWords,
  playRange,
}: {
  entry: UtteranceScores['trees'][number];
  goldTree: GoldTree;
  systemTree: GoldTree;
  goldWords: Timed;
  systemWords: Timed;
  playRange(startSec: number, endSec: number): void;
}) {
  const nodes = useMemo(() => {
    const g = parseTree(goldTree.bracket, { typed: goldTree.typed }).value;
    const p = parseTree(systemTree.bracket, { typed: systemTree.typed }).value;
    return g && p && entry.tna ? mappedNodes(g, p, entry.tna.mapping) : null;
  }, [goldTree, systemTree, entry.tna]);
  const tna = entry.tna;
  if (!tna || !nodes) return null;
  const pe = entry.parseval;
  const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
  return (
    <div className="ted-mapping" data-testid="ted-mapping" data-tree={entry.name}>
      <div className="ted-head" title={tna.signature}>
        <strong>Tree edit mapping ({entry.name})</strong>
        <span>
          node accuracy <b data-testid="ted-accuracy">{pct(tna.accuracy)}</b> · C {tna.C} · S {tna.S} · D{' '}
          {tna.D} · I {tna.I} · distance {tna.distance}
        </span>
        {pe && (
          <span title={pe.signature} data-testid="ted-parseval">
            ParsEval P {pct(pe.precision)} · R {pct(pe.recall)} · F1 {pct(pe.f1)} ({pe.matched} of {pe.gold}{' '}
            gold, {pe.pred} system brackets)
          </span>
        )}
      </div>
      <div className="ted-trees">
        <div>
          <div className="ted-caption muted">gold</div>
          <Outline nodes={nodes.gold} words={goldWords} side="gold" playRange={playRange} />
        </div>
        <div>
          <div className="ted-caption muted">system</div>
          <Outline nodes={nodes.pred} words={systemWords} side="system" playRange={playRange} />
        </div>
      </div>
      <div className="ted-legend muted">
        <span className="ted-node op-S">substituted</span>
        <span className="ted-node op-D">deleted</span>
        <span className="ted-node op-I">inserted</span> · click an error to play it
      </div>
    </div>
  );
}
