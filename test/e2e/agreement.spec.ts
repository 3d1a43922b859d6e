// The project page's agreement section end to end on the demo (two annotators on five utterances): the
// per-pair table shows the figures the agreement job computes, with `—` for undefined ones, a histogram
// per measure, the adjudication progress following a status change, and the list ordered by disagreement.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { agreementValueText } from '../../src/core/api/agreementModel';
import type { AgreementView } from '../../src/core/api/contract';
import { startHostProcess, type HostProcess } from './hostProcess';
import { jobResult } from './jobs';
import { watchErrors } from './workspacePage';

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'agreement');

let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(async () => {
  await host.stop();
});

/** The agreement as the API computes it, for ground truth. */
const agreementOfApi = (): Promise<AgreementView> =>
  jobResult<AgreementView>(host, 'agreement:corpus', {}, 60_000);

test('the agreement section shows every figure of the pair, the histograms, progress and the disagreement order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const truth = await agreementOfApi();
  const pair = truth.agreement.pairs[0]!;
  expect([pair.a, pair.b]).toEqual(['maria', 'tom']);

  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(host.url);
  const section = page.getByTestId('agreement');
  await expect(section.getByTestId('agreement-table')).toBeVisible({ timeout: 60_000 });
  await expect(section.getByTestId('adjudication-progress')).toContainText('0 of 5');
  await expect(section.getByTestId('agreement-table').locator('thead')).toContainText('maria × tom');
  for (const f of pair.figures) {
    const cell = section.locator(`td[data-measure="${f.measure}"]`);
    await expect(cell, f.measure).toContainText(agreementValueText(f.value, f.unit));
    await expect(cell, f.measure).toContainText(`n ${f.n}`);
    if (f.value === null) await expect(cell, f.measure).toContainText('—');
  }
  const drawn = truth.plots.filter((p) => !p.empty);
  await expect(section.getByTestId('agreement-plots').locator('figure.plot')).toHaveCount(drawn.length);
  await section.screenshot({ path: path.join(SHOTS, 'agreement-section.png') });

  // Most disagreement first: the utterances of the agreement's list, then the others in project order.
  await page.getByTestId('list-order').selectOption('disagreement');
  const first = truth.agreement.utterances.map((u) => u.utteranceId);
  await expect(page.locator('tbody tr[data-utterance-id]').first()).toHaveAttribute(
    'data-utterance-id',
    first[0]!,
  );
  const ids = await page
    .locator('tbody tr[data-utterance-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-utterance-id')));
  expect(ids.slice(0, first.length)).toEqual(first);

  // One utterance adjudicated (its status reviewed): the progress says so after Compute again.
  await host.api('utterance:setStatus', { utteranceId: first[0], status: 'reviewed' });
  await section.getByRole('button', { name: 'Compute again' }).click();
  await expect(section.getByTestId('adjudication-progress')).toContainText('1 of 5');

  // A listed utterance opens in the workspace.
  await section.getByTestId('agreement-utterances').getByRole('button', { name: first[0] }).click();
  await expect(page).toHaveURL(new RegExp(`#/u/${first[0]}$`));
  expect(errors).toEqual([]);
});
