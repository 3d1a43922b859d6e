// Every text reader of the project, with valid sample texts to mutate and the words of its grammar to
// build garbage from. A reader returns `{ value, diagnostics }` and never throws; its `…OrThrow` form may
// throw a `ParseError` and nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { parseConcepts, parseConceptsOrThrow } from '../../src/core/formats/concepts';
import { parseCtm, parseCtmOrThrow } from '../../src/core/formats/ctm';
import { decodeText } from '../../src/core/formats/decodeText';
import { parseEaf, parseEafOrThrow } from '../../src/core/formats/eaf';
import {
  parseNbestJsonl as parseNbestLines,
  parseNbestJsonlOrThrow,
  parseNbestUtterances,
} from '../../src/core/formats/nbestJsonl';
import { parsePtb, parsePtbOrThrow } from '../../src/core/formats/ptb';
import { parseSystemJsonl, parseSystemJsonlOrThrow } from '../../src/core/formats/systemJsonl';
import { parseTextGrid, parseTextGridOrThrow } from '../../src/core/formats/textGrid';
import { parseTextGridWords, parseTextGridWordsOrThrow } from '../../src/core/formats/textGridWords';
import { parseTrn, parseTrnOrThrow } from '../../src/core/formats/trn';
import {
  parseGentleJson,
  parseGentleJsonOrThrow,
  parseWhisperXJson,
  parseWhisperXJsonOrThrow,
  parseWordTimesJson,
  parseWordTimesJsonOrThrow,
} from '../../src/core/formats/wordTimesJson';
import { parseXml } from '../../src/core/formats/xmlLite';
import {
  parsePlainTranscript,
  parseTabTranscripts,
  parseTrnTranscripts,
} from '../../src/core/forcedAlign/transcripts';
import { parseGoldJsonl } from '../../src/core/gold/goldJsonl';
import { parseEvalbParams } from '../../src/core/metrics/evalbParams';
import { parseNeConll } from '../../src/core/ne/readers/conll';
import { parseNeJson } from '../../src/core/ne/readers/json';
import { readNe } from '../../src/core/ne/readers/readNe';
import { parseNeSgml } from '../../src/core/ne/readers/sgml';
import type { ParseResult } from '../../src/core/text/diagnostics';

/** One reader under test. */
export interface ReaderTarget {
  name: string;
  /** The reader; it must return and never throw. */
  read(text: string): ParseResult<unknown>;
  /** Its throwing form, when it has one: it may throw a `ParseError` only. */
  readOrThrow?(text: string): unknown;
  /** Valid texts to mutate. */
  samples: string[];
  /** Words of the format, inserted by mutations and strung together into garbage. */
  tokens: string[];
}

const root = path.resolve(import.meta.dirname, '..', '..');
const fixture = (p: string): string => decodeText(fs.readFileSync(path.join(root, p))).text;

const JSON_TOKENS = ['{', '}', '[', ']', ':', ',', '"', '"id"', 'null', 'true', '-0', '1e308', '1e999'];

const ctm = 'utt-001 1 0.12 0.36 hello 0.98\nutt-001 1 0.48 0.57 world 0.71\nutt-002 A 0.1 0.2 fine\n';
const trn = 'i want to go (u1)\nfrom bonn to berlin (u2)\n\n(u3)\n';
const concepts = 'utt-001 sourcecity:Bonn goalcity:Berlin\nutt-002 time:"at noon" day:monday\n\nutt-004\n';
const nbest =
  '{"id": "d1", "nbest": [{"interp": "(S (A x))", "score": 0.5}, {"interp": "(S (B x))", "score": 0.5}], "gold": ["(S (B x))"], "labels": {"accuracy": "perfect", "knowledge": "known", "input": "asr"}}\n' +
  '{"id": 2, "nbest": [{"interp": {"to": "Bonn"}, "score": 1}, {"interp": "x", "score": 0}], "gold": [], "labels": {"cantRepresent": true}}\n';
const system =
  '{"id": "utt-001", "words": [{"text": "fly", "startSec": 0, "endSec": 0.3}, {"text": "to", "startSec": 0.3, "endSec": 0.4}, {"text": "bonn", "startSec": 0.4, "endSec": 0.9}], "trees": [{"name": "syntax", "typed": false, "tree": "(S (V fly) (PP (P to) (NP bonn)))"}, {"name": "semantic", "typed": true, "tree": {"label": "S", "type": "root", "children": [{"label": "fly", "type": "word", "children": []}, {"label": "to", "type": "word", "children": []}, {"label": "bonn", "type": "word", "children": []}]}}], "entities": [{"type": "LOC", "firstWord": 2, "lastWord": 2}], "concepts": [{"attribute": "goalcity", "value": "Bonn"}], "nbest": [{"interpretation": "goalcity:Bonn", "score": -1.5}]}\n' +
  '\n{"id": "utt-002"}\n';
