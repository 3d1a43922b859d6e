// The studio end to end: the built renderer in Chromium, the real browser host, the bundled demo in SQLite.
import { expect, test, type Page } from '@playwright/test';
import type { UtterancePage } from '../../src/core/api/contract';
import type { UtteranceDetail } from '../../src/core/model/schemas';
import { META_CONTENT_SECURITY_POLICY } from '../../src/main/security';
import { startHostProcess, type HostProcess } from './hostProcess';

let host: HostProcess;
test.beforeAll(async () => {
  // SIEVE_E2E_PROJECT runs the suite on another project file; by default the host opens the bundled demo.
  const other = process.env.SIEVE_E2E_PROJECT;
  host = await startHostProcess(other ? ['--project', other] : []);
});
test.afterAll(async () => {
  await host.stop();
});

/** Non-transparent pixels over all canvases inside the waveform's shadow root. */
async function waveformInk(page: Page): Promise<{ canvases: number; inked: number }> {
  return page.getByTestId('waveform').evaluate((el) => {
    let canvases = 0;
    let inked = 0;
    const visit = (root: ParentNode): void => {
      for (const node of Array.from(root.querySelectorAll('*'))) {
        if (node.shadowRoot) visit(node.shadowRoot);
        if (node instanceof HTMLCanvasElement && node.width > 0 && node.height > 0) {
          canvases++;
          const data = node.getContext('2d')!.getImageData(0, 0, node.width, node.height).data;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
        }
      }
    };
    visit(el);
    return { canvases, inked };
  });
}

test('opens the demo project and lists its utterances', async ({ page }) => {
  const utterances = (await host.api<UtterancePage>('utterance:list', {})).items;
  expect(utterances.length).toBeGreaterThanOrEqual(8);
  await page.goto(host.url);
  await expect(page.locator('.topbar .project-name')).toHaveText('SIEVE demo');
  await expect(page.locator('table.utterances tbody tr')).toHaveCount(utterances.length);
  // The token left the address bar once read.
  expect(page.url()).not.toContain('token=');
  // Filtering by a word of the first transcript keeps that utterance.
  const first = utterances[0]!;
  await page.keyboard.press('/');
  await page.keyboard.type(first.transcript.split(' ').slice(-1)[0]!.replace(/[^\w]/g, ''));
  await expect(page.locator(`tr[data-utterance-id="${first.id}"]`)).toBeVisible();
  await expect.poll(() => page.locator('table.utterances tbody tr').count()).toBeLessThan(utterances.length);
});

test('utterance view: waveform, one box per word over it, clicking a word plays it', async ({
  page,
}, testInfo) => {
  const utterances = (await host.api<UtterancePage>('utterance:list', {})).items;
  const target = utterances[1]!;
  const detail = await host.api<UtteranceDetail>('utterance:get', { utteranceId: target.id });

  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('.utterance-view h1')).toHaveText(target.id);
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');

  const ink = await waveformInk(page);
  expect(ink.canvases).toBeGreaterThan(0);
  expect(ink.inked).toBeGreaterThan(1000);

  // A short utterance is in view whole: every word has its box, labelled where it is wide enough.
  const boxes = page.locator('.wave-words .wave-word');
  await expect(boxes).toHaveCount(detail.words.length);
  await expect(boxes.first()).toHaveText(detail.words[0]!.text);

  const word = detail.words[Math.min(2, detail.words.length - 1)]!;
  await page.locator(`.wave-words [data-wave-word="${word.index}"]`).click();
  await expect
    .poll(async () => Number(await page.getByTestId('current-time').textContent()), { timeout: 5000 })
    .toBeGreaterThanOrEqual(word.startSec - 0.001);
  const t = Number(await page.getByTestId('current-time').textContent());
  expect(t).toBeLessThanOrEqual(word.endSec + 0.02);
  await expect(page.locator('.transcript-words .word.current')).toHaveText(word.text);

  // The word plays to its end, then the player stops.
  await expect(page.locator('.transport-bar .playstate')).toHaveText(/paused/, { timeout: 15_000 });
  const shot = testInfo.outputPath('utterance-view.png');
  await page.screenshot({ path: shot });
  await page.screenshot({ path: 'test-results/utterance-view.png' });
  await testInfo.attach('utterance-view', { path: shot, contentType: 'image/png' });
});

