import { expect, test } from '@playwright/test';
import { ARTIFACTS, expectNoSeriousA11yViolations, watchConsole } from './helpers';

/**
 * Issue 15 §6, living questions: a signed-in user re-runs a saved search and opens "what changed"; the earlier
 * run links to the re-run; a schedule can be set (off by default).
 */
test('re-run a saved search and open what changed', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const username = `living${Date.now()}`;
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery 42');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: `Your account, ${username}` })).toBeVisible();

  await page.goto('/');
  await page.getByLabel('Your health question').fill('Do triptans relieve migraine?');
  await page.getByLabel('Your health question').press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  const firstUrl = page.url();
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar', { name: 'Search progress' })).toHaveCount(0, { timeout: 240_000 });

  // The owner's finished search offers a re-run; the schedule is off until set.
  const panel = page.getByTestId('living-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('schedule-select')).toHaveValue('off');
  await page.getByRole('button', { name: 'Re-run this search' }).click();

  // The re-run opens as a new search, linked to the earlier run.
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  await expect(page.getByTestId('rerun-of')).toContainText('A re-run of the search of');
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar', { name: 'Search progress' })).toHaveCount(0, { timeout: 240_000 });

  // What changed: the same corpus and pipeline find the same studies, matched by PMID.
  await page.getByTestId('what-changed-toggle').click();
  const changes = page.getByTestId('what-changed');
  await expect(changes).toBeVisible();
  await expect(page.getByTestId('verdict-change')).toContainText('The verdict is the same');
  await expect(page.getByTestId('verdict-change')).toContainText('Studies: 0 new, 0 gone, 20 in both');
  await expect(page.getByTestId('split-before')).toHaveText(await page.getByTestId('split-after').innerText());
  await changes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/living-what-changed.png`, fullPage: true });
  await page.getByTestId('living-panel').screenshot({ path: `${ARTIFACTS}/living-panel.png` });
  await expectNoSeriousA11yViolations(page, 'result page with what changed open');

  // The earlier run lists the re-run; the owner sets a weekly schedule there.
  await page.getByTestId('rerun-of').getByRole('link').click();
  await expect(page).toHaveURL(firstUrl);
  await expect(page.getByTestId('later-runs')).toContainText('Later runs:');
  await page.getByTestId('schedule-select').selectOption('weekly');
  await expect(page.getByTestId('schedule-next')).toContainText('Next run:');
  await page.reload();
  await expect(page.getByTestId('schedule-select')).toHaveValue('weekly');
  expect(errors, errors.join('\n')).toEqual([]);
});
