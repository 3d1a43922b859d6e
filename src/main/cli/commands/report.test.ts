import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import { CSV_HEADER, parseCsv } from '../../report/csvReport';
import { ReportModel } from '../../../core/api/reportModel';
import { ProjectStore } from '../../store/projectStore';

const DEMO = path.resolve(import.meta.dirname, '../../../../resources/demo');

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

/** A copy of the demo (never opened in place) in the test's folder. */
function copyDemo(into = 'demo'): string {
  fs.cpSync(DEMO, path.join(dir, into), { recursive: true });
  return `${into}/demo.sieve`;
}

/** Runs `sieve report` and returns stdout, failing the test on a non-zero exit. */
async function report(...argv: string[]): Promise<string> {
  // In this thread: the demo is small, and starting worker threads is tested once below.
  const r = await sieve('report', ...argv, '--jobs', '1');
  expect(r.err).not.toMatch(/error/i);
  expect(r.code).toBe(0);
  return r.out;
}

/** The `<figure>` of each plot in the HTML, by plot id. */
function plotFigures(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<figure id="plot-([^"]+)">([\s\S]*?)<\/figure>/g)) out.set(m[1]!, m[2]!);
  return out;
}

const unescape = (s: string): string =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

describe('sieve report', () => {
  it('reports the demo systems in Markdown, JSON and CSV with the same figures', async () => {
    const file = copyDemo();
    const md = await report(file);
    expect(md).toMatch(/^# SIEVE demo: systems at corpus level/);
    expect(md).toMatch(/^\| pocketsphinx-domain \| \d+\.\d \[\d+\.\d, \d+\.\d\] n 12 \/ 12 \|/m);
    expect(md).toMatch(/^- WER: `wer\|costs:sclite\|case:fold\|[^`]*v:[^`]*; boot\|/m);
    const json = ReportModel.parse(JSON.parse(await report(file, '--format', 'json')));
    const werJson = json.systems
      .find((s) => s.name === 'pocketsphinx-domain')!
      .figures.find((f) => f.metric === 'WER')!;
    const csv = parseCsv(await report(file, '--format', 'csv'));
    expect(csv[0]).toEqual(CSV_HEADER);
    const werCsv = csv.find((r) => r[0] === 'corpus' && r[1] === 'pocketsphinx-domain' && r[3] === 'WER')!;
    expect(Number(werCsv[4])).toBe(werJson.value);
    expect(md).toContain(`| pocketsphinx-domain | ${(werJson.value! * 100).toFixed(1)} [`);
  });

  it('round-trips every corpus and per-utterance figure through CSV and JSON', async () => {
    const file = copyDemo();
    const json = ReportModel.parse(JSON.parse(await report(file, '--format', 'json')));
    const rows = parseCsv(await report(file, '--format', 'csv'));
    const header = rows.shift()!;
    const col = (name: string): number => header.indexOf(name);
    const num = (s: string): number | null => (s === '' ? null : Number(s));
    const corpus = rows
      .filter((r) => r[col('level')] === 'corpus')
      .map((r) => ({
        system: r[col('system')],
        metric: r[col('metric')],
        value: num(r[col('value')]!),
        lo: num(r[col('lo')]!),
        hi: num(r[col('hi')]!),
        n: Number(r[col('n')]),
        signature: r[col('signature')],
        bootstrap: r[col('bootstrap')],
      }));
    expect(corpus).toEqual(
      json.systems.flatMap((s) =>
        s.figures.map((f) => ({
          system: s.name,
          metric: f.metric,
          value: f.value,
          lo: f.lo,
          hi: f.hi,
          n: f.n,
          signature: f.signature,
          bootstrap: f.bootstrap,
        })),
      ),
    );
    const perUtterance = new Map<string, Map<string, Record<string, number | null>>>();
    for (const r of rows.filter((x) => x[col('level')] === 'utterance')) {
      const bySystem =
        perUtterance.get(r[col('system')]!) ?? new Map<string, Record<string, number | null>>();
      perUtterance.set(r[col('system')]!, bySystem);
      const m = bySystem.get(r[col('utterance')]!) ?? {};
      bySystem.set(r[col('utterance')]!, m);
      m[r[col('metric')]!] = num(r[col('value')]!);
    }
    expect(json.utterances.length).toBeGreaterThan(1);
    for (const s of json.utterances) {
      expect(s.rows.length).toBeGreaterThan(0);
      expect([...perUtterance.get(s.name)!.keys()]).toEqual(s.rows.map((r) => r.utteranceId));
      for (const r of s.rows) expect(perUtterance.get(s.name)!.get(r.utteranceId)).toEqual(r.metrics);
    }
  });

  it('lists an undefined per-utterance figure as null in JSON and — in the HTML appendix, never empty or 0', async () => {
    const file = copyDemo();
    const json = ReportModel.parse(JSON.parse(await report(file, '--format', 'json')));
    // ParsEval of the generic recogniser's trees is over other words than the gold on most utterances.
    const generic = json.utterances.find((s) => s.name === 'pocketsphinx-generic')!;
    const metric = 'ParsEval F1 (syntax)';
    const undefinedRows = generic.rows.filter((r) => r.metrics[metric] === null);
    expect(undefinedRows.length).toBeGreaterThan(0);
    for (const r of generic.rows) expect(Object.keys(r.metrics)).toContain(metric);
    const corpus = json.systems.find((s) => s.name === 'pocketsphinx-generic')!.figures;
    const pe = corpus.find((f) => f.metric === metric)!;
    expect(pe.n).toBe(generic.rows.length - undefinedRows.length);
    expect(pe.N).toBe(generic.rows.length);
    await sieve('report', file, '--out', 'report.html', '--jobs', '1');
    const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
    const appendix = html.slice(html.indexOf('<section id="utterances">'));
    const table = appendix.slice(appendix.indexOf('<h3>pocketsphinx-generic</h3>')).split('</table>')[0]!;
    const heads = [...table.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => unescape(m[1]!));
    const col = heads.indexOf(metric) - 1;
    for (const r of undefinedRows) {
      const row = new RegExp(`<tr><th scope="row">${r.utteranceId}</th>(.*?)</tr>`).exec(table)![1]!;
      expect([...row.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1])[col]).toBe('—');
    }
    expect(appendix).not.toMatch(/empty where it was not scored/);
  });

  it('writes HTML with the JSON report’s corpus numbers, best per metric in bold', async () => {
    const file = copyDemo();
    const json = ReportModel.parse(JSON.parse(await report(file, '--format', 'json')));
    const r = await sieve('report', file, '--out', 'report.html', '--jobs', '1');
    expect(r.code).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
    const cells = [
      ...html.matchAll(
        /<td class="ci" data-system="([^"]*)" data-metric="([^"]*)" data-value="([^"]*)" data-lo="([^"]*)" data-hi="([^"]*)"[^>]*>(.*?)<\/td>/g,
      ),
    ];
    const expected = json.systems.flatMap((s) => s.figures.map((f) => ({ s, f })));
    expect(cells).toHaveLength(expected.length);
    const pct = (x: number | null): string => (x === null ? '—' : (x * 100).toFixed(1));
    for (const { s, f } of expected) {
      const c = cells.find((m) => unescape(m[1]!) === s.name && unescape(m[2]!) === f.metric)!;
      expect(c, `${s.name} ${f.metric}`).toBeDefined();
      expect([c[3], c[4], c[5]].map((x) => (x === '' ? null : Number(x)))).toEqual([f.value, f.lo, f.hi]);
      expect(c[6]).toContain(`${pct(f.value)} <span class="iv">[${pct(f.lo)}, ${pct(f.hi)}]</span>`);
      const others = json.systems.map((o) => o.figures.find((g) => g.metric === f.metric)?.value ?? null);
      const defined = others.filter((v): v is number => v !== null);
      const best = f.metric === 'WER' || f.metric === 'CER' ? Math.min(...defined) : Math.max(...defined);
      expect(c[6]!.startsWith('<strong>'), `${s.name} ${f.metric} bold`).toBe(f.value === best);
    }
    for (const sig of json.signatures) expect(html).toContain(`<code>${sig.signature}</code>`);
  });

  it('draws as many point marks as each plot has data points, and says so when a plot is empty', async () => {
    const file = copyDemo();
    const json = ReportModel.parse(JSON.parse(await report(file, '--format', 'json')));
    const html = await report(file, '--format', 'html');
    const figures = plotFigures(html);
    expect([...figures.keys()]).toEqual(json.plots.map((p) => p.id));
    for (const p of json.plots) {
      const svg = figures.get(p.id)!;
      const points = svg.match(/aria-roledescription="point"/g)?.length ?? 0;
      if (p.rows.length === 0) {
        expect(svg).toContain(p.empty.replaceAll("'", '&#39;').slice(0, 20));
        expect(points).toBe(0);
      } else if (p.kind === 'histogram') {
        // Each bar says how many utterances it holds; together they hold every row.
        const counts = [
          ...svg.matchAll(/aria-label="[^"]*; Utterances: (\d+);[^"]*" role="graphics-symbol"/g),
        ];
        expect(
          counts.reduce((a, m) => a + Number(m[1]), 0),
          p.id,
        ).toBe(p.rows.length);
      } else expect(points, p.id).toBe(p.rows.length);
    }
    // The demo draws real data: the systems, their utterances and the perturbation curve (δ = 0 … 1).
    const rowsOf = (id: string): number => json.plots.find((p) => p.id === id)!.rows.length;
    expect(rowsOf('wa-ca-systems')).toBe(json.systems.length);
    expect(rowsOf('perturbation')).toBe(11 * json.perturbation.length);
    expect(json.perturbation[0]!.points[0]).toMatchObject({ delta: 0, mean: 1 });
    // Each scatter plot's caption gives Spearman's ρ over its points (checked against ranks by counting).
    const ranks = (xs: number[]): number[] =>
      xs.map((v) => xs.filter((w) => w < v).length + (xs.filter((w) => w === v).length + 1) / 2);
    const pearsonOf = (a: number[], b: number[]): number => {
      const ma = a.reduce((t, v) => t + v, 0) / a.length;
      const mb = b.reduce((t, v) => t + v, 0) / b.length;
      const cov = a.reduce((t, v, i) => t + (v - ma) * (b[i]! - mb), 0);
      const va = a.reduce((t, v) => t + (v - ma) ** 2, 0);
      const vb = b.reduce((t, v) => t + (v - mb) ** 2, 0);
      return cov / Math.sqrt(va * vb);
    };
    let correlated = 0;
    for (const p of json.plots.filter((q) => q.kind === 'scatter' && q.rows.length > 2)) {
      const x = p.rows.map((r) => r[p.x.field] as number);
      const y = p.rows.map((r) => r[p.y.field] as number);
      const rho = pearsonOf(ranks(x), ranks(y));
      expect(p.correlation!.spearman!, p.id).toBeCloseTo(rho, 10);
      expect(p.correlation!.pearson!, p.id).toBeCloseTo(pearsonOf(x, y), 10);
      expect(figures.get(p.id)).toContain(`Spearman&#39;s ρ = ${rho.toFixed(3)}`);
      correlated++;
    }
    expect(correlated).toBeGreaterThanOrEqual(2);
    // Hovering a point shows its values.
    expect(figures.get('wa-ca-systems')).toMatch(/<title>[^<]*Word accuracy: [\d.]+[^<]*<\/title>/);
  });

  it('makes a self-contained file: no script, no external reference', async () => {
    const file = copyDemo();
    const html = await report(file, '--format', 'html');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed|@import|url\(/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    const refs = [...html.matchAll(/\s(?:src|href|xlink:href|action|srcset|poster)\s*=\s*"([^"]*)"/gi)];
    expect(refs.length).toBeGreaterThan(0);
    for (const m of refs) expect(m[1]).toMatch(/^#/);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
  });

  it('escapes every name from the project', async () => {
    const file = copyDemo();
    const evil = `<script>alert("x")</script> & 'co'`;
    const store = ProjectStore.open(path.join(dir, file));
    store.db.prepare('UPDATE system SET name = ? WHERE name = ?').run(evil, 'pocketsphinx-generic');
    store.close();
    const html = await report(file, '--format', 'html');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    const json = ReportModel.parse(JSON.parse(await report(file, '--format', 'json')));
    expect(json.systems.map((s) => s.name)).toContain(evil);
    const csv = parseCsv(await report(file, '--format', 'csv'));
    expect(csv.some((r) => r[1] === evil)).toBe(true);
  });

  it('reports only the systems asked for', async () => {
    const file = copyDemo();
    const json = JSON.parse(
      await report(file, '--systems', 'pocketsphinx-domain', '--format', 'json'),
    ) as ReportModel;
    expect(json.systems.map((s) => s.name)).toEqual(['pocketsphinx-domain']);
    expect(json.utterances.map((s) => s.name)).toEqual(['pocketsphinx-domain']);
    expect(json.nbest.map((s) => s.system)).toEqual(['pocketsphinx-domain']);
    expect(json.comparisons).toEqual([]);
    const two = JSON.parse(
      await report(file, '--systems', 'pocketsphinx-generic,pocketsphinx-domain', '--format', 'json'),
    ) as ReportModel;
    expect(two.systems.map((s) => s.name).sort()).toEqual(['pocketsphinx-domain', 'pocketsphinx-generic']);
    expect(two.comparisons).toHaveLength(1);
    const bad = await sieve('report', file, '--systems', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      /^sieve report: --systems: 'nope'; expected a comma-separated list of the project's systems: "/,
    );
  });

  it('is deterministic: two runs write byte-identical files', async () => {
    const file = copyDemo();
    // The first run scores in this thread (nothing cached yet), the others read the cache.
    for (const out of ['a.html', 'b.html', 'a.json', 'b.json', 'a.csv', 'b.csv'])
      expect((await sieve('report', file, '--out', out, '--jobs', '1')).code).toBe(0);
    const read = (f: string): Buffer => fs.readFileSync(path.join(dir, f));
    expect(read('a.html').equals(read('b.html'))).toBe(true);
    expect(read('a.json').equals(read('b.json'))).toBe(true);
    expect(read('a.csv').equals(read('b.csv'))).toBe(true);
    // Another cold copy scored in two worker threads gives the same report.
    const fresh = copyDemo('fresh');
    expect((await sieve('report', fresh, '--out', 'c.html', '--jobs', '2')).code).toBe(0);
    expect(read('c.html').equals(read('a.html'))).toBe(true);
  });

  it('takes the format from --out, refuses PDF and unknown formats', async () => {
    const file = copyDemo();
    expect((await sieve('report', file, '--out', 'r.md', '--jobs', '1')).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'r.md'), 'utf8')).toMatch(/^# SIEVE demo/);
    const pdf = await sieve('report', file, '--out', 'r.pdf');
    expect(pdf.code).toBe(2);
    expect(pdf.err).toMatch(
      /^sieve report: --out: 'r\.pdf'; expected a file ending in \.html, .*print it from a browser\nusage: /,
    );
    for (const [flags, line] of [
      [['--format', 'xml'], "--format: 'xml'; expected html, csv, json or md"],
      [['--out', 'r.txt'], "--out: 'r.txt'; expected a file ending in .html, .htm, .csv, .json or .md"],
      [['--jobs', '0'], "--jobs: '0'; expected a whole number from 1 to 9999"],
    ] as const) {
      const r = await sieve('report', file, ...flags);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve report: ${line}`);
    }
    expect(fs.existsSync(path.join(dir, 'r.pdf'))).toBe(false);
  });

  it('says so when there is no system to report', async () => {
    await makeProject(dir);
    const r = await sieve('report', 'test.sieve');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no systems');
  });
});

describe('the PDF printer', () => {
  let src = '';
  beforeAll(() => {
    src = fs.readFileSync(path.resolve(import.meta.dirname, '../../electron/printToPdf.ts'), 'utf8');
  });
  it('prints in a hidden, sandboxed window without JavaScript, loading only the report, and cleans up', () => {
    // The Electron binary is not available to the tests; this checks the window's settings as written.
    for (const needle of [
      'show: false',
      'sandbox: true',
      'javascript: false',
      'nodeIntegration: false',
      'partition: PARTITION',
      'callback({ cancel: !allowed.has(details.url) })',
      'setPermissionRequestHandler((_wc, _permission, callback) => callback(false))',
      'win.destroy()',
      'fs.rm(dir, { recursive: true, force: true })',
    ])
      expect(src).toContain(needle);
  });
});
