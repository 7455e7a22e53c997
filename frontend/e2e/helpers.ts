import type { Page } from '@playwright/test';

export const ARTIFACTS = 'test-results';

/**
 * Collect console errors and uncaught page errors (the app must run clean). The browser also logs every
 * non-2xx response it loads; the ones a spec expects and the app handles (401 from /api/accounts/me/ when
 * signed out, an asked-for 404) are listed in `expected` by URL and not counted.
 */
export function watchConsole(page: Page, expected: string[] = []): string[] {
  const allowed = ['/api/accounts/me/', ...expected];
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url ?? '';
    if (msg.text().startsWith('Failed to load resource') && allowed.some((path) => url.endsWith(path))) return;
    errors.push(`${msg.text()} ${url}`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
