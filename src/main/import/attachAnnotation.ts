// Adds gold trees (a bracket file) and gold entities (SGML, CoNLL or JSON spans) to the utterances of a
// scanned corpus, checking each against the utterance's words.
import { describeLeafMatch, matchLeaves } from '../../core/formats/leafMatch';
import { parsePtb } from '../../core/formats/ptb';
import { readNe } from '../../core/ne/readers/readNe';
import { writeBracket } from '../../core/tree/bracket';
import { leaves } from '../../core/tree/tree';
import { leafToken } from '../../core/edit/bracketFormat';
import { emptyGold, goldProblems } from '../../core/gold/records';
import type { ImportIssue, ScannedCorpus } from './scanCorpus';
import { located } from './scanCorpus';
import { readTextFile } from './readTextFile';
import { entityProblems } from '../../core/edit/entities';
import type { Diagnostic } from '../../core/text/diagnostics';

/**
 * Reads a bracket file and gives each utterance its tree, named `name`. A tree preceded by `# id = …`
 * goes to that utterance; the others are paired with the utterances in order. Leaves must match words.
 */
export function attachTrees(scanned: ScannedCorpus, file: string, name: string, typed: boolean): void {
  const read = readTextFile(file);
  if (!read.ok) {
    scanned.errors.push(read.issue);
    return;
  }
  const r = parsePtb(read.text, { typed });
  const loc = located(file, r.diagnostics);
  for (const i of loc.errors) scanned.errors.push(i);
  for (const i of loc.warnings) scanned.warnings.push(i);
  // Trees were asked for: a file with none is an error, not an import without trees.
  if (r.value.length === 0 && loc.errors.length === 0) {
    const blank = read.text.trim() === '';
    scanned.errors.push({ file, message: blank ? 'the file is empty: no tree' : 'no tree in the file' });
    return;
  }
  const byId = new Map(scanned.corpus.utterances.map((u) => [u.id, u]));
  const withoutId = r.value.filter((t) => t.id === null);
  if (withoutId.length > 0 && withoutId.length !== r.value.length)
    scanned.errors.push({ file, message: 'either every tree names its utterance (# id = …) or none does' });
  if (withoutId.length > 0 && withoutId.length !== scanned.corpus.utterances.length)
    scanned.errors.push({
      file,
      message: `${withoutId.length} trees for ${scanned.corpus.utterances.length} utterances (trees without ids are paired in order)`,
    });
  r.value.forEach((t, k) => {
    const u = t.id !== null ? byId.get(t.id) : scanned.corpus.utterances[k];
    if (!u) {
      scanned.errors.push({ file, line: t.line, message: `no utterance "${t.id}" in this import` });
      return;
    }
    const match = matchLeaves(t.tree, u.words);
    if (!match.ok) {
      scanned.errors.push({
        file,
        line: t.line,
        message: `utterance "${u.id}": ${describeLeafMatch(match)}`,
      });
      return;
    }
    if (u.trees?.some((x) => x.name === name)) {
      scanned.errors.push({
        file,
        line: t.line,
        message: `utterance "${u.id}" already has a tree "${name}"`,
      });
      return;
    }
    // Leaves are stored as the studio writes each word (Treebank escapes such as -LCB- read back as the word).
    leaves(t.tree).forEach((leaf, k) => (leaf.label = leafToken(u.words[k]!.text)));
    const tree = { name, typed, bracket: writeBracket(t.tree, { typed }) };
    const problem = goldProblems({ ...emptyGold(), words: u.words, trees: [tree] })[0];
    if (problem) {
      scanned.errors.push({ file, line: t.line, message: `utterance "${u.id}": ${problem}` });
      return;
    }
    u.trees = [...(u.trees ?? []), tree];
  });
}

/**
 * Reads entity annotation (inline SGML one utterance per line, CoNLL documents, or JSON spans; the format
 * is detected) and gives the utterances, in order, their spans. Each document's words must be the
 * utterance's words (case-insensitively).
 */
export function attachEntities(scanned: ScannedCorpus, file: string): void {
  const read = readTextFile(file);
  if (!read.ok) {
    scanned.errors.push(read.issue);
    return;
  }
  if (read.text === '') {
    scanned.errors.push({ file, message: 'the file is empty: no entity annotation' });
    return;
  }
  const docLines: [number, number][] = [];
  const r = readNe(read.text, undefined, { documentLines: docLines });
  // The gold standard's entities may not nest or overlap (the studio's rule, `core/edit/entities.ts`):
  // nesting a scorer reads with a warning is an error here, at its tag.
  const nestedAt = new Set<number>();
  const diagnostics = r.diagnostics.map((d): Diagnostic => {
    if (d.code !== 'ne.sgml.nested') return d;
    nestedAt.add(d.line);
    return { ...d, severity: 'error', message: `${d.message}: gold entities may not nest or overlap` };
  });
  const loc = located(file, diagnostics);
  for (const i of loc.errors) scanned.errors.push(i);
  for (const i of loc.warnings) scanned.warnings.push(i);
  const utts = scanned.corpus.utterances;
  if (r.value.length !== utts.length) {
    scanned.errors.push({
      file,
      message: `${r.value.length} documents for ${utts.length} utterances (documents are paired with utterances in order)`,
    });
    return;
  }
  r.value.forEach((doc, k) => {
    const u = utts[k]!;
    const issue: ImportIssue = { file, message: '' };
    const match = matchLeaves(
      { label: '', children: doc.words.map((w) => ({ label: w.text, children: [] })) },
      u.words,
      { foldCase: true, unescape: false },
    );
    if (!match.ok) {
      issue.message = `document ${k + 1} (utterance "${u.id}"): ${describeLeafMatch(match).replace('leaves', 'words')}`;
      scanned.errors.push(issue);
      return;
    }
    const entities = [...(u.entities ?? []), ...doc.entities];
    const line = docLines[k]?.[0];
    const overlap = entityProblems(entities, u.words.length).find((p) => p.includes(' overlaps '));
    if (line !== undefined && nestedAt.has(line)) return; // refused at its tag above
    if (overlap !== undefined) {
      scanned.errors.push({
        file,
        ...(line !== undefined ? { line, column: 1 } : {}),
        message: `document ${k + 1} (utterance "${u.id}"): ${overlap}: gold entities may not nest or overlap`,
      });
      return;
    }
    const problem = goldProblems({ ...emptyGold(), words: u.words, entities })[0];
    if (problem) {
      issue.message = `document ${k + 1} (utterance "${u.id}"): ${problem}`;
      scanned.errors.push(issue);
      return;
    }
    u.entities = entities;
  });
}
