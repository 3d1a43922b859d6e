// Windows of the utterance list, answered from the store: the utterances matching a filter, in project
// order, as rowids kept until the utterance table changes; a window then reads only its own rows. The
// predicate is core's `utteranceMatches`, run here over each utterance's filter text (`utteranceHay`),
// read once from the table and kept with it, so a keystroke of the filter reads nothing from the file; a
// filter that narrows the one before (each earlier term inside a term of the new one) looks only among
// that one's matches.
import type { UtteranceSummary } from '../../core/model/schemas';
import { filterTerms, hayMatches, STATUS_LABEL, utteranceHay } from '../../core/model/utteranceFilter';
import type { AnnotationStatus } from '../../core/model/schemas';
import { DisagreementIndex } from '../agreement/disagreementIndex';
import type { Db } from './openDatabase';
import { preparedOnce } from './statementCache';
import { annotatorId } from './annotatorStore';
import type { TableRows } from './tableRows';

/** A window of the utterance list: `items` from `offset` among the `total` utterances matching. */
export interface UtteranceWindow {
  total: number;
  offset: number;
  items: UtteranceSummary[];
  /** Where the utterance asked for with `locate` is among those matching (0-based); null when it is not. */
  position?: number | null;
  /**
   * The order asked for is not ready: the differences of `total` utterances are being counted (`done` so
   * far) in a worker. No rows then (`total` of the window is still how many match); ask again.
   */
  pending?: { done: number; total: number };
}

/** The order of a list is not ready yet: how far its count is. */
interface OrderPending {
  pending: { done: number; total: number };
}

/**
 * The order of the list: the project's, or most disagreement first (the utterances with layers of two or
 * more annotators by the number of differences between them, most first, then the others; ties in project
 * order).
 */
export type UtteranceOrder = 'project' | 'disagreement';

/** What a window asks for: where it starts, how many rows, the filter text, an utterance to locate, the order. */
export interface UtteranceWindowRequest {
  offset?: number;
  limit?: number;
  filter?: string;
  locate?: string;
  sort?: UtteranceOrder;
  /**
   * Only the utterances assigned to this annotator, each with the status of their layer, which the
   * filter's terms read too.
   */
  annotator?: string;
}

/** An utterance's row as the list and the store read it (`rid`, its rowid, where a window reads it). */
export interface UtteranceRow {
  id: string;
  audio_id: number;
  speaker: string;
  start_sec: number;
  end_sec: number;
  transcript: string;
  status: AnnotationStatus;
  word_count: number;
  rid?: number;
}

/** One row of the list as the API shows it. */
export function toSummary(r: UtteranceRow): UtteranceSummary {
  return {
    id: r.id,
    audioId: r.audio_id,
    speaker: r.speaker,
    startSec: r.start_sec,
    endSec: r.end_sec,
    durationSec: r.end_sec - r.start_sec,
    transcript: r.transcript,
    status: r.status,
    wordCount: r.word_count,
  };
}

/** Rowids in an order: 32-bit where they fit. */
type Rowids = Int32Array | Float64Array;

function rowidArray(ids: ArrayLike<number>): Rowids {
  for (let i = 0; i < ids.length; i++)
    if (ids[i]! > 0x7fffffff || ids[i]! < -0x80000000) return Float64Array.from(ids);
  return Int32Array.from(ids);
}

/** Filter texts read so far, after the utterance at `after` ([ord, rowid]) in project order. */
interface HayReading {
  state: string;
  rowids: number[];
  texts: string[];
  after: [number, number] | null;
}

/** Utterances whose filter texts are read at a time in the background. */
const HAY_PIECE = 1000;

/**
 * An utterance's filter text (`utteranceHay`) made by SQLite where its id, speaker and transcript are ASCII
 * (lower() folds ASCII as JavaScript does); null otherwise.
 */
const ASCII_HAY_SQL = `CASE WHEN ${['u.id', 'u.speaker', 'u.transcript']
  .map((c) => `length(${c}) = octet_length(${c})`)
  .join(' AND ')} THEN lower(u.id || ' ' || u.speaker || ' ' || CASE u.status ${Object.entries(STATUS_LABEL)
  .map(([code, label]) => `WHEN '${code}' THEN '${label}'`)
  .join(' ')} END || ' ' || u.transcript) END`;