test('status changes are saved', async ({ page }) => {
  const [first] = (await host.api<UtterancePage>('utterance:list', {})).items;
  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  await page.keyboard.press('Enter');
  await page.getByLabel('Annotation status').selectOption('in_progress');
  await expect
    .poll(
      async () =>
        (await host.api<UtteranceDetail>('utterance:get', { utteranceId: first!.id })).utterance.status,
    )
    .toBe('in_progress');
  await page.keyboard.press('Escape');
  await expect(page.locator(`tr[data-utterance-id="${first!.id}"] .status`)).toHaveText('in progress');
});

test('the page runs under the strict CSP, without Node, and the API needs the token', async ({ page }) => {
  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toBe(META_CONTENT_SECURITY_POLICY);
  const probe = await page.evaluate(async () => {
    const anon = await fetch('/api/utterance:list', { method: 'POST', body: '{}' });
    return {
      status: anon.status,
      hasRequire: typeof (globalThis as { require?: unknown }).require,
      hasProcess: typeof (globalThis as { process?: unknown }).process,
    };
  });
  expect(probe).toEqual({ status: 401, hasRequire: 'undefined', hasProcess: 'undefined' });
});

test('bad API input is refused with a clear error and changes nothing', async () => {
  const before = (await host.api<UtterancePage>('utterance:list', {})).items;
  const res = await fetch(`${host.origin}/api/utterance:setStatus`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ utteranceId: before[0]!.id, status: 'bogus' }),
  });
  expect(await res.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  const unknown = await fetch(`${host.origin}/api/utterance:get`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ utteranceId: 'no-such-utterance' }),
  });
  expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  expect((await host.api<UtterancePage>('utterance:list', {})).items).toEqual(before);
});

test("a system's words under the gold words, coloured by their alignment, with the utterance's WER", async ({
  page,
}) => {
  const systems = await host.api<{ id: number; name: string }[]>('system:list', {});
  test.skip(systems.length === 0, 'the project opened has no systems (SIEVE_E2E_PROJECT without outputs)');
  const utterances = (await host.api<UtterancePage>('utterance:list', {})).items;
  const target = utterances[1]!;
  const scored = await host.api<{
    scores: {
      words: { wer: number; steps: { op: string }[] };
      entities?: {
        entries: {
          ref: number;
          hyp: number;
          type: boolean | null;
          extent: boolean | null;
          content: boolean | null;
        }[];
      };
      nbest?: { figures: Record<string, number> };
    };
    output: { nbest?: unknown[] };
  }>('score:utterance', { systemId: systems[0]!.id, utteranceId: target.id });
  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  const tier = page.getByTestId('system-tier');
  await expect(page.getByTestId('system-wer')).toHaveText(
    `WER ${(scored.scores.words.wer * 100).toFixed(1)} %`,
  );
  // One box per alignment step, each marked with its operation.
  const steps = scored.scores.words.steps;
  await expect(tier.locator('.system-box')).toHaveCount(steps.length);
  for (const op of ['C', 'S', 'I', 'D'])
    await expect(tier.locator(`.system-box.op-${op}`)).toHaveCount(steps.filter((s) => s.op === op).length);
  // The score panel shows the same WER, with how it was counted.
  await expect(page.getByTestId('score-panel').locator('tr', { hasText: 'WER' })).toContainText(
    `${(scored.scores.words.wer * 100).toFixed(1)} %`,
  );
  // Clicking a recognized word plays it: the playhead moves into its time.
  const box = tier.locator('.system-box:not(.op-D)').nth(1);
  await box.click();
  const [from, to] = ((await box.getAttribute('title')) ?? '').match(/\d+\.\d+/g)!.map(Number) as [
    number,
    number,
  ];
  await expect
    .poll(async () => Number(await page.getByTestId('current-time').textContent()), { timeout: 5000 })
    .toBeGreaterThanOrEqual(from - 0.01);
  expect(Number(await page.getByTestId('current-time').textContent())).toBeLessThanOrEqual(to + 0.05);
  // The system's entities under the gold ones: one box per mapped pair or unmapped entity.
  const entries = scored.scores.entities?.entries ?? [];
  const judged = (x: (typeof entries)[number]): string =>
    x.hyp < 0 ? 'missing' : x.ref < 0 ? 'spurious' : x.type && x.extent && x.content ? 'right' : 'wrong';
  for (const j of ['right', 'wrong', 'spurious', 'missing'])
    await expect(page.locator(`[data-testid="system-entities"] [data-judgement="${j}"]`)).toHaveCount(
      entries.filter((x) => judged(x) === j).length,
    );
  // The N-best list, ranked, with the gold interpretations marked as the scorer counts them.
  if (scored.output.nbest && scored.output.nbest.length > 0) {
    await page.getByTestId('score-panel').locator('summary').click();
    const items = page.getByTestId('nbest-list').locator('li');
    await expect(items).toHaveCount(scored.output.nbest.length);
    const found = scored.scores.nbest!.figures['NotFound@inf'] === 0;
    expect((await page.locator('[data-testid="nbest-list"] li[data-correct="yes"]').count()) > 0).toBe(found);
  }
  // The system's tree under the gold tree: Struct-IoU pairs share a colour across the two trees.
  const matched = page.locator('[data-testid="system-tree"] .node-box.matched');
  await expect(matched.first()).toBeVisible();
  const colour = await matched.first().evaluate((el) => getComputedStyle(el).backgroundColor);
  const goldColours = await page
    .locator('[data-testid="tree-tier"] .node-box')
    .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  expect(goldColours).toContain(colour);
  await page.screenshot({ path: 'test-results/system-tier.png', fullPage: true });
  // Y shows the next system, with its own WER.
  if (systems.length > 1) {
    const other = await host.api<{ scores: { words: { wer: number } } }>('score:utterance', {
      systemId: systems[1]!.id,
      utteranceId: target.id,
    });
    await page.keyboard.press('y');
    await expect(page.getByLabel('System shown')).toHaveValue(String(systems[1]!.id));
    await expect(page.getByTestId('system-wer')).toHaveText(
      `WER ${(other.scores.words.wer * 100).toFixed(1)} %`,
    );
  }
});

