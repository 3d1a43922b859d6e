import type { Difference } from '../../../core/agreement/differences';
import { DEFAULT_BOUNDARY_TOLERANCE_SEC, describeDifference } from '../../../core/agreement/differences';
import type { Take } from '../../../core/gold/adjudicate';
import type { GoldRecords } from '../../../core/gold/records';
import type { AnnotationStatus } from '../../../core/model/schemas';
import type { Selection } from '../../../core/edit/selection';
import { adjudicatedWords, differencePlace } from './differencePlace';
import type { TakeSide } from './adjudicateCommand';
import type { Adjudication } from './useAdjudication';

interface Props {
  adjudication: Adjudication;
  gold: GoldRecords;
  select(sel: Selection): void;
  playRange(startSec: number, endSec: number): void;
  setStatus(status: AnnotationStatus): void;
}

/** What the "take A's / B's" buttons of a difference without a place on the time axis take. */
function takeOf(d: Difference): Take | 'status' | null {
  switch (d.kind) {
    case 'concept':
      return { what: 'concepts', attribute: d.attribute };
    case 'label':
    case 'interpretation-only':
      return { what: 'labels' };
    case 'tree-only':
      return { what: 'tree', tree: d.tree };
    case 'status':
      return 'status';
    default:
      return null;
  }
}

/**
 * Every difference between annotators A and B in words, with the annotators to compare chosen when there
 * are more than two. A difference on the time axis selects its words in the adjudicated layer (then J or K
 * takes A's or B's); the others (concepts, labels, status, a tree one of them lacks) have their own take
 * buttons.
 */
export function DifferenceList({ adjudication: adj, gold, select, playRange, setStatus }: Props) {
  const { layers, pair, a, b, differences } = adj;
  const names = { a: `A (${a.annotator})`, b: `B (${b.annotator})` };
  const chooser = (which: 0 | 1) => (
    <select
      aria-label={`Annotator ${which === 0 ? 'A' : 'B'}`}
      value={pair[which]}
      onChange={(e) => {
        const next: [number, number] = [pair[0], pair[1]];
        next[which] = Number(e.target.value);
        if (next[0] !== next[1]) adj.setPair(next);
      }}
    >
      {layers.map((l, i) => (
        <option key={l.annotator} value={i}>
          {l.annotator}
        </option>
      ))}
    </select>
  );
  const takeButton = (d: Difference, side: TakeSide) => {
    const t = takeOf(d);
    if (!t) return null;
    const layer = side === 'a' ? a : b;
    const label = `Take ${side.toUpperCase()}'s`;
    return (
      <button
        type="button"
        onClick={() => (t === 'status' ? setStatus(layer.status) : adj.take(t, side))}
        title={`${label}: ${t === 'status' ? `status ${layer.status}` : t.what}`}
      >
        {label}
      </button>
    );
  };
  return (
    <section
      className="panel difference-list"
      aria-label="Differences between the annotators"
      data-testid="difference-list"
    >
      <h2>
        Adjudication · A {layers.length > 2 ? chooser(0) : <span className="mono">{a.annotator}</span>} · B{' '}
        {layers.length > 2 ? chooser(1) : <span className="mono">{b.annotator}</span>} ·{' '}
        {differences.length === 0 ? 'no differences' : `${differences.length} differences`}
      </h2>
      <p data-testid="adjudication-remaining">
        The adjudicated layer differs from A in {adj.remaining.a ?? '—'} and from B in{' '}
        {adj.remaining.b ?? '—'} places.
      </p>
      <p className="muted">
        Boundaries count as different when they are more than {DEFAULT_BOUNDARY_TOLERANCE_SEC * 1000} ms
        apart. J / K take the selection from A / B, Shift+J / Shift+K the subtree over it, Alt+J / Alt+K the
        entities over it, Alt+Shift+J / Alt+Shift+K the whole utterance. Each take is one edit (Ctrl+Z undoes
        it).
      </p>
      <ol>
        {differences.map((d, k) => {
          const text = describeDifference(d, names);
          const place = differencePlace(d, a.gold, b.gold);
          return (
            <li key={k} data-kind={d.kind}>
              {place ? (
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    const words = adjudicatedWords(place, place.side === 'a' ? a.gold : b.gold, gold);
                    if (words) select({ kind: 'words', anchor: words[0], focus: words[1] });
                    playRange(place.startSec, place.endSec);
                  }}
                >
                  {text}
                </button>
              ) : (
                <span>{text}</span>
              )}{' '}
              {takeButton(d, 'a')}
              {takeButton(d, 'b')}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