/** Does every utterance matching `terms` match `earlier` too (each earlier term lies inside a term)? */
function narrows(terms: readonly string[], earlier: readonly string[]): boolean {
  return earlier.every((e) => terms.some((t) => t.includes(e)));
}

/**
 * The utterance list of one open project, by windows. The rowids matching the last few filters are kept
 * with the state of the tables they were read from (`TableRows.state`: this connection's writes of the
 * table, and any commit by another connection), so scrolling reads a window's rows only.
 */
export class UtteranceLists {
  private readonly matching = new Map<string, { state: string; rowids: Rowids }>();
  /** Every utterance's filter text and rowid, in project order, as of `state`. */
  private hay: { state: string; rowids: Rowids; texts: string[] } | null = null;
  /** The last few filters' matches as places in `hay` (for a filter that narrows one of them). */
  private readonly found = new Map<string, { state: string; terms: string[]; at: Int32Array }>();
  /** Filter texts being read in the background (`prepareFilter`). */
  private reading: HayReading | null = null;
  private disagreement: DisagreementIndex | null = null;

  constructor(
    private readonly db: Db,
    private readonly tables: TableRows,
  ) {}

  /** What identifies the database's content now: it changes with any commit, by any connection. */
  state(): string {
    const version = this.db.pragma('data_version', { simple: true }) as number;
    const changes = preparedOnce(this.db, 'SELECT total_changes()', (s) => s.pluck()).get() as number;
    return `${version}:${changes}`;
  }

  /** What identifies the utterance table's content now. */
  private utteranceState(): string {
    return this.tables.state('utterance');
  }

  /** Every utterance's filter text in project order, read again when the table changed. */
  private hayNow(state: string): { rowids: Rowids; texts: string[] } {
    if (this.hay?.state === state) return this.hay;
    let reading = this.reading?.state === state ? this.reading : null;
    reading ??= { state, rowids: [], texts: [], after: null };
    while (!this.readHay(reading, Infinity));
    return this.hay!;
  }

  /**
   * Reads the filter texts in the background, a piece at a time, when the utterance table changed since
   * they were read: the next filter keystroke then finds them ready. Nothing is read while they are current.
   */
  prepareFilter(): void {
    const state = this.utteranceState();
    if (this.hay?.state === state || this.reading?.state === state) return;
    const reading: HayReading = { state, rowids: [], texts: [], after: null };
    this.reading = reading;
    const step = (): void => {
      if (!this.db.open || this.reading !== reading || this.hay?.state === reading.state) return;
      // Read in another state (the table changed meanwhile): start again when asked next.
      if (this.utteranceState() !== reading.state) {
        this.reading = null;
        return;
      }
      if (!this.readHay(reading, HAY_PIECE)) setImmediate(step).unref();
    };
    setImmediate(step).unref();
  }

  /** Reads up to `rows` more filter texts into `reading`; true when it has them all (then kept as `hay`). */
  private readHay(reading: HayReading, rows: number): boolean {
    const piece = preparedOnce(
      this.db,
      `SELECT u.rowid, u.ord, ${ASCII_HAY_SQL}, u.id, u.speaker, u.status, u.transcript FROM utterance u
       WHERE (u.ord, u.rowid) > (?, ?) ORDER BY u.ord, u.rowid LIMIT ?`,
      (s) => s.raw(),
    );
    const [ord, rowid] = reading.after ?? [-Infinity, -Infinity];
    const got = piece.all(ord, rowid, Number.isFinite(rows) ? rows : -1) as [
      number,
      number,
      string | null,
      string,
      string,
      AnnotationStatus,
      string,
    ][];
    for (const [rid, , ascii, id, speaker, status, transcript] of got) {
      reading.rowids.push(rid);
      // ASCII text is lower-cased by SQLite exactly as JavaScript would; any other by core itself.
      reading.texts.push(ascii ?? utteranceHay({ id, speaker, status, transcript }));
    }
    const last = got.at(-1);
    if (last) reading.after = [last[1], last[0]];
    if (Number.isFinite(rows) && got.length === rows) return false;
    this.hay = { state: reading.state, rowids: rowidArray(reading.rowids), texts: reading.texts };
    if (this.reading === reading) this.reading = null;
    this.found.clear();
    return true;
  }

