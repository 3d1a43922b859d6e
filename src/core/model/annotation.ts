// Plain records of the gold standard and of system outputs, shared by parsers, metrics, store and UI.
// Word positions are 0-based indices into the utterance's word tier; spans are inclusive.
import type { TreeNode } from '../tree/tree';

/** A word with optional times (seconds from the start of the audio file); untimed text has nulls. */
export interface TimedWord {
  text: string;
  startSec: number | null;
  endSec: number | null;
  /** Recognizer confidence in [0, 1], where the source gives one. */
  confidence?: number;
}

/** A named-entity span over words `firstWord..lastWord` (inclusive, 0-based) of one word sequence. */
export interface EntitySpan {
  type: string;
  firstWord: number;
  lastWord: number;
}

/** One attribute–value pair (`sourcecity:Bonn`). */
export interface Concept {
  attribute: string;
  value: string;
}

/** One ranked interpretation of an N-best list; equal scores mean equiprobable. */
export interface NBestEntry {
  interpretation: string;
  score: number;
}

/** Characterisation labels of an utterance (Kleinbauer et al. §5). */
export interface UtteranceLabels {
  inputKind?: 'text' | 'asr';
  accuracyClass?: 'perfect-1' | 'perfect-many' | 'imperfect-1' | 'imperfect-many';
  knowledgeClass?: 'known' | 'unknown-oov' | 'unknown-non-oov';
  cantRepresent?: boolean;
}

/** A gold or predicted tree whose leaves, in order, are the words of the sequence it annotates. */
export interface AnnotatedTree {
  /** Which tree of the utterance this is (`syntax`, `semantic` …); one per name. */
  name: string;
  tree: TreeNode;
  typed: boolean;
}

/** Everything a system output or a gold standard may carry for one utterance; every part optional. */
export interface UtteranceAnnotation {
  id: string;
  words?: TimedWord[];
  trees?: AnnotatedTree[];
  entities?: EntitySpan[];
  concepts?: Concept[];
  nbest?: NBestEntry[];
  /** Gold interpretations for N-best scoring (several allowed; none means none is correct). */
  interpretations?: string[];
  labels?: UtteranceLabels;
}
