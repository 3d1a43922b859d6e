import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csrfilt, glmLines } from '../../../test/fixtures/sclite/syntax';
import frozen from './fixtures/glm-csrfilt.json';
import { applyGlm, parseGlm, parseGlmOrThrow, rewriteWithGlm } from './glm';

const GLM_FILE = path.join(import.meta.dirname, 'fixtures/mapping.glm');
const glm = parseGlmOrThrow(fs.readFileSync(GLM_FILE, 'utf8'), GLM_FILE);

/** A trn line filtered as csrfilt.sh -i trn does: the words through the GLM, the id kept. */
function filterLine(line: string): string {
  const open = line.lastIndexOf('(');
  const words = line
    .slice(0, open)
    .split(/\s+/)
    .filter((w) => w !== '');
  return [...applyGlm(glm, words), line.slice(open)].join(' ');
}

describe('GLM files', () => {
  it('reads headers, contexts, bracketed fields and comments as rfilter1 does', () => {
    expect(glm).toMatchObject({ name: 'mapping.glm', copyNoHit: true, caseSensitive: false });
    const byFrom = new Map(glm.rules.map((r) => [r.from, r]));
    expect(byFrom.get('UH')).toMatchObject({ to: '%HESITATION', left: ' ', right: ' ', line: 11 });
    expect(byFrom.get("HE'S")).toMatchObject({ to: '{HE IS / HE HAS}', left: ' ', right: ' ' });
    expect(byFrom.get('COLOUR')).toMatchObject({ to: 'COLOR', left: ' ', right: '' });
    expect(byFrom.get(' <NOISE> ')).toMatchObject({ to: ' ', left: '', right: '' });
    expect(byFrom.get('~')).toMatchObject({ to: '' });
    expect(parseGlm(';;\nA B C\n').diagnostics.map((d) => [d.code, d.line])).toEqual([['glm.noArrow', 2]]);
  });

  it('rewrites left to right, the first rule in file order that matches with its context', () => {
    // Matching ignores case (case_sensitive = 'F'); text no rule matches is copied as it is.
    expect(rewriteWithGlm(glm, ' uh huh ')).toBe(' %HESITATION huh ');
    expect(rewriteWithGlm(glm, ' uhh hot dogs ')).toBe(' uhh hot dogs ');
  });

  it("filters a trn line as csrfilt.sh -i trn (output of SCTK's csrfilt.sh)", () => {
    expect(filterLine("the UH uh colour he's gonna <NOISE> hot dog seven fold ~x cancelled (spk_1)")).toBe(
      'THE %HESITATION %HESITATION COLOR {HE IS / HE HAS} {GONNA / GOING TO} HOTDOG SEVENFOLD X CANCELED (spk_1)',
    );
    expect(filterLine("mr. smith ok y'all MM-HMM can't what's up (spk_2)")).toBe(
      "MISTER SMITH OKAY {Y'ALL / YOU ALL} %BCACK {CAN NOT / CANNOT} WHAT IS UP (spk_2)",
    );
  });

  it('equals csrfilt.sh on 300 seeded lines (frozen, fixtures/glm-csrfilt.json)', () => {
    const got = frozen.lines.map(([input]) => [input, filterLine(input!)]);
    expect(got).toEqual(frozen.lines);
  });

  const live = csrfilt(GLM_FILE, ['a (u1)']) !== null;
  it.skipIf(!live)(
    `equals a live csrfilt.sh run on fresh lines${live ? '' : ' — SKIPPED: csrfilt.sh (Debian package sctk) is not installed'}`,
    () => {
      const sides = glm.rules.map((r) => r.from.trim()).filter((w) => w !== '' && !/[()]/.test(w));
      const lines = glmLines(99, 300, sides);
      expect(lines.map(filterLine)).toEqual(csrfilt(GLM_FILE, lines));
    },
  );
});
