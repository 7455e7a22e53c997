import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ARTIFACTS, expectNoSeriousA11yViolations, watchConsole } from './helpers';

/**
 * Issue 15 for researchers: the evidence table beside the cards (sort by design, filter to randomised trials, the
 * charts narrow with it), the consensus-over-time chart, the provenance, and every download.
 */
test('evidence table: sort by design, filter to randomised trials, charts narrow; download each export', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await page.getByLabel('Your health question').fill('Do ACE inhibitors reduce mortality in heart failure?');
  await page.getByLabel('Your health question').press('Enter');
  await expect(page).toHaveURL(/\/searches\/[\w-]+$/);
  await expect(page.getByTestId('answer')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('progressbar', { name: 'Search progress' })).toHaveCount(0, { timeout: 240_000 });

  // The consensus chart says its series in words.
  await expect(page.getByTestId('chart-consensus')).toBeVisible();
  await expect(page.getByTestId('consensus-summary')).toContainText(/^By \d{4}, \d+ support/);

  // Open the table (keyboard usable: the switch and the headers are buttons).
  await page.getByTestId('show-table').click();
  const table = page.getByTestId('evidence-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('study-card')).toHaveCount(0);
  const rows = table.getByTestId('evidence-row');
  const total = await rows.count();
  expect(total).toBeGreaterThan(0);

  // Sort by design, from the keyboard: strongest design first, announced through aria-sort.
  const designHeader = page.getByTestId('sort-design');
  await designHeader.focus();
  await page.keyboard.press('Enter');
  await expect(designHeader.locator('xpath=..')).toHaveAttribute('aria-sort', 'ascending');
  const designs = await rows.locator('td:nth-child(4)').allTextContents();
  const firstRct = designs.indexOf('Randomised controlled trial');
  expect(firstRct).toBeGreaterThanOrEqual(0);
  expect(designs.slice(0, firstRct).every((d) => d === 'Meta-analysis / systematic review')).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/research-table-sorted.png`, fullPage: true });

  // Filter to randomised trials: the table and every chart narrow to them.
  const rcts = designs.filter((d) => d === 'Randomised controlled trial').length;
  await page.getByTestId('design-filter').selectOption('rct');
  await expect(rows).toHaveCount(rcts);
  await expect(page.getByTestId('charts-narrowed')).toContainText(`Randomised controlled trial (${rcts} of ${total} studies)`);
  const summary = await page.getByTestId('distribution-summary').textContent();
  const counted = (summary ?? '').match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
  expect(counted).toBeLessThanOrEqual(rcts);
  await page.getByRole('button', { name: 'Weighted by evidence' }).first().click();
  await expect(page.getByTestId('evidence-weight-explained')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/research-filtered.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'result page with the evidence table filtered');

  // Provenance.
  await page.getByText('Where this result comes from').click();
  await expect(page.getByTestId('provenance')).toContainText('Local PubMed corpus');
  await expect(page.getByTestId('provenance')).toContainText('Code version');

  // Every download.
  const checks: Record<string, (text: string) => void> = {
    ris: (text) => expect(text.match(/^TY {2}- JOUR/gm)).toHaveLength(total),
    bibtex: (text) => expect(text.match(/^@article\{pmid\d+,/gm)).toHaveLength(total),
    csv: (text) => expect(text.split('\r\n')[0]).toContain('stance.label'),
    json: (text) => expect(JSON.parse(text).provenance.source).toBe('local'),
  };
  for (const [format, check] of Object.entries(checks)) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^medseba-do-ace-inhibitors-.*\\.${format === 'bibtex' ? 'bib' : format}$`));
    check(readFileSync((await download.path())!, 'utf8'));
  }
  expect(errors).toEqual([]);
});
