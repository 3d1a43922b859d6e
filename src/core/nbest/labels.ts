// Utterance characterisation (Kleinbauer et al. §4, §5.2): input kind, accuracy and knowledge classes,
// and the CantRepresent flag. Labels arrive in several spellings (the paper's `perfect=1`, the
// project model's `perfect-1` / `perfect-many`, or a bare `perfect` whose count comes from the gold).
import { jsonPreview } from '../text/jsonPreview';

/** Where the interpreted words came from. */
export type InputKind = 'text' | 'asr';

/** §4: perfect utterances match an object in every respect, imperfect ones do not. */
export type Accuracy = 'perfect' | 'imperfect';

/** §4 knowledge classes; §5.2 separates unknown words (OOV) from unknown constructs (non-OOV). */
export type KnowledgeClass = 'known' | 'unknown-oov' | 'unknown-non-oov';

/** Normalised labels of one utterance; absent fields were not given. */
export interface NbestLabels {
  input?: InputKind;
  accuracy?: Accuracy;
  /** The gold count stated with the accuracy label (`=1` or `>1`), checked against the gold list. */
  accuracyCount?: '=1' | '>1';
  knowledge?: KnowledgeClass;
  /** §6.2: the system cannot represent the utterance; it is counted and excluded from the rest. */
  cantRepresent?: boolean;
}

/** The dimensions a breakdown can group by. */
export type LabelDimension = 'accuracy' | 'knowledge' | 'input';

/** Every dimension, in the order of `--by`'s documentation. */
export const LABEL_DIMENSIONS: readonly LabelDimension[] = ['accuracy', 'knowledge', 'input'];

/** The group name of an utterance that lacks the label. */
export const UNLABELLED = 'unlabelled';

const ACCURACY: Record<string, [Accuracy, '=1' | '>1' | undefined]> = {
  perfect: ['perfect', undefined],
  imperfect: ['imperfect', undefined],
  'perfect=1': ['perfect', '=1'],
  'perfect>1': ['perfect', '>1'],
  'imperfect=1': ['imperfect', '=1'],
  'imperfect>1': ['imperfect', '>1'],
  'perfect-1': ['perfect', '=1'],
  'perfect-many': ['perfect', '>1'],
  'imperfect-1': ['imperfect', '=1'],
  'imperfect-many': ['imperfect', '>1'],
};

/**
 * Reads a raw `labels` object. Keys may be short (`input`, `accuracy`, `knowledge`) or the project
 * model's (`inputKind`, `accuracyClass`, `knowledgeClass`); values are case-insensitive. Unknown keys
 * are ignored (files may carry other labels); a known key with an unknown value is a problem.
 */
export function readLabels(raw: unknown): { labels: NbestLabels; problems: string[] } {
  const labels: NbestLabels = {};
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { labels, problems };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { labels, problems: ['"labels" must be an object'] };
  const r = raw as Record<string, unknown>;
  const pick = (a: string, b: string): unknown => (r[a] !== undefined ? r[a] : r[b]);
  const text = (v: unknown): string | undefined =>
    typeof v === 'string' ? v.trim().toLowerCase() : undefined;

  const input = pick('input', 'inputKind');
  if (input !== undefined) {
    const v = text(input);
    if (v === 'text' || v === 'asr') labels.input = v;
    else problems.push(`input kind must be "text" or "asr", got ${jsonPreview(input)}`);
  }
  const accuracy = pick('accuracy', 'accuracyClass');
  if (accuracy !== undefined) {
    const entry = ACCURACY[text(accuracy) ?? ''];
    if (entry) {
      labels.accuracy = entry[0];
      if (entry[1]) labels.accuracyCount = entry[1];
    } else {
      problems.push(
        `accuracy class must be perfect or imperfect (optionally =1 or >1), got ${jsonPreview(accuracy)}`,
      );
    }
  }
  const knowledge = pick('knowledge', 'knowledgeClass');
  if (knowledge !== undefined) {
    const v = text(knowledge);
    if (v === 'known' || v === 'unknown-oov' || v === 'unknown-non-oov') labels.knowledge = v;
    else
      problems.push(
        `knowledge class must be known, unknown-oov or unknown-non-oov, got ${jsonPreview(knowledge)}`,
      );
  }
  const cant = r['cantRepresent'];
  if (cant !== undefined) {
    if (typeof cant === 'boolean') labels.cantRepresent = cant;
    else problems.push(`cantRepresent must be true or false, got ${jsonPreview(cant)}`);
  }
  return { labels, problems };
}

/**
 * The accuracy class as the paper writes it (`perfect=1`, `imperfect>1`): §4 makes the number of gold
 * interpretations part of accuracy, so the count comes from the gold list (`=0` when there is none).
 */
export function accuracyClass(labels: NbestLabels, nGold: number): string {
  if (!labels.accuracy) return UNLABELLED;
  return `${labels.accuracy}${nGold === 0 ? '=0' : nGold === 1 ? '=1' : '>1'}`;
}

/** The group an utterance falls in along one dimension. */
export function groupValue(labels: NbestLabels, nGold: number, dim: LabelDimension): string {
  if (dim === 'accuracy') return accuracyClass(labels, nGold);
  if (dim === 'knowledge') return labels.knowledge ?? UNLABELLED;
  return labels.input ?? UNLABELLED;
}

const ORDER: Record<LabelDimension, readonly string[]> = {
  accuracy: ['perfect=1', 'perfect>1', 'imperfect=1', 'imperfect>1', 'perfect=0', 'imperfect=0'],
  knowledge: ['known', 'unknown-oov', 'unknown-non-oov'],
  input: ['text', 'asr'],
};

/** Sort order of group values: the paper's Table 3 order, then anything else, `unlabelled` last. */
export function compareGroupValues(dim: LabelDimension, a: string, b: string): number {
  const rank = (v: string): number => {
    const i = ORDER[dim].indexOf(v);
    return i >= 0 ? i : v === UNLABELLED ? 1000 : 999;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
