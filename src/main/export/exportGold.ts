// Writes a project's gold standard in formats other tools read: SIEVE's gold JSON Lines (lossless),
// Praat TextGrids (words, entities, one tier per tree level), CTM and sclite trn.
import fs from 'node:fs';
import path from 'node:path';
import { FormatWriteError } from '../../core/formats/common';
import { writeCtm } from '../../core/formats/ctm';
import { writePtb } from '../../core/formats/ptb';
import { writeTextGrid } from '../../core/formats/textGrid';
import { entityTiers, intervalTier, treeLevelTiers, wordLabels } from '../../core/formats/textGridWords';
import { writeTrn } from '../../core/formats/trn';
import { writeGoldJsonl } from '../../core/gold/goldJsonl';
import { type GoldRecords, usableGold } from '../../core/gold/records';
import { parseTreeOrThrow } from '../../core/tree/bracket';
import type { UtteranceSummary } from '../../core/model/schemas';
import type { ProjectStore } from '../store/projectStore';

/** The export formats. */
export const EXPORT_FORMATS = ['jsonl', 'textgrid', 'ptb', 'conll', 'ctm', 'trn'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

interface GoldItem {
  id: string;
  audio: string;
  speaker: string;
  transcript: string;
  startSec: number;
  endSec: number;
  gold: GoldRecords;
  /** What was left out of the stored gold, and why. */
  notes?: string[];
}

/**
 * Every utterance's gold. With `onUnreadable` (a damaged project being copied out), an utterance whose rows
 * cannot be read is reported there and left out instead of ending the export.
 */
function goldItems(
  store: ProjectStore,
  onUnreadable?: (utteranceId: string, message: string) => void,
): GoldItem[] {
  return store.listUtterances().flatMap((u) => {
    if (!onUnreadable) return [goldItem(store, u)];
    try {
      return [goldItem(store, u)];
    } catch (err) {
      onUnreadable(u.id, (err as Error).message);
      return [];
    }
  });
}

function goldItem(store: ProjectStore, u: UtteranceSummary): GoldItem {
  const detail = store.getUtterance(u.id);
  // A tree or entity that an older version stored invalid is left out of every format, with a note.
  const { gold, notes } = usableGold(store.goldState(u.id).gold);
  return {
    id: u.id,
    audio: path.basename(detail.audio.path, path.extname(detail.audio.path)),
    speaker: u.speaker,
    transcript: u.transcript,
    startSec: u.startSec,
    endSec: u.endSec,
    gold,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** A TextGrid of one utterance over its extent in the audio file: words, entities, tree levels. */
export function utteranceTextGrid(item: GoldItem): string {
  const { startSec: xmin, endSec: xmax, gold } = item;
  const tiers = [intervalTier('words', wordLabels(gold.words), xmin, xmax)];
  if (gold.entities.length > 0) tiers.push(...entityTiers(gold.entities, gold.words, xmin, xmax));
  for (const t of gold.trees) {
    const tree = parseTreeOrThrow(t.bracket, { typed: t.typed }, `${item.id} tree "${t.name}"`);
    tiers.push(...treeLevelTiers(tree, gold.words, xmin, xmax, t.name, t.typed));
  }
  return writeTextGrid({ xmin, xmax, tiers });
}

/**
 * CoNLL columns `word start end tag` with BIO tags, one utterance per block. BIO cannot hold overlapping
 * or nested entities: such an utterance is an error naming it.
 */
export function conllText(items: readonly GoldItem[]): string {
  const blocks = items.map((i) => {
    const tags: string[] = i.gold.words.map(() => 'O');
    for (const e of [...i.gold.entities].sort((a, b) => a.firstWord - b.firstWord)) {
      for (let k = e.firstWord; k <= e.lastWord; k++) {
        if (tags[k] !== 'O')
          throw new FormatWriteError(
            `utterance "${i.id}": overlapping entities cannot be written as BIO tags`,
          );
        tags[k] = `${k === e.firstWord ? 'B' : 'I'}-${e.type}`;
      }
    }
    return i.gold.words.map((w, k) => `${w.text} ${w.startSec} ${w.endSec} ${tags[k]}\n`).join('');
  });
  return blocks.join('\n');
}

/** Timed Penn Treebank brackets of the tree named `treeName` (default: each utterance's first tree). */
export function ptbText(items: readonly GoldItem[], treeName?: string): string {
  const chosen = items.flatMap((i) => {
    const t = treeName ? i.gold.trees.find((x) => x.name === treeName) : i.gold.trees[0];
    return t ? [{ item: i, t }] : [];
  });
  const typed = chosen.some((c) => c.t.typed);
  if (typed && !chosen.every((c) => c.t.typed))
    throw new FormatWriteError(
      'typed and untyped trees cannot share one bracket file; choose one with --tree',
    );
  return writePtb(
    chosen.map(({ item, t }) => ({
      id: item.id,
      tree: parseTreeOrThrow(t.bracket, { typed: t.typed }, `${item.id} tree "${t.name}"`),
      words: item.gold.words,
    })),
    { typed },
  );
}

/**
 * Exports the gold standard. `jsonl`, `ctm` and `trn` write one file at `out`; `textgrid` writes one
 * `<utterance id>.TextGrid` per utterance into the folder `out`. Returns the files written.
 */
export function exportGold(
  store: ProjectStore,
  format: ExportFormat,
  out: string,
  options: {
    tree?: string;
    onUnreadable?: (utteranceId: string, message: string) => void;
    /** Told of each part of an utterance's gold left out because it is invalid. */
    onLeftOut?: (utteranceId: string, note: string) => void;
  } = {},
): string[] {
  const items = goldItems(store, options.onUnreadable);
  for (const i of items) for (const n of i.notes ?? []) options.onLeftOut?.(i.id, n);
  switch (format) {
    case 'jsonl':
      fs.writeFileSync(out, writeGoldJsonl(items));
      return [out];
    case 'ptb':
      fs.writeFileSync(out, ptbText(items, options.tree));
      return [out];
    case 'conll':
      fs.writeFileSync(out, conllText(items));
      return [out];
    case 'ctm':
      fs.writeFileSync(out, writeCtm(items.map((i) => ({ id: i.id, words: i.gold.words }))));
      return [out];
    case 'trn':
      fs.writeFileSync(
        out,
        writeTrn(items.map((i) => ({ id: i.id, words: i.gold.words.map((w) => w.text) }))),
      );
      return [out];
    case 'textgrid': {
      fs.mkdirSync(out, { recursive: true });
      return items.map((i) => {
        const file = path.join(out, `${i.id}.TextGrid`);
        fs.writeFileSync(file, utteranceTextGrid(i));
        return file;
      });
    }
  }
}
