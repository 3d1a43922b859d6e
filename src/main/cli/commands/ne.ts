import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NeDocument } from '../../../core/ne/document';
import type { LexemeAligner } from '../../../core/ne/lexemeAligner';
import { phoneticAligner } from '../../../core/ne/phoneticAligner';
import { NE_FORMATS, type NeFormat, readNe } from '../../../core/ne/readers/readNe';
import { NE_COMPONENTS, type NePrf, type NeScore, neScore } from '../../../core/ne/score';
import { type NeDocResult, type NeResult, scoreNe } from '../../../core/ne/scoreNe';
import { textAligner } from '../../../core/ne/textAligner';
import { timeAligner } from '../../../core/ne/timeAligner';
import { MetricInputError } from '../../../core/stats/errors';
import { type CliIo, type Command, EXIT_USAGE } from '../command';

const ALIGNERS = ['text', 'phonetic', 'time'] as const;
const MAPPINGS = ['greedy', 'optimal'] as const;
const OUTPUTS = ['table', 'json'] as const;

/** Reads one entity file; prints its diagnostics as `file:line:col: message` and returns null on errors. */
function readNeFile(file: string, format: NeFormat | undefined, io: CliIo): NeDocument[] | null {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(io.cwd, file), 'utf8').replace(/^\uFEFF/, '');
  } catch (err) {
    io.err(`${file}: ${(err as Error).message}\n`);
    return null;
  }
  const { value, diagnostics } = readNe(text, format);
  for (const d of diagnostics) {
    io.err(`${file}:${d.line}:${d.column}: ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}\n`);
  }
  return diagnostics.some((d) => d.severity === 'error') ? null : value;
}

/** The phonetic aligner over the CMU Pronouncing Dictionary, loaded (3.6 MB) only when asked for. */
async function cmuAligner(): Promise<LexemeAligner> {
  const { dictionary } = await import('cmu-pronouncing-dictionary');
  return phoneticAligner({ lookup: (w) => dictionary[w.toLowerCase()]?.split(' '), lexicon: 'cmudict' });
}

const num = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : x === Infinity ? 'inf' : '—');
const cells = (p: NePrf): string[] => [num(p.precision), num(p.recall), num(p.f)];

