import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './helpers';

/*
 * Issue 13: the app and the API docs run under the site's strict Content-Security-Policy (no inline code,
 * no eval, no other origin) with no violation, and every asset they load comes from this origin.
 */

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

function watchOrigins(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

for (const [path, ready] of [
  ['/', async (page: Page) => expect(page.getByRole('heading', { name: 'What does the research say?' })).toBeVisible()],
  ['/api/docs/', async (page: Page) => expect(page.locator('.swagger-ui .opblock').first()).toBeVisible()],
] as const) {
  test(`${path} works under the Content-Security-Policy with no violation`, async ({ page, baseURL }) => {
    const errors = watchConsole(page);
    const foreign = watchOrigins(page, new URL(baseURL ?? '').origin);
    await recordViolations(page);
    const response = await page.goto(path);
    const header = response?.headers()['content-security-policy'] ?? '';
    expect(header).toContain("script-src 'self'");
    expect(header).toContain("style-src 'self'");
    expect(header).not.toContain('unsafe-inline');
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  });
}
