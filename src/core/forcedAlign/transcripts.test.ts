import { describe, expect, it } from 'vitest';
import { parsePlainTranscript, parseTabTranscripts, parseTrnTranscripts } from './transcripts';

describe('transcript readers', () => {
  it('reads a one-recording text file as one line of text', () => {
    expect(parsePlainTranscript('\uFEFF\n  Hello world.\r\nSecond line\n', 'utt1').value).toEqual([
      { id: 'utt1', text: 'Hello world. Second line', line: 2, column: 3 },
    ]);
    expect(parsePlainTranscript('', 'e').value[0]!.text).toBe('');
  });

  it('reads id<TAB>text lines and locates the problems', () => {
    const r = parseTabTranscripts('u1\tHello there.\n\nu2\t\nno tab here\n\tno id\nu1\tagain\n');
    expect(r.value).toEqual([
      { id: 'u1', text: 'Hello there.', line: 1, column: 4 },
      { id: 'u2', text: '', line: 3, column: 4 },
    ]);
    expect(r.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`)).toEqual([
      "4:1: expected an id, a tab and the text (id<TAB>text), found 'no tab here'",
      '5:1: expected an utterance id before the tab',
      '6:1: utterance "u1" is given twice (also on line 1)',
    ]);
  });

  it("reads an sclite trn file with the project's trn reader, refusing alternations", () => {
    const r = parseTrnTranscripts('hello world (u1)\n;; comment\n  the { cat / dog } sat (u2)\nbad line\n');
    expect(r.value).toEqual([{ id: 'u1', text: 'hello world', line: 1, column: 1 }]);
    const messages = r.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`);
    expect(messages).toContain(
      '3:7: utterance "u2": an alternation ({ … / … }) has no single reading to align',
    );
    expect(messages.some((m) => m.startsWith('4:'))).toBe(true);
  });
});
