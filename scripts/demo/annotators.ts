// The demo's annotators: the project's owner (whose work is the demo's gold) and a second annotator who
// annotated a few utterances independently, with the small differences two people really make — a word
// boundary placed a few tens of milliseconds apart, an entity given another type or extent, a tree with
// one node more or less, a concept value written differently — so that the agreement section of the
// project page and the report has something to show, and the adjudication view something to resolve.
import { type GoldRecords, goldIssues } from '../../src/core/gold/records';
import { assign, createLayer, ensureAnnotator, setLayerStatus } from '../../src/main/store/annotatorStore';
import { readGold } from '../../src/main/store/goldStore';
import type { Db } from '../../src/main/store/openDatabase';

/** The owner, annotating as the first annotator, and the second annotator. */
export const DEMO_OWNER = 'maria';
export const DEMO_SECOND = 'tom';

/** Moves the boundary after word `i` by `deltaSec` (both words when they share it). */
function shiftBoundary(g: GoldRecords, i: number, deltaSec: number): GoldRecords {
  const words = g.words.map((w) => ({ ...w }));
  const w = words[i]!;
  const next = words[i + 1];
  const shared = next !== undefined && next.startSec === w.endSec;
  w.endSec = Math.round((w.endSec + deltaSec) * 1000) / 1000;
  if (shared) next.startSec = w.endSec;
  return { ...g, words };
}

/** Gives the entity starting at word `first` another type and, optionally, another last word. */
function changeEntity(g: GoldRecords, first: number, type: string, lastWord?: number): GoldRecords {
  return {
    ...g,
    entities: g.entities.map((e) =>
      e.firstWord === first ? { ...e, type, lastWord: lastWord ?? e.lastWord } : e,
    ),
  };
}

/** Replaces the bracket text of the tree `name`. */
function changeTree(g: GoldRecords, name: string, bracket: string): GoldRecords {
  return { ...g, trees: g.trees.map((t) => (t.name === name ? { ...t, bracket } : t)) };
}

/** Sets the value of the first concept with `attribute`. */
function changeConcept(g: GoldRecords, attribute: string, value: string): GoldRecords {
  let done = false;
  return {
    ...g,
    concepts: g.concepts.map((c) => {
      if (done || c.attribute !== attribute) return c;
      done = true;
      return { ...c, value };
    }),
  };
}

/** The doubly annotated utterances and how the second annotator's layer differs from the owner's. */
const SECOND_LAYER: Readonly<Record<string, (g: GoldRecords) => GoldRecords>> = {
  // "from | Bonn" 40 ms later, "go | from" 15 ms earlier.
  'train-01': (g) => shiftBoundary(shiftBoundary(g, 4, 0.04), 3, -0.015),
  // The same annotation: full agreement on one utterance.
  'airport-02': (g) => g,
  // "Lufthansa flight" as the organisation; "check | in" 25 ms later.
  'airport-04': (g) => shiftBoundary(changeEntity(g, 7, 'ORGANIZATION', 8), 3, 0.025),
  // The end of "Berlin" 60 ms earlier (into the pause); the person concept spelled otherwise.
  'news-01': (g) => changeConcept(shiftBoundary(g, 1, -0.06), 'person', 'Merkel'),
  // "Heathrow airport" as an organisation; the syntax tree without the NP over "London" alone.
  'news-04': (g) =>
    changeTree(
      changeEntity(g, 7, 'ORGANIZATION'),
      'syntax',
      '(S (NP (NNP Microsoft)) (VP (VBD opened) (NP (DT an) (NN office)) (PP (IN in) (NP (NNP London) (PP (IN near) (NP (NNP Heathrow) (NN airport)))))))',
    ),
};

/**
 * Adds the two annotators to the demo project and writes their layers of the doubly annotated utterances:
 * the owner's is the gold, the second annotator's differs as `SECOND_LAYER` says; both are done. The
 * adjudicated layer (the gold) is left as it is, so adjudication is still to do.
 */
export function addDemoAnnotators(db: Db): { utterances: string[] } {
  const ids = Object.keys(SECOND_LAYER);
  const owner = ensureAnnotator(db, DEMO_OWNER);
  const second = ensureAnnotator(db, DEMO_SECOND);
  db.transaction(() => {
    for (const id of ids) {
      const gold = readGold(db, id);
      const theirs = SECOND_LAYER[id]!(gold);
      const problems = goldIssues(theirs);
      if (problems.length > 0)
        throw new Error(`${id}: the second annotator's layer is not valid gold: ${problems[0]!.message}`);
      createLayer(db, owner, id, gold);
      createLayer(db, second, id, theirs);
    }
  })();
  assign(db, owner, ids);
  assign(db, second, ids);
  for (const id of ids) {
    setLayerStatus(db, owner, id, 'done');
    setLayerStatus(db, second, id, 'done');
  }
  return { utterances: ids };
}