const gold =
  '{"id":"u1","audio":"a","speaker":"s","transcript":"Bonn.","startSec":0,"endSec":1,"words":[{"text":"Bonn","startSec":0.5,"endSec":0.9}],"labels":{"cantRepresent":true}}\n' +
  '{"id":"u2","words":[{"text":"a","startSec":0,"endSec":1}],"entities":[{"type":"P","firstWord":0,"lastWord":0}],"trees":[{"name":"t","typed":false,"bracket":"(S a)"}]}\n';
const sgml =
  "AT THE <L> NEW YORK </L> DESK I'M <P> PHILIP BOROFF </P> <L> MISSISSIPPI </L> REPUBLICAN\n" +
  '<ENAMEX TYPE="PERSON">Newt Gingrich</ENAMEX> said <TIMEX TYPE=DATE>today</TIMEX> <NUMEX TYPE="MONEY">$5</NUMEX>\n';
const conll =
  '-DOCSTART- -X- O O\n\nNewt NNP B-PER\nGingrich NNP I-PER\nsaid VBD O\n\nin IN O\nNew NNP B-LOC\nYork NNP I-LOC\n';
const neJson =
  '[{"id": "d1", "words": ["Newt", "Gingrich", "said"], "entities": [{"type": "PERSON", "firstWord": 0, "lastWord": 1}]}]\n';
const trees = fixture('src/core/formats/fixtures/wsj-style.mrg');

