// The speech recognition errors panel end to end: on the demo, a confusion pair lists the utterances it
// occurs in, and clicking one opens it with that substitution selected in the words, marked in the system's
// word tier, and played.
import { expect, test } from '@playwright/test';
import type { GoldState } from '../../src/core/api/contract';
import { startHostProcess, type HostProcess } from './hostProcess';
import { watchErrors } from './workspacePage';

let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(async () => {
  await host.stop();
});

test('a confusion pair lists its utterances; clicking one opens it with the error selected and played', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(host.url);
  const panel = page.getByTestId('asr-analysis');
  // The panel comes with the plots, after the demo's systems are scored.
  await expect(panel).toBeVisible({ timeout: 45_000 });
  await panel.getByLabel('System analysed').selectOption({ label: 'pocketsphinx-domain' });
  const confusions = panel.locator('[data-list="Confusion pairs"]');
  await expect(confusions.getByRole('heading')).toContainText('distinct');
  const pair = confusions.locator('[data-error-key="hamburg ==> berlin"]');
  await pair.click();
  const listed = page.getByTestId('asr-utterances');
  await expect(listed).toContainText('“hamburg ==> berlin” in 1 utterance(s)');
  const open = listed.locator('[data-open-utterance]');
  await expect(open).toHaveCount(1);
  const id = await open.getAttribute('data-open-utterance');
  // Ground truth from the API: the utterance's gold has Hamburg, which that system read as Berlin.
  const gold = await host.api<GoldState>('gold:get', { utteranceId: id });
  expect(gold.gold.words.map((w) => w.text.toLowerCase())).toContain('hamburg');
  // The workspace's play state turns to playing: looked at every frame from before the click on, as the
  // stretch played lasts only a second or two.
  const played = page.waitForFunction(
    () => document.querySelector('.playstate')?.textContent?.includes('playing') === true,
    null,
    { polling: 'raf', timeout: 30_000 },
  );
  await open.click();
  await expect(page.getByText(id!, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Berlin', { exact: true }).first()).toBeVisible();
  // The workspace shows the system the panel analysed, the gold word substituted selected, and the
  // system's word marked as the error.
  await expect(page.getByLabel('System shown').locator('option:checked')).toHaveText('pocketsphinx-domain');
  await expect(page.locator('.word-box.selected')).toHaveText([/^hamburg$/i]);
  await expect(page.locator('.system-box.focused')).toHaveText(/^berlin$/i);
  await expect(page.locator('.system-box.focused')).toHaveAttribute('data-op', 'S');
  // And its stretch plays.
  await played;
  await page.screenshot({ path: 'test-results/asr-error-opened.png' });
  expect(errors).toEqual([]);
});

test("sc_stats's tests for every pair of systems, each with its n", async ({ page }) => {
  await page.goto(host.url);
  const tests = page.getByTestId('asr-analysis').getByRole('table', { name: 'sc_stats tests' });
  await expect(tests).toBeVisible({ timeout: 45_000 });
  // The demo has three systems: three pairs × four tests.
  await expect(tests.locator('tbody tr')).toHaveCount(12);
  await expect(tests.locator('tbody tr').first()).toContainText(/segments/);
});

test("the paired comparison shows sc_stats's tests of the pair it compares", async ({ page }) => {
  await page.goto(host.url);
  // The tests come with the dashboard's report job: wait for the panel, then compare two systems.
  await expect(page.getByTestId('asr-analysis')).toBeVisible({ timeout: 45_000 });
  const comparison = page.getByTestId('comparison');
  await comparison.getByLabel('System A').selectOption({ label: 'pocketsphinx-generic' });
  await comparison.getByLabel('System B').selectOption({ label: 'pocketsphinx-domain' });
  await comparison.getByRole('button', { name: 'Compare' }).click();
  const tests = comparison.getByTestId('sctk-pair-tests');
  await expect(tests.locator('tbody tr')).toHaveCount(4);
  await expect(tests.locator('[data-test="mcnemar"]')).toContainText('12 utterances');
  await expect(tests.locator('[data-test="mapsswe"]')).toContainText('pocketsphinx-domain');
});
