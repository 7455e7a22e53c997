import { expect, test } from '@playwright/test';
import { ARTIFACTS, watchConsole } from './helpers';

test('ask a question, follow progress, read the answer, 20 studies and 3 charts, open a study', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What does the research say?' })).toBeVisible();

  const box = page.getByLabel('Your health question');
  await box.fill('Does sumatriptan relieve migraine?');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  // While the search runs: a progress bar naming the stage.
  const progress = page.getByRole('progressbar', { name: 'Search progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('progress')).toContainText(/Waiting for a worker|Understanding|Finding|Ranking|Gathering|Judging|Writing|Drawing/);

  // Done: the answer, 20 study cards, three charts.
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(progress).toHaveCount(0, { timeout: 240_000 });
  await expect(page.getByTestId('study-card')).toHaveCount(20);
  await expect(page.getByTestId('chart-stance-distribution')).toBeVisible();
  await expect(page.getByTestId('chart-stance-by-year')).toBeVisible();
  await expect(page.getByTestId('chart-citations')).toBeVisible();
  await expect(page.getByTestId('chart-stance-by-year').locator('.recharts-wrapper')).toHaveCount(1);

  // The stance chart toggles between counts and summed strengths.
  const strengths = page.getByRole('button', { name: 'Summed strengths' });
  await strengths.click();
  await expect(strengths).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Study counts' }).click();
  await expect(page.getByRole('button', { name: 'Study counts' })).toHaveAttribute('aria-pressed', 'true');

  // The query is shown with a link to PubMed.
  await page.getByTestId('query').locator('summary').click();
  await expect(page.getByRole('link', { name: /Run this query on PubMed/ })).toHaveAttribute('href', /^https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/\?term=/);

  // [1] lands on study 1 and highlights it.
  const cite = page.getByTestId('answer').getByRole('link', { name: 'Study 1', exact: true }).first();
  await cite.click();
  const study1 = page.locator('#study-1');
  await expect(study1).toHaveClass(/card--highlighted/);
  await expect(study1).toBeFocused();
  await expect(study1).toBeInViewport();
  await expect(page).toHaveURL(/#study-1$/);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/result-page.png`, fullPage: true });
  await page.screenshot({ path: `${ARTIFACTS}/result-page-top.png` });
  await page.getByTestId('answer').screenshot({ path: `${ARTIFACTS}/result-answer.png` });
  await page.locator('.charts').screenshot({ path: `${ARTIFACTS}/result-charts.png` });
  await page.locator('#study-1').screenshot({ path: `${ARTIFACTS}/result-study-1.png` });

  // The narrow layout (360 px) has no horizontal scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${ARTIFACTS}/result-page-360.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Open a study's document page from its card.
  const title = study1.getByRole('link').first();
  const titleText = (await title.textContent())?.trim() ?? '';
  await title.click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleText);
  await expect(page.getByRole('heading', { name: 'Abstract' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'MeSH terms' })).toBeVisible();
  await expect(page.getByTestId('metrics')).toBeVisible();
  await expect(page.getByTestId('fulltext')).not.toContainText('Fetching', { timeout: 60_000 });
  await page.screenshot({ path: `${ARTIFACTS}/document-page.png`, fullPage: true });
  await page.screenshot({ path: `${ARTIFACTS}/document-page-top.png` });

  expect(errors, errors.join('\n')).toEqual([]);
});

test('an unknown search says so and an unknown page offers the way back', async ({ page }) => {
  const errors = watchConsole(page, ['/api/searches/does-not-exist/']);
  const missing = await page.request.get('/api/searches/does-not-exist/');
  expect(missing.status()).toBe(404);
  await page.goto('/searches/does-not-exist');
  await expect(page.getByTestId('error-state')).toContainText('There is no search with this address');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(errors, errors.join('\n')).toEqual([]);
});

test('keyboard only: the question box is reachable and Enter asks', async ({ page }) => {
  await page.goto('/');
  // The first Tab must reach the rendered app: pressed before React mounts, it lands nowhere.
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  await page.keyboard.press('Tab'); // skip link
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('Your health question').focus();
  await page.keyboard.type('Do proton pump inhibitors heal reflux esophagitis?');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Do proton pump inhibitors heal reflux esophagitis?');
  // Let it finish so the worker is idle when the run stops.
  await expect(page.getByTestId('study-card').first()).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 240_000 });
});
