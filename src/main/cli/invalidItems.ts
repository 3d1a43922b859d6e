// The bad lines of a batch command's input (ted, tna, structiou, parseval, ne, nbest, ca), handled alike:
// each is reported as `file:line:column: message`; by default the command then fails (exit 1) and prints
// nothing on stdout; with --skip-invalid it scores the other items, says on stderr what it skipped and
// counts the skipped items in its summary.
import type { CliIo } from './command';
import { firstOf, MAX_LISTED, moreLine } from '../import/issueList';

/** The flag every batch command takes, for its `parseCliArgs` options. */
export const SKIP_INVALID_FLAG = { 'skip-invalid': { type: 'boolean', default: false } } as const;

/** The usage line of the flag. */
export const SKIP_INVALID_USAGE =
  '  --skip-invalid: score the valid items, list the invalid ones on stderr and count them in the summary';

/** One problem of an input line, and the item (line, pair, document, sentence) it spoils. */
export interface InvalidLine {
  file: string;
  line: number;
  column: number;
  message: string;
  /** The item's id as the output names it (an id from the input, else a line or document number). */
  item: string | number;
}

/** A skipped item in a JSON summary: its id and the first problem found in it. */
export interface SkippedItem {
  id: string | number;
  file: string;
  line: number;
  column: number;
  reason: string;
}

/** The invalid lines of one run, and what to do about them. */
export class InvalidItems {
  private readonly lines: InvalidLine[] = [];
  private readonly spoiled = new Map<string, InvalidLine>();

  /** `skip`: the command's --skip-invalid. */
  constructor(readonly skip: boolean) {}

  /** Notes a problem at `file:line:column` that spoils `item`. */
  add(file: string, line: number, column: number, message: string, item: string | number): void {
    const bad: InvalidLine = { file, line, column, message, item };
    this.lines.push(bad);
    const key = String(item);
    if (!this.spoiled.has(key)) this.spoiled.set(key, bad);
  }

  /** Whether `item` had a problem (and is left out). */
  has(item: string | number): boolean {
    return this.spoiled.has(String(item));
  }

  /** How many items are spoiled. */
  get count(): number {
    return this.spoiled.size;
  }

  /**
   * Prints the problems on stderr as `file:line:column: message` (the first `MAX_LISTED`, then a count of
   * the others, so a file of 200,000 bad lines prints a screenful). Returns true when the command must
   * stop (exit 1, nothing on stdout): there were problems and --skip-invalid was not given. When skipping,
   * a last line says how many items were left out.
   */
  stop(io: CliIo, command: string): boolean {
    const { listed, more } = firstOf(this.lines, MAX_LISTED);
    for (const l of listed) io.err(`${l.file}:${l.line}:${l.column}: ${l.message}\n`);
    if (more > 0) io.err(`${moreLine(more, 'errors')}\n`);
    if (this.lines.length === 0) return false;
    if (!this.skip) return true;
    io.err(`sieve ${command}: skipped ${this.countText()} (--skip-invalid)\n`);
    return false;
  }

  /** The fields a JSON summary gains with --skip-invalid: `skipped` (a count) and `skippedItems`. */
  summary(): { skipped: number; skippedItems: SkippedItem[] } | Record<string, never> {
    if (!this.skip) return {};
    const skippedItems = [...this.spoiled.values()].map((l) => ({
      id: l.item,
      file: l.file,
      line: l.line,
      column: l.column,
      reason: l.message,
    }));
    return { skipped: skippedItems.length, skippedItems };
  }

  /** The line a text report gains with --skip-invalid (with a final newline), else ''. */
  note(): string {
    if (!this.skip) return '';
    const where = [...this.spoiled.values()].map((l) => `${l.item} (${l.file}:${l.line}:${l.column})`);
    return `skipped ${this.countText()}${where.length > 0 ? `: ${where.join(', ')}` : ''}\n`;
  }

  private countText(): string {
    return `${this.count} item${this.count === 1 ? '' : 's'}`;
  }
}