  /** The rowids of the utterances matching `terms`, in the order asked for (or how far that order is). */
  private rowids(terms: string[], sort: UtteranceOrder): Rowids | OrderPending {
    if (sort === 'project') return this.matchingRowids(terms);
    const key = `${sort}:${JSON.stringify(terms)}`;
    const state = this.state();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) return kept.rowids;
    const rowids = this.inOrder(this.matchingRowids(terms));
    if (!('pending' in rowids)) this.keep(key, state, rowids);
    return rowids;
  }

  /**
   * `inProjectOrder` most disagreement first, or how far the count of the differences is when they are
   * not all counted for the layers as they are now.
   */
  private inOrder(inProjectOrder: Rowids): Rowids | OrderPending {
    this.disagreement ??= new DisagreementIndex(this.db);
    const counts = this.disagreement.byRowid();
    if (!counts.ready) return { pending: { done: counts.done, total: counts.total } };
    const differences = counts.differences;
    // Stable: equal counts keep the project's order; utterances with fewer than two layers (-1) come last.
    return inProjectOrder.slice().sort((x, y) => (differences.get(y) ?? -1) - (differences.get(x) ?? -1));
  }

  /** Stops the work the lists do in the background (the project is closing). */
  close(): void {
    this.disagreement?.close();
  }

  /** The rowids of the utterances assigned to the annotator `layer` matching `terms`, in the order asked for. */
  private assignedRowids(terms: string[], sort: UtteranceOrder, layer: number): Rowids | OrderPending {
    if (sort === 'project') return this.assignedInProjectOrder(terms, layer);
    const key = `assigned:${layer}:${sort}:${JSON.stringify(terms)}`;
    const state = this.state();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) return kept.rowids;
    const rowids = this.inOrder(this.assignedInProjectOrder(terms, layer));
    if (!('pending' in rowids)) this.keep(key, state, rowids);
    return rowids;
  }

  /**
   * The rowids of the utterances assigned to the annotator `layer` matching `terms`, in project order. The
   * terms read the status of the annotator's layer (the status the annotator's list shows), not the
   * adjudicated one; an assigned utterance without a layer yet reads the adjudicated status, as it shows it.
   */
  private assignedInProjectOrder(terms: string[], layer: number): Rowids {
    const key = `assigned:${layer}:project:${JSON.stringify(terms)}`;
    const state = this.state();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) return kept.rowids;
    const assigned = preparedOnce(
      this.db,
      `SELECT u.rowid, u.id, u.speaker, coalesce(g.status, u.status), u.transcript
         FROM assignment s JOIN utterance u ON u.id = s.utterance_id
         LEFT JOIN annotator_gold g ON g.annotator_id = s.annotator_id AND g.utterance_id = s.utterance_id
        WHERE s.annotator_id = ? ORDER BY u.ord, u.rowid`,
      (s) => s.raw(),
    ).all(layer) as [number, string, string, AnnotationStatus, string][];
    const rowids = rowidArray(
      assigned
        .filter(([, id, speaker, status, transcript]) =>
          hayMatches(utteranceHay({ id, speaker, status, transcript }), terms),
        )
        .map(([rid]) => rid),
    );
    this.keep(key, state, rowids);
    return rowids;
  }

  /** Keeps `rowids` for `key` as of `state`, with the few most recently used others. */
  private keep(key: string, state: string, rowids: Rowids): void {
    this.matching.delete(key);
    this.matching.set(key, { state, rowids });
    for (const k of this.matching.keys()) {
      if (this.matching.size <= 4) break;
      this.matching.delete(k);
    }
  }

  /** The rowids of the utterances matching `terms`, in project order. */
  private matchingRowids(terms: string[]): Rowids {
    const key = JSON.stringify(terms);
    const state = this.utteranceState();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) {
      // Most recently used last, so the oldest is the one dropped.
      this.matching.delete(key);
      this.matching.set(key, kept);
      return kept.rowids;
    }
    const rowids = terms.length === 0 ? this.allRowids() : this.filtered(terms, key, state);
    this.keep(key, state, rowids);
    return rowids;
  }

  /** Every utterance's rowid in project order (no filter: the index alone, not the utterances' text). */
  private allRowids(): Rowids {
    return rowidArray(
      preparedOnce(this.db, 'SELECT u.rowid FROM utterance u ORDER BY u.ord', (s) =>
        s.pluck(),
      ).all() as number[],
    );
  }

  /** The rowids of the utterances matching `terms` (at least one), from the kept filter texts. */
  private filtered(terms: string[], key: string, state: string): Rowids {
    const hay = this.hayNow(state);
    // Among the matches of a kept filter this one narrows, the fewest; else among every utterance.
    let among: Int32Array | null = null;
    for (const f of this.found.values())
      if (f.state === state && narrows(terms, f.terms) && (among === null || f.at.length < among.length))
        among = f.at;
    const at: number[] = [];
    if (among === null) {
      for (let i = 0; i < hay.texts.length; i++) if (hayMatches(hay.texts[i]!, terms)) at.push(i);
    } else for (const i of among) if (hayMatches(hay.texts[i]!, terms)) at.push(i);
    this.found.delete(key);
    this.found.set(key, { state, terms, at: Int32Array.from(at) });
    for (const k of this.found.keys()) {
      if (this.found.size <= 4) break;
      this.found.delete(k);
    }
    return rowidArray(at.map((i) => hay.rowids[i]!));
  }

  /** A window of the list (at most `limit` rows from `offset`) among the utterances matching `filter`, in `sort` order. */
  window({
    offset = 0,
    limit = 100,
    filter = '',
    locate,
    sort = 'project',
    annotator,
  }: UtteranceWindowRequest): UtteranceWindow {
    const terms = filterTerms(filter);
    const layer = annotator === undefined ? undefined : annotatorId(this.db, annotator);
    const ordered = layer === undefined ? this.rowids(terms, sort) : this.assignedRowids(terms, sort, layer);
    // A list shown without a filter may be filtered next: its texts are read meanwhile.
    if (terms.length === 0) this.prepareFilter();
    if ('pending' in ordered) {
      // How many match does not wait for the order: the same utterances in project order.
      const total = (
        layer === undefined ? this.matchingRowids(terms) : this.assignedInProjectOrder(terms, layer)
      ).length;
      return { total, offset: Math.min(offset, total), items: [], pending: ordered.pending };
    }
    const rowids = ordered;
    const start = Math.min(offset, rowids.length);
    const slice = Array.from(rowids.subarray(start, Math.min(rowids.length, start + limit)));
    const rows =
      slice.length === 0
        ? []
        : (preparedOnce(
            this.db,
            `SELECT u.rowid AS rid, u.id, u.audio_id, u.speaker, u.start_sec, u.end_sec, u.transcript, u.status,
                    (SELECT count(*) FROM word w WHERE w.utterance_id = u.id) AS word_count
             FROM utterance u WHERE u.rowid IN (SELECT value FROM json_each(?))`,
          ).all(JSON.stringify(slice)) as UtteranceRow[]);
    const byRowid = new Map(rows.map((r) => [r.rid, r]));
    const layerStatus = preparedOnce(
      this.db,
      'SELECT status FROM annotator_gold WHERE annotator_id = ? AND utterance_id = ?',
      (s) => s.pluck(),
    );
    const items = slice.flatMap((rid) => {
      const r = byRowid.get(rid);
      if (!r) return [];
      const summary = toSummary(r);
      if (layer === undefined) return [summary];
      const status = layerStatus.get(layer, r.id) as AnnotationStatus | undefined;
      return [status === undefined ? summary : { ...summary, status }];
    });
    const answer: UtteranceWindow = { total: rowids.length, offset: start, items };
    if (locate !== undefined) {
      const rid = preparedOnce(this.db, 'SELECT rowid FROM utterance WHERE id = ?', (s) => s.pluck()).get(
        locate,
      ) as number | undefined;
      const at = rid === undefined ? -1 : rowids.indexOf(rid);
      answer.position = at < 0 ? null : at;
    }
    return answer;
  }
}
