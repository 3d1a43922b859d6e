import { useState } from 'react';
import { canonicalInterpretation } from '../../../core/nbest/canonical';
import type { UtteranceScores } from '../../../core/scoring/scoreUtterance';
import type { GoldRecords } from '../../../core/gold/records';
import { UNDEFINED, percent } from '../../../core/scoring/present';
import { entityF1 } from '../../../core/scoring/utteranceMetrics';
import { TedMapping } from './TedMapping';
import type { SystemScores } from './useSystemScores';

const pct = (x: number | null | undefined): string => {
  const p = percent(x);
  return p === UNDEFINED ? p : `${p} %`;
};

const PART_NAMES: Record<string, string> = {
  words: 'words',
  concepts: 'concepts',
  entities: 'entities',
  nbest: 'N-best list',
};

/** One row: the figure, how it was counted, and the settings signature on hover. */
function Row({
  name,
  value,
  detail,
  signature,
}: {
  name: string;
  value: string;
  detail: string;
  signature: string;
}) {
  return (
    <tr title={signature}>
      <th scope="row">{name}</th>
      <td className="score-value">{value}</td>
      <td className="score-detail">{detail}</td>
    </tr>
  );
}

/**
 * A tree's note as a row of the metric it is about ("ParsEval F1 (syntax)", "Struct-IoU (syntax)"), saying
 * once what it is: the scorer's "ParsEval: ParsEval is undefined: …" reads "undefined: …", and its
 * "test" tree or words are the system's.
 */
export function noteRow(tree: string, note: string): { name: string; detail: string } {
  const m = /^(ParsEval|Struct-IoU)(?::\s*|\s+)([\s\S]*)$/.exec(note);
  if (!m) return { name: `Note (${tree})`, detail: note };
  const metric = m[1] === 'ParsEval' ? 'ParsEval F1' : 'Struct-IoU';
  const detail = m[2]!
    .replace(/^ParsEval is (undefined|not defined)\b/, '$1')
    .replace(/\bthe test tree\b/g, "the system's tree")
    .replace(/\btest\b/g, 'system');
  return { name: `${metric} (${tree})`, detail };
}

function rows(s: UtteranceScores) {
  const out: { name: string; value: string; detail: string; signature: string }[] = [];
  if (s.missing && s.missing.length > 0)
    out.push({
      name: 'No output',
      value: '',
      detail: `the system gives no ${s.missing
        .map((p) => (p.startsWith('tree:') ? `tree "${p.slice(5)}"` : (PART_NAMES[p] ?? p)))
        .join(
          ', ',
        )} here: scored as an empty hypothesis (gold words deleted, entities missed, tree nodes deleted)`,
      signature: '',
    });
  if (s.words) {
    const w = s.words;
    out.push({
      name: 'WER',
      value: pct(w.wer),
      detail: `C ${w.C} · S ${w.S} · D ${w.D} · I ${w.I} of ${w.N}`,
      signature: w.signature,
    });
  }
  for (const u of s.unscored ?? [])
    if (u.metric === 'WER') out.push({ name: 'WER', value: '—', detail: u.reason, signature: u.signature });
  if (s.chars) {
    const c = s.chars;
    out.push({
      name: 'CER',
      value: pct(c.cer),
      detail: `characters: C ${c.C} · S ${c.S} · D ${c.D} · I ${c.I} of ${c.N}`,
      signature: c.signature,
    });
  }
  if (s.concepts) {
    const c = s.concepts;
    out.push({
      name: 'Concept accuracy',
      value: pct(c.accuracy),
      detail: `C ${c.C} · S ${c.S} · D ${c.D} · I ${c.I} of ${c.N}`,
      signature: c.signature,
    });
  }
  for (const t of s.trees) {
    if (t.tna)
      out.push({
        name: `Node accuracy (${t.name})`,
        value: pct(t.tna.accuracy),
        detail: `distance ${t.tna.distance} · C ${t.tna.C} · S ${t.tna.S} · D ${t.tna.D} · I ${t.tna.I}`,
        signature: t.tna.signature,
      });
    if (t.parseval)
      out.push({
        name: `ParsEval F1 (${t.name})`,
        value: pct(t.parseval.f1),
        detail: `P ${pct(t.parseval.precision)} · R ${pct(t.parseval.recall)} · ${t.parseval.matched} of ${t.parseval.gold} gold brackets, ${t.parseval.pred} in the system's`,
        signature: t.parseval.signature,
      });
    if (t.structIou)
      out.push({
        name: `Struct-IoU (${t.name})`,
        value: pct(t.structIou.score),
        detail: `${t.structIou.pairs.length} matched pairs over ${t.structIou.nodes} nodes`,
        signature: t.structIou.signature,
      });
    for (const n of t.notes) out.push({ ...noteRow(t.name, n), value: '—', signature: '' });
  }
  if (s.entities) {
    const e = s.entities;
    const f = entityF1(e);
    out.push({
      name: 'Entity F1',
      value: pct(f),
      detail: [
        `${e.correct} right of ${e.ref} gold, ${e.hyp} found (type, extent and content)`,
        ...(e.notes ?? []),
      ].join(' · '),
      signature: e.signature,
    });
  }
  if (s.nbest) {
    const f = s.nbest.figures;
    out.push({
      name: 'FRecall@1 (N-best)',
      value: pct(f['FRecall@1']),
      detail: `NDCG@3 ${pct(f['NDCG@3'])} · NotFound@10 ${f['NotFound@10'] ?? UNDEFINED}`,
      signature: s.nbest.signature,
    });
  }
  return out;
}

