import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, expectNoSeriousA11yViolations, inFirstScreen, watchConsole } from './helpers';

/** The API's own question limit (GET /api/searches/limits/), so the spec holds no copy of it either. */
async function questionLimit(page: Page): Promise<number> {
  const response = await page.request.get('/api/searches/limits/');
  expect(response.ok()).toBe(true);
  return (await response.json()).question_max_chars as number;
}

test('ask with a filter, follow progress, read verdict, answer, 20 studies and 3 charts, jump to a study and back, open it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What does the research say?' })).toBeVisible();
  await expect(page).toHaveTitle('MedSEBA — evidence for health questions');
  await expectNoSeriousA11yViolations(page, 'home page');

  // A 600-character question is refused inline ("600/500 — please shorten"), never cut and sent.
  const limit = await questionLimit(page);
  const box = page.getByLabel('Your health question');
  await box.fill('x'.repeat(600));
  await box.press('Enter');
  await expect(page.getByText(`600/${limit} — please shorten your question.`)).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveValue('x'.repeat(600));
  await expect(page).toHaveURL(/\/$/);
  await page.screenshot({ path: `${ARTIFACTS}/ask-too-long.png` });

  await box.fill('Does sumatriptan relieve migraine?');
  await page.getByText('Filters').click();
  await page.getByLabel('From').fill('1990');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  const resultUrl = page.url();
  // Focus moves to the result's heading, and progress is announced in a live region.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByTestId('live-status')).toHaveAttribute('aria-live', 'polite');
  const progress = page.getByRole('progressbar', { name: 'Search progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('progress')).toContainText(/Waiting for a worker|Understanding|Finding|Ranking|Gathering|Judging|Writing|Drawing/);

  // Done: the answer, 20 study cards, three charts; "Results ready" announced.
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(progress).toHaveCount(0, { timeout: 240_000 });
  await expect(page.getByTestId('live-status')).toHaveText('Results ready.');
  await expect(page).toHaveTitle('Does sumatriptan relieve migraine? — MedSEBA');
  await expect(page.getByTestId('study-card')).toHaveCount(20);
  await expect(page.getByTestId('chart-stance-distribution')).toBeVisible();
  await expect(page.getByTestId('chart-stance-by-year')).toBeVisible();
  await expect(page.getByTestId('chart-citations')).toBeVisible();
  await expect(page.getByTestId('chart-stance-by-year').locator('.recharts-wrapper')).toHaveCount(1);

  // The filter it ran with is shown as a chip.
  await expect(page.getByTestId('filter-chips')).toContainText('Published 1990 or later');

  // Offline, the metric services fail: one plain line below the answer, details collapsed.
  const outage = page.getByTestId('failures');
  await expect(outage).toBeVisible();
  await expect(outage).not.toHaveAttribute('open');
  await expect(outage.locator('summary')).toContainText(/^Offline mode: searched the local library/);
  await expect(outage.locator('li').first()).toBeHidden();
  expect(await outage.evaluate((el) => el.compareDocumentPosition(document.querySelector('[data-testid="answer"]')!) & Node.DOCUMENT_POSITION_PRECEDING)).toBeTruthy();

  // The verdict leads (with its certainty and the not-medical-advice line), the question's frame is shown, and
  // every study says whether it addresses the question.
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toBeVisible();
  await expect(page.getByTestId('verdict-label')).toHaveText(/^(Yes|No|Mixed|Not settled by these studies)$/);
  await expect(verdict).toContainText(/(Low|Moderate|High) certainty/);
  await expect(verdict.getByTestId('disclaimer')).toContainText('it is not medical advice');
  expect(await verdict.evaluate((el) => el.compareDocumentPosition(document.querySelector('[data-testid="answer"]')!) & Node.DOCUMENT_POSITION_FOLLOWING)).toBeTruthy();
  await expect(page.getByTestId('frame')).toContainText('How we read your question:');
  await expect(page.getByTestId('addresses')).toHaveCount(20);
  await outage.screenshot({ path: `${ARTIFACTS}/result-outage-line.png` });

  // The stance chart toggles between counts and a confidence weighting it explains.
  const stanceChart = page.getByTestId('chart-stance-distribution');
  const weighted = stanceChart.getByRole('button', { name: 'Weighted by confidence' });
  await weighted.click();
  await expect(weighted).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('weighting-explained')).toBeVisible();
  await stanceChart.getByRole('button', { name: 'Study counts' }).click();
  await expect(stanceChart.getByRole('button', { name: 'Study counts' })).toHaveAttribute('aria-pressed', 'true');

  // The query is shown with a link to PubMed.
  await page.getByTestId('query').locator('summary').click();
  await expect(page.getByRole('link', { name: /Run this query on PubMed/ })).toHaveAttribute('href', /^https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/\?term=/);

  await expectNoSeriousA11yViolations(page, 'result page');

  // A [n] link is at least 24 x 24 px.
  const cite = page.getByTestId('answer').locator('.cite a').first();
  const size = await cite.boundingBox();
  expect(size!.width).toBeGreaterThanOrEqual(24);
  expect(size!.height).toBeGreaterThanOrEqual(24);

  // [n] lands on study n and highlights it; "Back to the answer" returns to that very [n].
  const rank = Number(await cite.textContent());
  await cite.click();
  const study = page.locator(`#study-${rank}`);
  await expect(study).toHaveClass(/card--highlighted/);
  await expect(study).toBeFocused();
  await expect(study).toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`#study-${rank}$`));
  await study.getByRole('link', { name: /Back to the answer/ }).click();
  await expect(cite).toBeFocused();
  await expect(cite).toBeInViewport();
  await expect(page).toHaveURL(resultUrl);

  // The browser's Back after a jump stays on the page too.
  await cite.click();
  await expect(study).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(resultUrl);
  await expect(cite).toBeFocused();
  await expect(page.getByTestId('answer')).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/result-page.png`, fullPage: true });
  await page.screenshot({ path: `${ARTIFACTS}/result-page-top.png` });
  await page.getByTestId('answer').screenshot({ path: `${ARTIFACTS}/result-answer.png` });
  await page.locator('.charts').screenshot({ path: `${ARTIFACTS}/result-charts.png` });
  await page.locator(`#study-${rank}`).screenshot({ path: `${ARTIFACTS}/result-study.png` });

  // 360 px: no horizontal scrolling, and the verdict line is on the first screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/result-page-360.png`, fullPage: false });
  await page.screenshot({ path: `${ARTIFACTS}/result-page-360-full.png`, fullPage: true });
  expect(await inFirstScreen(page, '[data-testid="verdict"]'), 'the verdict line on the first 360 px screen').toBe(true);
  const studiesTop = await page.locator('#studies-heading').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.screenshot({ path: `${ARTIFACTS}/result-studies-360.png`, fullPage: true, clip: { x: 0, y: studiesTop - 8, width: 360, height: 1200 } });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Open a study's document page from its card; it links back to the result.
  const title = study.getByRole('heading').getByRole('link');
  const titleText = (await title.textContent())?.trim() ?? '';
  await title.click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleText);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle(`${titleText} — MedSEBA`);
  await expect(page.getByRole('heading', { name: 'Abstract' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'MeSH terms' })).toBeVisible();
  await expect(page.getByTestId('metrics')).toBeVisible();
  await expect(page.getByTestId('fulltext')).not.toContainText('Fetching', { timeout: 60_000 });
  await expect(page.getByTestId('notes-login').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/document-page.png`, fullPage: true });
  await page.screenshot({ path: `${ARTIFACTS}/document-page-top.png` });
  await expectNoSeriousA11yViolations(page, 'document page');
  await page.getByTestId('back-to-results').click();
  await expect(page).toHaveURL(new RegExp(`${resultUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#study-${rank}$`));
  await expect(page.getByTestId('answer')).toBeVisible();

  expect(errors, errors.join('\n')).toEqual([]);
});

