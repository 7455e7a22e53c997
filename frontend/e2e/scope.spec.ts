import { expect, test } from '@playwright/test';
import { ARTIFACTS, expectNoSeriousA11yViolations, watchConsole } from './helpers';

/**
 * The scope guard on wordings the first version missed, and what a result says when a source lets it down: the
 * publication-type filter the local library cannot apply, and each failure's real time behind the outage line.
 */

test('emergencies in new wordings get the emergency panel, suicidal intent a crisis line', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [question, crisis] of [
    ["my mom's mouth is crooked and she can't get her words out", false],
    ["I don't see the point in living anymore", true],
  ] as const) {
    await page.goto('/');
    const box = page.getByLabel('Your health question');
    await box.fill(question);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
    const emergency = page.getByTestId('emergency');
    await expect(emergency).toBeVisible({ timeout: 120_000 });
    await expect(emergency.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:\+?\d+$/);
    if (crisis) await expect(emergency).toContainText('988');
    else await expect(emergency).not.toContainText('988');
    await expect(page.getByTestId('study-card')).toHaveCount(0);
  }
  await page.screenshot({ path: `${ARTIFACTS}/guard-crisis-360.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'crisis result');
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a type filter the local library cannot apply is said under the chips; failures carry their time', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  const box = page.getByLabel('Your health question');
  await box.fill('Do proton pump inhibitors heal reflux esophagitis?');
  await page.getByText('Filters').click();
  await page.getByLabel('Randomized Controlled Trial').check();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 240_000 });

  const chips = page.getByTestId('filter-chips');
  await expect(chips).toContainText('Randomized Controlled Trial');
  // The demo corpus has no publication types: the result says so instead of silently ignoring the filter.
  await expect(page.getByTestId('filter-notice')).toContainText(
    /^The filter “Randomized Controlled Trial” could not be applied to (all \d+ studies|\d+ of the \d+ studies)/,
  );

  // Offline, the metric services fail: the details, once opened, give each failure's real time.
  const outage = page.getByTestId('failures');
  await expect(outage).not.toHaveAttribute('open');
  await outage.locator('summary').click();
  const time = outage.locator('time').first();
  await expect(time).toBeVisible();
  expect(Number.isNaN(Date.parse((await time.getAttribute('datetime')) ?? ''))).toBe(false);
  await expect(outage).not.toContainText(/\d+ s ago/);
  await page.screenshot({ path: `${ARTIFACTS}/result-filter-notice.png` });
  await expectNoSeriousA11yViolations(page, 'result with a filter notice');
  expect(errors, errors.join('\n')).toEqual([]);
});