test('the project page scores every system: metrics with 95% intervals, the best in bold', async ({
  page,
}) => {
  const systems = await host.api<{ id: number; name: string }[]>('system:list', {});
  test.skip(systems.length === 0, 'the project opened has no systems (SIEVE_E2E_PROJECT without outputs)');
  await page.goto(host.url);
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard.locator('tbody tr')).toHaveCount(systems.length, { timeout: 20_000 });
  for (const s of systems) {
    const cell = dashboard.locator(`tr[data-system="${s.name}"] td[data-metric="WER"]`);
    await expect(cell.locator('.fig')).toHaveText(/^\d+\.\d$/);
    await expect(cell).toHaveAttribute('title', /^wer\|costs:sclite\|case:fold\|missing:empty\|v:/);
    // How many utterances the figure covers is beside it, not only in the tooltip.
    const n = (await host.api<{ utterances: number }>('project:summary', {})).utterances;
    await expect(cell.locator('.cov')).toHaveText(new RegExp(`^${n} / ${n}`));
  }
  // The lower WER is the one in bold.
  const wers = await dashboard
    .locator('td[data-metric="WER"] .fig')
    .evaluateAll((els) => els.map((e) => Number(e.textContent)));
  await expect(dashboard.locator('td[data-metric="WER"].best .fig')).toHaveText(Math.min(...wers).toFixed(1));
  // Two systems compared: a row per metric with A − B, its interval and the p-value.
  if (systems.length > 1) {
    await dashboard.getByRole('button', { name: 'Compare' }).click();
    const row = page.getByTestId('comparison').locator('tr[data-metric="WER"]');
    await expect(row.locator('td').nth(3)).toHaveText(/^\d(\.\d+)?(e-\d+)?$/);
    await expect(row).toHaveAttribute('title', /ar\|/);
  }
  await page.screenshot({ path: 'test-results/dashboard.png', fullPage: true });
});
