import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTreeOrThrow } from '../tree/bracket';
import { COLLINS_PRM, type EvalbParams, parseEvalbParams } from './evalbParams';
import { parsevalSentence, parsevalSignature } from './parseval';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/evalb2006/${name}`, import.meta.url), 'utf8');
const settings = ({ name: _name, ...rest }: EvalbParams): Omit<EvalbParams, 'name'> => rest;
const QUOTES = ['``', "''", 'POS', 'NN', 'CD', 'VBZ', ':'];

describe("EVALB-2006's parameter files", () => {
  it('reads COLLINS.prm as the built-in setting', () => {
    const r = parseEvalbParams(fixture('collins.prm'), 'COLLINS.prm');
    expect(r.diagnostics).toEqual([]);
    expect(settings(r.value)).toEqual(settings(COLLINS_PRM));
  });

  it('reads every keyword of new.prm and nk.prm, QUOTE_LABEL included', () => {
    for (const file of ['new.prm', 'nk.prm']) {
      const r = parseEvalbParams(fixture(file), file);
      expect(r.diagnostics).toEqual([]);
      expect(r.value).toEqual({
        name: file,
        deleteLabels: ['TOP', 'S1', '-NONE-', ',', ':', '``', "''", '.', '?', '!'],
        deleteLabelsForLength: ['-NONE-'],
        equivalentLabels: [['ADVP', 'PRT']],
        equivalentWords: [],
        cutoffLength: 40,
        labeled: true,
        quoteLabels: QUOTES,
      });
    }
  });

  it('names the keyword and the line of what it cannot read', () => {
    const r = parseEvalbParams('DEBUG 0\nQUOTE_LABEL\nQUOTE_LABEL POS\nSPLIT_LABEL X\n', 'bad.prm');
    expect(r.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, 'QUOTE_LABEL needs one label'],
      [4, "unknown keyword 'SPLIT_LABEL'"],
    ]);
    expect(r.value.quoteLabels).toEqual(['POS']);
  });

  it('keeps the signature of a file without QUOTE_LABEL, and tells one with it apart', () => {
    const collins = parseEvalbParams(fixture('collins.prm'), 'c.prm').value;
    expect('quoteLabels' in collins).toBe(false);
    const quoted = parseEvalbParams(`${fixture('collins.prm')}\nQUOTE_LABEL POS\n`, 'c.prm').value;
    expect(parsevalSignature(quoted)).not.toBe(parsevalSignature(collins));
  });
});

describe('QUOTE_LABEL: a quote or possessive deleted on one side only is put back (evalb.c fix_quote)', () => {
  const newPrm = parseEvalbParams(fixture('new.prm'), 'new.prm').value;
  const score = (g: string, t: string, params: EvalbParams = newPrm) =>
    parsevalSentence(parseTreeOrThrow(g), parseTreeOrThrow(t), params);

  it("puts back a gold possessive tagged '' that the test tagged POS", () => {
    const gold = "(TOP (S (NP (NP (NNP John) ('' ')) (NN dog)) (VP (VBZ barks)) (. .)))";
    const test = "(TOP (S (NP (NP (NNP John) (POS ')) (NN dog)) (VP (VBZ barks)) (. .)))";
    // Without QUOTE_LABEL the gold has 3 words and the test 4: undefined.
    expect(score(gold, test, COLLINS_PRM).status).toBe('error');
    // EVALB-2006 with new.prm: 4 of 4 brackets, 4 words, 3 tags right ('' against POS).
    const s = score(gold, test);
    expect(s.status).toBe('ok');
    expect(s.stats).toMatchObject({
      length: 5,
      words: 4,
      goldBrackets: 4,
      testBrackets: 4,
      labeledMatch: 4,
      crossing: 0,
      correctTags: 3,
    });
  });

  it('widens the brackets around the restored word and shifts those after it', () => {
    // The test's '' is put back at word 2, inside S and TOP, before the second NP.
    const gold = "(TOP (S (NP (NP (NNS dogs) (POS ')) (NN bone)) (VP (VBD broke)) (. .)))";
    const test = "(TOP (S (NP (NNS dogs)) ('' ') (NP (NN bone)) (VP (VBD broke)) (. .)))";
    // EVALB-2006 with new.prm: 2 of 4 brackets match (S and VP), no crossing, 3 of 4 tags right.
    expect(score(gold, test).stats).toMatchObject({
      words: 4,
      goldBrackets: 4,
      testBrackets: 4,
      labeledMatch: 2,
      crossing: 0,
      correctTags: 3,
    });
  });

  it('takes " and / too, and still refuses a real difference in length', () => {
    const s = score(
      '(S1 (S (`` ") (NP (NN peace)) (\'\' ") (VP (VBZ reigns)) (: /) (NP (NN war))))',
      '(S1 (S (NN ") (NP (NN peace)) (\'\' ") (VP (VBZ reigns) (NN /) (NP (NN war)))))',
    );
    // EVALB-2006 with new.prm: 3 of 4 brackets, 5 words, 3 tags right.
    expect(s.stats).toMatchObject({
      words: 5,
      goldBrackets: 4,
      testBrackets: 4,
      labeledMatch: 3,
      correctTags: 3,
    });
    const bad = score(
      "(S (NP (NNP Mary) (POS ')) (VP (VBZ sings)))",
      "(S (NP (NNP Mary) ('' ') (NN extra) (NN more)) (VP (VBZ sings)))",
    );
    expect(bad.status).toBe('error');
    expect(bad.reason).toBe(
      'ParsEval is undefined: the word sequences differ in length (3 gold, 5 test words)',
    );
  });
});
