import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, watchConsole } from './helpers';

/** Ask from the home page and wait for the finished result. */
async function ask(page: Page, question: string) {
  await page.goto('/');
  const box = page.getByLabel('Your health question');
  await box.fill(question);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar', { name: 'Search progress' })).toHaveCount(0, { timeout: 240_000 });
}

test('switch reading modes and see the text change (remembered by this browser), trial cards from the registry stand-in, a glossary term', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await ask(page, 'Does sumatriptan relieve migraine?');

  const box = page.getByTestId('bottom-line');
  await expect(box).toHaveAttribute('data-mode', 'lay');
  const layHeadline = (await page.getByTestId('mode-headline').textContent()) ?? '';
  expect(layHeadline).not.toContain('certainty:');
  await page.screenshot({ path: `${ARTIFACTS}/modes-lay.png`, fullPage: false });

  await page.getByRole('button', { name: 'Clinician' }).click();
  await expect(box).toHaveAttribute('data-mode', 'clinician');
  await expect(page.getByRole('button', { name: 'Clinician' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('mode-headline')).not.toHaveText(layHeadline);
  await expect(page.getByTestId('mode-explanation')).toContainText('Intervention: sumatriptan');
  await page.screenshot({ path: `${ARTIFACTS}/modes-clinician.png`, fullPage: false });

  // Remembered by this browser (signed out: nothing about it is sent to the server to keep).
  await page.reload();
  await expect(page.getByTestId('bottom-line')).toHaveAttribute('data-mode', 'clinician');
  await page.getByRole('button', { name: 'Plain language' }).click();
  await expect(page.getByTestId('bottom-line')).toHaveAttribute('data-mode', 'lay');
  await expect(page.getByTestId('mode-headline')).toHaveText(layHeadline);

  // A glossary term explains itself on hover.
  const term = page.getByTestId('bottom-line').getByTestId('glossary-term').first();
  await term.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();

  // Trial cards from the recorded registry bodies (served by e2e/ctgov_standin.py).
  const trials = page.getByTestId('trials');
  await expect(trials.getByTestId('trial-card')).toHaveCount(3);
  await expect(trials.getByRole('link', { name: 'NCT05431270' })).toHaveAttribute('href', 'https://clinicaltrials.gov/study/NCT05431270');
  await expect(trials.getByTestId('trial-card').first()).toContainText('Recruiting · Phase 1/2 · 40 people');
  await trials.screenshot({ path: `${ARTIFACTS}/trial-cards.png` });
  expect(errors).toEqual([]);
});

test('an unreachable trial registry is said plainly and the rest of the result is there', async ({ page }) => {
  await ask(page, 'Do proton pump inhibitors heal reflux esophagitis?');
  await expect(page.getByTestId('trials-unavailable')).toContainText('Trial registry unavailable');
  await expect(page.getByTestId('trial-card')).toHaveCount(0);
  await expect(page.getByTestId('bottom-line')).toBeVisible();
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  await page.getByTestId('trials').screenshot({ path: `${ARTIFACTS}/trials-unavailable.png` });
});
