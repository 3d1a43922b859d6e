// Windows of the utterance list, answered from SQL: the utterances matching a filter, in project order, as
// rowids found by one scan of the utterance table, kept until the project changes; a window then reads only
// its own rows. The predicate is core's `utteranceMatches`: ASCII rows are tested by SQLite itself (its
// lower() and JavaScript's agree there), any other row by that very function, registered on the database.
import type { UtteranceSummary } from '../../core/model/schemas';
import { filterTerms, STATUS_LABEL, utteranceMatches } from '../../core/model/utteranceFilter';
import type { AnnotationStatus } from '../../core/model/schemas';
import { DisagreementIndex } from '../agreement/disagreementIndex';
import type { Db } from './openDatabase';
import { preparedOnce } from './statementCache';
import { annotatorId } from './annotatorStore';

/** A window of the utterance list: `items` from `offset` among the `total` utterances matching. */
export interface UtteranceWindow {
  total: number;
  offset: number;
  items: UtteranceSummary[];
  /** Where the utterance asked for with `locate` is among those matching (0-based); null when it is not. */
  position?: number | null;
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
   * Only the utterances assigned to this annotator, each with the status of their layer (the filter's
   * terms still read the utterance's own status).
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

const MATCH_FUNCTION = 'sieve_utterance_matches';
const STATUS_SQL = `CASE u.status ${Object.entries(STATUS_LABEL)
  .map(([code, label]) => `WHEN '${code}' THEN '${label}'`)
  .join(' ')} END`;
const HAY_SQL = `lower(u.id || ' ' || u.speaker || ' ' || ${STATUS_SQL} || ' ' || u.transcript)`;
const ASCII_SQL = ['u.id', 'u.speaker', 'u.transcript']
  .map((c) => `length(${c}) = octet_length(${c})`)
  .join(' AND ');

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

/** The SQL condition for `count` terms (bound in order, then the terms as JSON), or '' for no terms. */
function matchSql(count: number): string {
  if (count === 0) return '';
  const ascii = Array.from({ length: count }, () => `instr(${HAY_SQL}, ?) > 0`).join(' AND ');
  return `WHERE CASE WHEN ${ASCII_SQL} THEN ${ascii} ELSE ${MATCH_FUNCTION}(?, u.id, u.speaker, u.status, u.transcript) END`;
}

/**
 * The utterance list of one open project, by windows. The rowids matching the last few filters are kept
 * with the state of the database they were read in (`PRAGMA data_version` for other connections' commits,
 * `total_changes()` for this connection's), so scrolling reads a window's rows only.
 */
export class UtteranceLists {
  private readonly matching = new Map<string, { state: string; rowids: Int32Array | Float64Array }>();
  private lastTerms = { json: '', terms: [] as string[] };
  private disagreement: DisagreementIndex | null = null;

  constructor(private readonly db: Db) {
    db.function(MATCH_FUNCTION, { deterministic: true }, (termsJson, id, speaker, status, transcript) => {
      if (termsJson !== this.lastTerms.json)
        this.lastTerms = { json: termsJson as string, terms: JSON.parse(termsJson as string) as string[] };
      const u = {
        id: String(id),
        speaker: String(speaker),
        status: status as AnnotationStatus,
        transcript: String(transcript),
      };
      return utteranceMatches(u, this.lastTerms.terms) ? 1 : 0;
    });
  }

  /** What identifies the database's content now: it changes with any commit, by any connection. */
  state(): string {
    const version = this.db.pragma('data_version', { simple: true }) as number;
    const changes = preparedOnce(this.db, 'SELECT total_changes()', (s) => s.pluck()).get() as number;
    return `${version}:${changes}`;
  }

  /** The rowids of the utterances matching `terms`, in the order asked for. */
  private rowids(terms: string[], sort: UtteranceOrder): Int32Array | Float64Array {
    if (sort === 'project') return this.matchingRowids(terms);
    const key = `${sort}:${JSON.stringify(terms)}`;
    const state = this.state();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) return kept.rowids;
    const inProjectOrder = this.matchingRowids(terms);
    this.disagreement ??= new DisagreementIndex(this.db);
    const differences = this.disagreement.byRowid();
    // Stable: equal counts keep the project's order; utterances with fewer than two layers (-1) come last.
    const rowids = inProjectOrder
      .slice()
      .sort((x, y) => (differences.get(y) ?? -1) - (differences.get(x) ?? -1));
    this.keep(key, state, rowids);
    return rowids;
  }

  /** `rowids(terms, sort)` of the utterances assigned to the annotator `layer` only. */
  private assignedRowids(terms: string[], sort: UtteranceOrder, layer: number): Int32Array | Float64Array {
    const key = `assigned:${layer}:${sort}:${JSON.stringify(terms)}`;
    const state = this.state();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) return kept.rowids;
    const all = this.rowids(terms, sort);
    const assigned = new Set(
      preparedOnce(
        this.db,
        'SELECT u.rowid FROM assignment s JOIN utterance u ON u.id = s.utterance_id WHERE s.annotator_id = ?',
        (s) => s.pluck(),
      ).all(layer) as number[],
    );
    const rowids = all.filter((r) => assigned.has(r));
    this.keep(key, state, rowids);
    return rowids;
  }

  /** Keeps `rowids` for `key` as of `state`, with the few most recently used others. */
  private keep(key: string, state: string, rowids: Int32Array | Float64Array): void {
    this.matching.delete(key);
    this.matching.set(key, { state, rowids });
    for (const k of this.matching.keys()) {
      if (this.matching.size <= 4) break;
      this.matching.delete(k);
    }
  }

  /** The rowids of the utterances matching `terms`, in project order. */
  private matchingRowids(terms: string[]): Int32Array | Float64Array {
    const key = JSON.stringify(terms);
    const state = this.state();
    const kept = this.matching.get(key);
    if (kept && kept.state === state) {
      // Most recently used last, so the oldest is the one dropped.
      this.matching.delete(key);
      this.matching.set(key, kept);
      return kept.rowids;
    }
    const ids = preparedOnce(
      this.db,
      `SELECT u.rowid FROM utterance u ${matchSql(terms.length)} ORDER BY u.ord`,
      (s) => s.pluck(),
    ).all(...terms, ...(terms.length > 0 ? [key] : [])) as number[];
    const rowids = ids.every((r) => r <= 0x7fffffff && r >= -0x80000000)
      ? Int32Array.from(ids)
      : Float64Array.from(ids);
    this.keep(key, state, rowids);
    return rowids;
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
    const rowids = layer === undefined ? this.rowids(terms, sort) : this.assignedRowids(terms, sort, layer);
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