test('the scope guard: an emergency gets the emergency panel alone, a non-health question gets help', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const box = page.getByLabel('Your health question');
  await box.fill('I have chest pain right now, should I take aspirin?');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  const emergency = page.getByTestId('emergency');
  await expect(emergency).toBeVisible({ timeout: 120_000 });
  await expect(emergency.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:\+?\d+$/);
  expect(await inFirstScreen(page, '[data-testid="emergency"] .emergency__message')).toBe(true);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('study-card')).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}/guard-emergency-360.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'emergency result');

  await page.goto('/');
  await box.fill('Who won the 1998 World Cup?');
  await box.press('Enter');
  const notice = page.getByTestId('scope-notice');
  await expect(notice).toBeVisible({ timeout: 120_000 });
  await expect(notice.getByTestId('scope-examples').getByRole('button').first()).toBeVisible();
  await expect(page.getByTestId('study-card')).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}/guard-off-topic-360.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'off-topic result');
  expect(errors, errors.join('\n')).toEqual([]);
});

test('error pages say what happened and offer "Ask a question"; the favicon is bundled', async ({ page }) => {
  const errors = watchConsole(page, ['/api/searches/does-not-exist/']);
  const missing = await page.request.get('/api/searches/does-not-exist/');
  expect(missing.status()).toBe(404);
  await page.goto('/searches/does-not-exist');
  const state = page.getByTestId('error-state');
  await expect(state).toContainText('There is no search with this address');
  await expect(state.getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found — MedSEBA');
  await page.getByRole('link', { name: 'Ask a question' }).click();
  await expect(page.getByRole('heading', { name: 'What does the research say?' })).toBeFocused();

  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
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
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // Let it finish so the worker is idle when the run stops.
  await expect(page.getByTestId('study-card').first()).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 240_000 });
});