/** The readers, each with its samples and tokens. */
export const READER_TARGETS: readonly ReaderTarget[] = [
  {
    name: 'ctm',
    read: parseCtm,
    readOrThrow: parseCtmOrThrow,
    samples: [ctm],
    tokens: ['utt-001', '1', 'A', '0.5', '-1', 'NaN', 'Infinity', '1e999', ';;', '\t', ' '],
  },
  {
    name: 'textgrid',
    read: parseTextGrid,
    readOrThrow: parseTextGridOrThrow,
    samples: [
      fixture('src/core/formats/fixtures/mfa-words-phones.TextGrid'),
      fixture('src/core/formats/fixtures/praat-long-utf16.TextGrid'),
      fixture('src/core/formats/fixtures/praat-short-utf16.TextGrid'),
    ],
    tokens: ['xmin = ', 'xmax = ', 'intervals [1]:', 'size = ', '"', '""', '!', '<exists>', '1e999', '-5'],
  },
  {
    name: 'textgrid-words',
    read: (t) => parseTextGridWords(t),
    readOrThrow: (t) => parseTextGridWordsOrThrow(t),
    samples: [fixture('src/core/formats/fixtures/mfa-words-phones.TextGrid')],
    tokens: ['name = "words"', 'intervals: size = ', 'text = ""', 'xmin = 0', '"IntervalTier"'],
  },
  {
    name: 'whisperx',
    read: parseWhisperXJson,
    readOrThrow: parseWhisperXJsonOrThrow,
    samples: [fixture('src/core/formats/fixtures/whisperx.json')],
    tokens: [...JSON_TOKENS, '"segments"', '"words"', '"start"', '"end"', '"word"'],
  },
  {
    name: 'gentle',
    read: (t) => parseGentleJson(t),
    readOrThrow: (t) => parseGentleJsonOrThrow(t),
    samples: [fixture('src/core/formats/fixtures/gentle.json')],
    tokens: [...JSON_TOKENS, '"words"', '"case"', '"success"', '"start"', '"end"', '"alignedWord"'],
  },
  {
    name: 'word-times-json',
    read: parseWordTimesJson,
    readOrThrow: parseWordTimesJsonOrThrow,
    samples: [
      fixture('src/core/formats/fixtures/whisperx.json'),
      fixture('src/core/formats/fixtures/gentle.json'),
    ],
    tokens: [...JSON_TOKENS, '"segments"', '"words"'],
  },
  {
    name: 'xml',
    read: parseXml,
    samples: [fixture('src/core/formats/fixtures/elan.eaf')],
    tokens: [
      '<',
      '>',
      '</',
      '/>',
      '<a>',
      '</a>',
      '&amp;',
      '&#0;',
      '&#x110000;',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '="',
      '<?xml',
    ],
  },
  {
    name: 'eaf',
    read: (t) => parseEaf(t),
    readOrThrow: (t) => parseEafOrThrow(t),
    samples: [fixture('src/core/formats/fixtures/elan.eaf')],
    tokens: [
      '<TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="-1"/>',
      'TIME_SLOT_REF1="ts9"',
      '<TIER TIER_ID="x">',
      '</TIER>',
      '&lt;',
      '<',
    ],
  },
  {
    name: 'ptb',
    read: (t) => parsePtb(t),
    readOrThrow: (t) => parsePtbOrThrow(t),
    samples: [trees, '# id = u1\n(S (NP (DT the) (NN cat)) (VP sat))\n# id = u2\n( (S x) )\n'],
    tokens: ['(', ')', '((', '))', '(S', '-NONE-', '*T*-1', '# id = u1', '-LRB-', ' '],
  },
  {
    name: 'concepts',
    read: (t) => parseConcepts(t),
    readOrThrow: (t) => parseConceptsOrThrow(t),
    samples: [concepts],
    tokens: [':', '"', 'a:b', 'x:"y z"', '\\"', ' ', '\t'],
  },
  {
    name: 'nbest-jsonl',
    read: parseNbestUtterances,
    samples: [nbest],
    tokens: [...JSON_TOKENS, '"nbest"', '"interp"', '"score"', '"gold"', '"labels"', '(S', ')'],
  },
  {
    name: 'system-nbest-jsonl',
    read: parseNbestLines,
    readOrThrow: parseNbestJsonlOrThrow,
    samples: [nbest],
    tokens: [...JSON_TOKENS, '"nbest"', '"interpretation"', '"score"'],
  },
  {
    name: 'system-jsonl',
    read: parseSystemJsonl,
    readOrThrow: parseSystemJsonlOrThrow,
    samples: [system],
    tokens: [...JSON_TOKENS, '"words"', '"trees"', '"children"', '"firstWord"', '"startSec"', '(S', ')'],
  },
  {
    name: 'gold-jsonl',
    read: parseGoldJsonl,
    samples: [gold],
    tokens: [...JSON_TOKENS, '"words"', '"entities"', '"trees"', '"startSec"', '"lastWord"'],
  },
  {
    name: 'ne-sgml',
    read: (t) => parseNeSgml(t, { documentLines: [] }),
    samples: [sgml],
    tokens: ['<P>', '</P>', '<L>', '</L>', '<ENAMEX TYPE="X">', '</ENAMEX>', '<', '>', '"'],
  },
  {
    name: 'ne-conll',
    read: (t) => parseNeConll(t, { documentLines: [] }),
    samples: [conll],
    tokens: ['B-PER', 'I-PER', 'E-', 'S-LOC', 'U-X', 'L-X', 'O', '-DOCSTART-', '\t', ' '],
  },
  {
    name: 'ne-json',
    read: (t) => parseNeJson(t, { documentLines: [] }),
    samples: [neJson],
    tokens: [...JSON_TOKENS, '"documents"', '"entities"', '"firstWord"', '"words"'],
  },
  {
    name: 'ne-detect',
    read: (t) => readNe(t),
    samples: [sgml, conll, neJson],
    tokens: ['<P>', '</P>', 'B-X', '{', '['],
  },
  {
    name: 'evalb-prm',
    read: (t) => parseEvalbParams(t, 'fuzz.prm'),
    samples: ['collins.prm', 'new.prm', 'nk.prm'].map((f) =>
      fixture(`src/core/metrics/fixtures/evalb2006/${f}`),
    ),
    tokens: ['DELETE_LABEL', 'EQ_LABEL', 'LABELED', 'CUTOFF_LEN', 'MAX_ERROR', '1e999', '-1', '##', ' '],
  },
  {
    name: 'trn',
    read: parseTrn,
    readOrThrow: parseTrnOrThrow,
    samples: [trn],
    tokens: ['(', ')', '(u1)', '()', ' ', '\t'],
  },
  {
    name: 'transcripts-tab',
    read: parseTabTranscripts,
    samples: ['u1\tI want to go from Bonn to Berlin.\nu2\t\n\nu3\tAujourd’hui, 71 ans — 3,5 %\n'],
    tokens: ['\t', '\n', 'u1', ' ', '\r\n', '\uFEFF'],
  },
  {
    name: 'transcripts-trn',
    read: parseTrnTranscripts,
    samples: [`${trn}the { cat / dog } sat (u4)\n`],
    tokens: ['(', ')', '(u1)', '{', '/', '}', ' ', '\t'],
  },
  {
    name: 'transcripts-plain',
    read: (t) => parsePlainTranscript(t, 'u1'),
    samples: ['\uFEFF  Hello, World!\r\nSecond line.\n'],
    tokens: ['\n', '\r', ' ', '\uFEFF', '\u2028'],
  },
];
