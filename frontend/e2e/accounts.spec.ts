import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, expectNoSeriousA11yViolations, watchConsole } from './helpers';

async function ask(page: Page, question: string, { anonymous = false } = {}) {
  await page.goto('/');
  await page.getByLabel('Your health question').fill(question);
  if (anonymous) await page.getByRole('switch', { name: /Anonymous search/ }).check();
  await page.getByLabel('Your health question').press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  // Wait for the end so the worker is idle before the next step.
  await expect(page.getByTestId('study-card').first()).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 240_000 });
}

test('sign up, find the search in history, file it in a folder, delete it; anonymous searches stay out', async ({ page }) => {
  const errors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const username = `e2e${Date.now()}`;

  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery 42');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: `Your account, ${username}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText(username);
  // A new account is prompted to ask its first question.
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByTestId('history-empty').getByRole('link', { name: 'Ask your first question' })).toBeVisible();
  await expect(page).toHaveTitle('Your account — MedSEBA');

  const question = 'Do ACE inhibitors reduce mortality in heart failure?';
  await ask(page, question);

  await page.getByRole('link', { name: username }).click();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(question);

  await page.getByLabel('New folder').fill('Cardiology');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('heading', { name: /Cardiology \(0\)/ })).toBeVisible();
  await rows.first().getByRole('combobox').selectOption({ label: 'Cardiology' });
  await expect(page.getByRole('heading', { name: /Cardiology \(1\)/ })).toBeVisible();
  await expect(page.getByText('Your top topics')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/account-page.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'account page');

  await rows.first().getByRole('button', { name: /^Delete / }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Cardiology \(0\)/ })).toBeVisible();
  // The deleted search's topics leave the chart at once (no reload).
  await expect(page.getByText('Your top topics appear after a few searches.')).toBeVisible();
  // Deleting a folder asks first (the dialog handler above accepts).
  await page.getByRole('button', { name: /^Delete folder/ }).click();
  await expect(page.getByRole('heading', { name: /Cardiology/ })).toHaveCount(0);

  // An anonymous search is never kept in history.
  await ask(page, 'Does sumatriptan relieve migraine?', { anonymous: true });
  await expect(page.getByText(/Anonymous — not stored/)).toBeVisible();
  await page.getByRole('link', { name: username }).click();
  await expect(page.getByText('No searches yet.', { exact: false })).toBeVisible();
  await expect(rows).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(dialogs.some((m) => m.startsWith('Delete the folder “Cardiology”?'))).toBe(true);
  expect(errors, errors.join('\n')).toEqual([]);
});
