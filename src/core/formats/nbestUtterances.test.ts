import { describe, expect, it } from 'vitest';
import { readLabels } from '../nbest/labels';
import { parseNbestUtterances } from './nbestJsonl';

describe('N-best JSON lines as the scorer reads them', () => {
  it('reads utterances, scores, gold and labels in either spelling', () => {
    const text = [
      '{"id": "d1", "nbest": [{"interp": "(NP mug)", "score": 0.5}, {"interp": {"lex": "cup"}}], "gold": ["(NP mug)"],',
      '',
      '{"id": 7, "nbest": [], "gold": [], "labels": {"inputKind": "ASR", "accuracyClass": "perfect-many", "knowledge": "Unknown-OOV", "cantRepresent": true, "speaker": "s1"}}',
    ].join('\n');
    const first = parseNbestUtterances(
      text.replace(',\n', ', "labels": {"input": "text", "accuracy": "imperfect=1"}}\n'),
    );
    expect(first.diagnostics).toEqual([]);
    expect(first.value).toEqual([
      {
        id: 'd1',
        line: 1,
        nbest: [
          { interp: '(NP mug)', score: 0.5 },
          { interp: { lex: 'cup' }, score: null },
        ],
        gold: ['(NP mug)'],
        labels: { input: 'text', accuracy: 'imperfect', accuracyCount: '=1' },
      },
      {
        id: '7',
        line: 3,
        nbest: [],
        gold: [],
        labels: {
          input: 'asr',
          accuracy: 'perfect',
          accuracyCount: '>1',
          knowledge: 'unknown-oov',
          cantRepresent: true,
        },
      },
    ]);
  });

  it('reports each bad line at the offending value and keeps the rest; gold is required', () => {
    const text = [
      '{"id": "a", "nbest": [], "gold": ["x"]}',
      '{"id": "b",, "nbest": []}',
      '{"id": "c", "nbest": [{"score": 1}], "gold": []}',
      '{"id": "d", "nbest": [], "gold": "x"}',
      '{"id": "e", "nbest": [{"interp": "x", "score": "high"}], "gold": []}',
      '{"id": "f", "nbest": [], "gold": [], "labels": {"knowledge": "sort of"}}',
      '[1]',
      '{"id": "g", "nbest": [}',
    ].join('\n');
    const { value, diagnostics } = parseNbestUtterances(text + '\n{"id": "h", "nbest": []}');
    expect(value.map((u) => u.id)).toEqual(['a']);
    expect(diagnostics.map((d) => [d.line, d.column, d.code])).toEqual([
      [2, 12, 'nbest.json'],
      [3, 23, 'nbest.entry'],
      [4, 34, 'nbest.shape'],
      [5, 48, 'nbest.score'],
      [6, 48, 'nbest.labels'],
      [7, 1, 'nbest.shape'],
      [8, 23, 'nbest.json'],
      [9, 1, 'nbest.shape'],
    ]);
    expect(diagnostics[1]!.message).toBe(
      'utterance "c", rank 1: expected {"interp": …, "score": …} (or "interpretation" for "interp", not both)',
    );
    expect(diagnostics[2]!.message).toContain('"gold" must be an array');
    expect(diagnostics[3]!.message).toBe('utterance "e", rank 1: "score" must be a number, got "high"');
    expect(diagnostics[4]!.message).toContain(
      'knowledge class must be known, unknown-oov or unknown-non-oov, got "sort of"',
    );
    expect(diagnostics[7]!.message).toBe(
      'utterance "h": "gold" must be an array (empty when nothing is correct)',
    );
  });

  it('names a score that is an object or array instead of printing it, however deeply it nests', () => {
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const { diagnostics } = parseNbestUtterances(
      `{"id": "e", "nbest": [{"interp": "x", "score": ${deep}}], "gold": []}\n` +
        `{"id": "f", "nbest": [{"interp": "x", "score": [1]}], "gold": []}`,
    );
    expect(diagnostics.map((d) => d.message)).toEqual([
      'utterance "e", rank 1: "score" must be a number, got an object',
      'utterance "f", rank 1: "score" must be a number, got an array',
    ]);
  });

  it('label problems are listed, unknown keys ignored', () => {
    expect(readLabels({ input: 'speech', cantRepresent: 'yes', note: 1 }).problems).toEqual([
      'input kind must be "text" or "asr", got "speech"',
      'cantRepresent must be true or false, got "yes"',
    ]);
    expect(readLabels([]).problems).toEqual(['"labels" must be an object']);
    expect(readLabels(undefined)).toEqual({ labels: {}, problems: [] });
  });
});
