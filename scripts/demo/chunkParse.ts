// Baseline syntax: a rule-based chunk parser that gives any word sequence a Penn Treebank-style tree.
// Lexicon lookup for parts of speech, then noun, prepositional and verb phrases by simple patterns.
// A demo baseline only: it never backtracks and attaches every phrase after a verb to that verb.
import { writeBracket } from '../../src/core/tree/bracket';
import { node, type TreeNode } from '../../src/core/tree/tree';
import { posOf } from './lexicon';

const NOUN = /^(NN|NNS|NNP|NNPS)$/;
const VERB = /^(MD|VB|VBZ|VBP|VBD|VBN|VBG)$/;

/** A chunk: its phrase label (or null for a single word left as it is) and its nodes. */
interface Chunk {
  label: string | null;
  nodes: TreeNode[];
}

const pre = (tag: string, word: string): TreeNode => node(tag, [node(word)]);

/**
 * Reads a noun phrase starting at `i`: [DT | PRP$] (JJ | CD)* noun+ CD*, or a lone PRP, EX or CD.
 * Returns the phrase and the index after it, or null when no noun phrase starts there.
 */
function nounPhrase(words: readonly string[], tags: readonly string[], i: number): [TreeNode, number] | null {
  const n = words.length;
  if (tags[i] === 'PRP' || tags[i] === 'EX') return [node('NP', [pre(tags[i]!, words[i]!)]), i + 1];
  let j = i;
  if (tags[j] === 'DT' || tags[j] === 'PRP$') j++;
  while (j < n && (tags[j] === 'JJ' || tags[j] === 'CD')) j++;
  const nounStart = j;
  while (j < n && NOUN.test(tags[j]!)) j++;
  if (j === nounStart) {
    // No noun: a lone number ("at ten") is still a noun phrase; anything else is not one.
    if (tags[i] === 'CD') return [node('NP', [pre('CD', words[i]!)]), i + 1];
    return null;
  }
  while (j < n && tags[j] === 'CD') j++;
  const kids: TreeNode[] = [];
  for (let k = i; k < j; k++) kids.push(pre(tags[k]!, words[k]!));
  return [node('NP', kids), j];
}

/** Splits tagged words into NP, PP, verb-group, WHADVP and single-word chunks, left to right. */
function chunk(words: readonly string[], tags: readonly string[]): Chunk[] {
  const out: Chunk[] = [];
  let i = 0;
  while (i < words.length) {
    const t = tags[i]!;
    if (t === 'WRB') {
      out.push({ label: 'WHADVP', nodes: [pre(t, words[i]!)] });
      i++;
      continue;
    }
    if (t === 'IN' || (t === 'TO' && !VERB.test(tags[i + 1] ?? ''))) {
      const np = nounPhrase(words, tags, i + 1);
      if (np) {
        out.push({ label: 'PP', nodes: [pre(t, words[i]!), np[0]] });
        i = np[1];
        continue;
      }
    }
    if (VERB.test(t)) {
      // A verb group: verbs, with "to" before a verb and a particle after one ("check in").
      const nodes: TreeNode[] = [];
      while (i < words.length) {
        const u = tags[i]!;
        const toVerb = u === 'TO' && VERB.test(tags[i + 1] ?? '');
        if (!VERB.test(u) && !toVerb && u !== 'RP' && u !== 'RB') break;
        nodes.push(u === 'RP' ? node('PRT', [pre('RP', words[i]!)]) : pre(u, words[i]!));
        i++;
      }
      out.push({ label: 'VG', nodes });
      continue;
    }
    const np = nounPhrase(words, tags, i);
    if (np) {
      out.push({ label: 'NP', nodes: np[0].children });
      i = np[1];
      continue;
    }
    out.push({ label: null, nodes: [pre(t, words[i]!)] });
    i++;
  }
  return out;
}

/**
 * A Penn Treebank-style tree over `words` (leaves exactly the words), or null for no words. Each verb
 * group becomes a VP that takes every following chunk up to the next verb group; what precedes the
 * first VP hangs from the clause. A first WHADVP makes an SBARQ over (WHADVP, SQ rest), as in the PTB.
 */
export function chunkParse(words: readonly string[]): string | null {
  if (words.length === 0) return null;
  const tags = words.map(posOf);
  const chunks = chunk(words, tags);
  const clause: TreeNode[] = [];
  let vp: TreeNode | null = null;
  for (const c of chunks) {
    const phrase = c.label === null ? c.nodes[0]! : c.label === 'VG' ? null : node(c.label, c.nodes);
    if (c.label === 'VG') {
      vp = node('VP', [...c.nodes]);
      clause.push(vp);
    } else if (vp) vp.children.push(phrase!);
    else clause.push(phrase!);
  }
  let tree: TreeNode;
  if (clause[0]?.label === 'WHADVP' && clause.length > 1) {
    tree = node('SBARQ', [clause[0], node('SQ', clause.slice(1))]);
  } else {
    tree = node('S', clause);
  }
  return writeBracket(tree);
}