const canonical = (v: string): string => {
  try {
    return canonicalInterpretation(v, 'auto');
  } catch {
    return v;
  }
};

/** The system's N-best list, ranked, the interpretations equal to a gold one marked (as the scorer compares). */
function NbestList({
  nbest,
  gold,
}: {
  nbest: readonly { interpretation: string; score: number }[];
  gold: readonly string[];
}) {
  const correct = new Set(gold.map(canonical));
  return (
    <ol className="nbest-list" data-testid="nbest-list">
      {nbest.map((e, k) => {
        const ok = correct.has(canonical(e.interpretation));
        return (
          <li key={k} className={ok ? 'correct' : undefined} data-correct={ok ? 'yes' : 'no'}>
            <span className="mark">{ok ? '✓' : ''}</span>
            <span className="interp">{e.interpretation}</span>
            <span className="score">{e.score.toPrecision(3)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The chosen system's scores on this utterance, one row per metric, each with its signature on hover. */
export function ScorePanel({
  system,
  gold,
  goldRecords,
  treeName,
  playRange,
}: {
  system: SystemScores;
  gold: readonly string[];
  /** The gold standard, for the tree edit mapping of the tree shown and the times of its words. */
  goldRecords?: GoldRecords;
  treeName?: string | null;
  playRange?(startSec: number, endSec: number): void;
}) {
  const [tab, setTab] = useState<'figures' | 'mapping'>('figures');
  if (system.systems.length === 0) return null;
  const name = system.systems.find((s) => s.id === system.systemId)?.name ?? '';
  const entry = system.scores?.trees.find((t) => t.name === treeName);
  const goldTree = goldRecords?.trees.find((t) => t.name === treeName);
  const systemTree = system.output?.trees?.find((t) => t.name === treeName);
  const mapping =
    entry && goldTree && systemTree && goldRecords && playRange
      ? { entry, goldTree, systemTree, goldRecords, playRange }
      : null;
  // The figures and the tree edit mapping are two tabs of one panel, so both show at its top, beside the
  // editors, without scrolling.
  const shown = mapping ? tab : 'figures';
  const tabButton = (id: 'figures' | 'mapping', text: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={shown === id}
      className={shown === id ? 'score-tab selected' : 'score-tab'}
      onClick={() => setTab(id)}
    >
      {text}
    </button>
  );
  return (
    <section className="panel score-panel" aria-label="Scores" data-testid="score-panel">
      <header className="panel-head">
        <span>Scores · {name}</span>
        <span className="spacer" />
        <span className="muted">Y next system · hover a row for its settings</span>
      </header>
      {mapping && (
        <div className="score-tabs" role="tablist" aria-label="Scores shown">
          {tabButton('figures', 'Figures')}
          {tabButton('mapping', `Tree edit mapping (${treeName ?? ''})`)}
        </div>
      )}
      {shown === 'mapping' && mapping && (
        <TedMapping
          entry={mapping.entry}
          goldTree={mapping.goldTree}
          systemTree={mapping.systemTree}
          goldWords={mapping.goldRecords.words}
          systemWords={system.output?.words ?? []}
          playRange={mapping.playRange}
        />
      )}
      {shown === 'figures' && system.scores ? (
        <table className="scores">
          <tbody>
            {rows(system.scores).map((r, k) => (
              <Row key={k} {...r} />
            ))}
          </tbody>
        </table>
      ) : shown === 'figures' ? (
        <p className="score-empty">
          {system.output === null ? 'This system has no output for this utterance.' : 'Scoring…'}
        </p>
      ) : null}
      {shown === 'figures' && system.output?.nbest && system.output.nbest.length > 0 && (
        <details className="nbest" open={false}>
          <summary>
            N-best list ({system.output.nbest.length} {system.output.nbest.length === 1 ? 'entry' : 'entries'}
            ; {gold.length} gold interpretation
            {gold.length === 1 ? '' : 's'})
          </summary>
          <NbestList nbest={system.output.nbest} gold={gold} />
        </details>
      )}
    </section>
  );
}