function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, k) => (k < leftColumns ? c.padEnd(widths[k]!) : c.padStart(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function componentHeader(score: NeScore): string[] {
  return [...NE_COMPONENTS[score.mode], 'all'].flatMap((c) => [`${c}:P`, 'R', 'F']);
}

function componentCells(score: NeScore): string[] {
  return [...NE_COMPONENTS[score.mode].map((c) => score.components[c]!), score.overall].flatMap(cells);
}

/** Per-document, corpus and per-type tables of P/R/F (and the slot error rate for the corpus). */
export function neTable(result: NeResult): string {
  const { score } = result;
  const docRows = result.documents.map((d, k) => {
    const s = neScore(d.stats, score.mode);
    return [
      String(k + 1),
      String(d.stats.ref),
      String(d.stats.hyp),
      String(d.stats.mapped),
      ...componentCells(s),
    ];
  });
  const perDoc = table(['doc', 'ref', 'hyp', 'mapped', ...componentHeader(score)], docRows, 0);
  const corpusRows = [
    ...NE_COMPONENTS[score.mode].map((c) => [c, score.components[c]!] as const),
    ['all slots', score.overall] as const,
    ['whole entity', score.entity] as const,
  ].map(([name, p]) => [name, String(p.correct), String(p.ref), String(p.hyp), ...cells(p), num(p.ser)]);
  const corpus = table(['component', 'correct', 'ref', 'hyp', 'P', 'R', 'F', 'SER'], corpusRows);
  const typeRows = Object.entries(score.byType).map(([type, t]) => [
    type,
    String(t.ref),
    String(t.hyp),
    ...[...NE_COMPONENTS[score.mode].map((c) => t.components[c]!), t.overall, t.entity].flatMap(cells),
  ]);
  const byType = table(['type', 'ref', 'hyp', ...componentHeader(score), 'entity:P', 'R', 'F'], typeRows);
  const s = result.stats;
  return [
    'Per document',
    perDoc,
    '',
    `Corpus: ${result.documents.length} documents, ${s.ref} reference and ${s.hyp} hypothesis entities, ${s.mapped} mapped`,
    corpus,
    '',
    'By entity type (recall by reference type, precision by hypothesis type; entity: whole entities exactly right)',
    byType,
    '',
    result.signature,
    '',
  ].join('\n');
}

function entityJson(
  doc: NeDocument,
  k: number,
): { type: string; firstWord: number; lastWord: number; words: string[] } | null {
  if (k < 0) return null;
  const e = doc.entities[k]!;
  const words = doc.words.slice(e.firstWord, e.lastWord + 1).map((w) => w.text);
  return { type: e.type, firstWord: e.firstWord, lastWord: e.lastWord, words };
}

/** One JSON line per reference or hypothesis entity (a mapped pair is one line), then the summary. */
export function neJsonLines(result: NeResult): string {
  const out: string[] = [];
  const muc = result.score.mode === 'muc';
  result.documents.forEach((d: NeDocResult, k) => {
    const a = d.alignment;
    for (const e of d.entries) {
      const blocks: number[] = [];
      if (e.ref >= 0)
        blocks.push(
          a.refBlock[d.ref.entities[e.ref]!.firstWord]!,
          a.refBlock[d.ref.entities[e.ref]!.lastWord]!,
        );
      if (e.hyp >= 0)
        blocks.push(
          a.hypBlock[d.hyp.entities[e.hyp]!.firstWord]!,
          a.hypBlock[d.hyp.entities[e.hyp]!.lastWord]!,
        );
      const aligned: string[][][] = [];
      for (let b = Math.min(...blocks); b <= Math.max(...blocks); b++) {
        aligned.push([
          d.ref.words.slice(a.refStart[b], a.refStart[b + 1]).map((w) => w.text),
          d.hyp.words.slice(a.hypStart[b], a.hypStart[b + 1]).map((w) => w.text),
        ]);
      }
      const j = e.judgement;
      out.push(
        JSON.stringify({
          doc: k + 1,
          ref: entityJson(d.ref, e.ref),
          hyp: entityJson(d.hyp, e.hyp),
          type: j ? j.type : null,
          extent: j ? j.extent : null,
          content: j ? j.content : null,
          ...(muc ? { text: j ? j.extent && j.content : null } : {}),
          aligned,
        }),
      );
    }
  });
  const { score } = result;
  const summary = {
    signature: result.signature,
    documents: result.documents.length,
    mode: score.mode,
    components: score.components,
    overall: score.overall,
    entity: score.entity,
    byType: score.byType,
  };
  // JSON has no NaN or Infinity: undefined figures (see score.ts) become null.
  out.push(JSON.stringify({ summary }));
  return `${out.join('\n')}\n`;
}

/** `sieve ne --ref REF --hyp HYP`: named-entity scores of a recognizer's tagged output (Burger et al.). */
export const ne: Command = {
  name: 'ne',
  summary: 'Named-entity scores for speech: type, extent and content through an alignment (Burger et al.)',
  usage:
    'sieve ne --ref REF --hyp HYP [--align text|phonetic|time] [--mapping greedy|optimal] [--tolerance K]\n' +
    '         [--muc] [--format table|json] [--ref-format F] [--hyp-format F] [--anchor N] [--keep-case]\n' +
    '         [--keep-punctuation]\n' +
    '  REF and HYP are inline SGML (<P>…</P>, <ENAMEX TYPE="…">…</ENAMEX>; one document per line), CoNLL\n' +
    '  columns (word … tag, BIO/BIOES; documents split by blank lines; `word start end tag` for times) or\n' +
    '  JSON ({"words", "entities": [{"type", "firstWord", "lastWord"}]}), detected from the content unless\n' +
    '  F (sgml|conll|json) is given; documents pair in order. --align time needs word times on both sides.\n' +
    '  The extent tolerance defaults to 1 (0 with --muc, which judges extent and content as one component).\n' +
    '  --anchor N: anchor runs of N ≥ 3 identical words first (default 3; 0: off). json: one line per entity,\n' +
    '  then {"summary": …} with P/R/F, where null means undefined (nothing to divide by).\n' +
    '  Punctuation is removed before alignment (Burger et al. §2.1), so an entity differing only by a\n' +
    '  punctuation token is right; --keep-punctuation keeps every token, and on the same CoNLL text the\n' +
    "  whole-entity figures (corpus and per type) are then conlleval's, except that an undefined P, R or F\n" +
    '  (no entity on one side) is — here and null in json, where conlleval prints 0.00.',
  async run(args, io) {
    const { values } = parseArgs({
      args,
      options: {
        ref: { type: 'string' },
        hyp: { type: 'string' },
        align: { type: 'string', default: 'text' },
        mapping: { type: 'string', default: 'greedy' },
        tolerance: { type: 'string' },
        muc: { type: 'boolean', default: false },
        format: { type: 'string', default: 'table' },
        'ref-format': { type: 'string' },
        'hyp-format': { type: 'string' },
        anchor: { type: 'string', default: '3' },
        'keep-case': { type: 'boolean', default: false },
        'keep-punctuation': { type: 'boolean', default: false },
      },
    });
    const align = values.align as (typeof ALIGNERS)[number];
    const mapping = values.mapping as (typeof MAPPINGS)[number];
    const output = values.format as (typeof OUTPUTS)[number];
    const refFormat = values['ref-format'] as NeFormat | undefined;
    const hypFormat = values['hyp-format'] as NeFormat | undefined;
    const tolerance = values.tolerance === undefined ? undefined : Number(values.tolerance);
    const anchorRun = Number(values.anchor);
    const bad =
      !values.ref ||
      !values.hyp ||
      !ALIGNERS.includes(align) ||
      !MAPPINGS.includes(mapping) ||
      !OUTPUTS.includes(output) ||
      (refFormat !== undefined && !NE_FORMATS.includes(refFormat)) ||
      (hypFormat !== undefined && !NE_FORMATS.includes(hypFormat)) ||
      (tolerance !== undefined && !/^\d+$/.test(values.tolerance!)) ||
      !/^\d+$/.test(values.anchor);
    if (bad) {
      io.err(`usage: ${this.usage}\n`);
      return EXIT_USAGE;
    }
    const refs = readNeFile(values.ref!, refFormat, io);
    const hyps = readNeFile(values.hyp!, hypFormat, io);
    if (!refs || !hyps) return 1;
    if (refs.length !== hyps.length) {
      throw new MetricInputError(
        `${values.ref} has ${refs.length} documents and ${values.hyp} has ${hyps.length}; documents pair in order (SGML: line by line)`,
      );
    }
    const aligner = align === 'phonetic' ? await cmuAligner() : align === 'time' ? timeAligner : textAligner;
    const result = scoreNe(
      refs.map((ref, k) => ({ ref, hyp: hyps[k]! })),
      {
        aligner,
        mapping,
        tolerance,
        mode: values.muc ? 'muc' : 'full',
        anchorRun,
        caseFold: !values['keep-case'],
        punctuation: values['keep-punctuation'] ? 'keep' : 'drop',
      },
    );
    const dropped = result.documents.reduce((n, d) => n + d.droppedEntities, 0);
    if (dropped > 0) io.err(`warning: ${dropped} entities held only punctuation and were left out\n`);
    io.out(output === 'json' ? neJsonLines(result) : neTable(result));
    return 0;
  },
};
