import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from '../../../test/helpers/runSieve';
import { copyDemo } from '../../../test/helpers/tempProject';
import type { ProjectAgreement } from '../../core/api/agreementModel';
import { ReportModel } from '../../core/api/reportModel';
import { agreementHtml } from './agreementSection';

const { dir, sieve } = cliSandbox();

/** An agreement model with `multiple` doubly annotated utterances and one undefined figure. */
function model(multiple: number): ProjectAgreement {
  return {
    project: 'p',
    version: '0',
    annotators: ['a', 'b'],
    signature: 'agreement|v:0',
    pairs: [
      {
        a: 'a',
        b: 'b',
        utterances: multiple,
        figures: [
          {
            measure: 'κ status',
            unit: 'coefficient',
            value: null,
            lo: null,
            hi: null,
            n: 3,
            utterances: 3,
            signature: 's',
          },
          {
            measure: 'Entity F1',
            unit: 'fraction',
            value: 0,
            lo: 0,
            hi: 0.5,
            n: 3,
            utterances: 3,
            signature: 's',
          },
        ],
      },
    ],
    overall: [],
    utterances: [],
    progress: { annotators: 2, annotated: 3, multiple, adjudicated: 1 },
  };
}

describe('the report’s agreement section', { timeout: 120_000 }, () => {
  it('shows an undefined figure as —, a zero as 0.0, with n; and is left out without two annotators on an utterance', () => {
    const html = agreementHtml(model(3));
    expect(html).toContain('<section id="agreement">');
    expect(html).toMatch(
      /data-measure="κ status" data-value="" [^>]*data-n="3"[^>]*>— <span class="iv">\[—, —\]/,
    );
    expect(html).toMatch(
      /data-measure="Entity F1" data-value="0" [^>]*>0\.0 <span class="iv">\[0\.0, 50\.0\]/,
    );
    expect(html).toContain('1 of the 3 adjudicated');
    expect(agreementHtml(model(0))).toBe('');
    expect(agreementHtml(null)).toBe('');
  });

  it('is in the demo’s HTML, Markdown and JSON reports: both annotators’ figures and the histograms', async () => {
    copyDemo(path.join(dir(), 'demo'));
    const r = await sieve('report', 'demo/demo.sieve', '--out', 'report.html');
    expect(r.code).toBe(0);
    const html = fs.readFileSync(path.join(dir(), 'report.html'), 'utf8');
    expect(html).toContain('<a href="#agreement">Agreement</a>');
    const section = html.slice(
      html.indexOf('<section id="agreement">'),
      html.indexOf('<section id="utterances">'),
    );
    expect(section).toContain('<h3>maria × tom <span class="muted">(5 utterances)</span></h3>');
    expect(section).toContain('0 of the 5 adjudicated');
    expect(section).toMatch(/<figure id="agreement-word-error-rate">.*<svg/s);
    expect(section).toContain('<th scope="row">airport-04</th><td>maria × tom</td><td>3</td>');

    const json = ReportModel.parse(
      JSON.parse((await sieve('report', 'demo/demo.sieve', '--format', 'json')).out),
    );
    expect(json.agreement?.pairs.map((p) => [p.a, p.b, p.utterances])).toEqual([['maria', 'tom', 5]]);
    const md = (await sieve('report', 'demo/demo.sieve', '--format', 'md')).out;
    expect(md).toContain('## SIEVE demo: agreement between annotators');
    expect(md).toContain('### maria × tom (5 utterances)');
  });
});
