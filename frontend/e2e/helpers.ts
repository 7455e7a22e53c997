import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const ARTIFACTS = 'test-results';

/** The two widths every page is checked at: a laptop and a small phone. */
export const WIDTHS = [
  { name: '1366', width: 1366, height: 768 },
  { name: '360', width: 360, height: 740 },
] as const;

/**
 * Collect console errors and uncaught page errors (the app must run clean). The browser also logs every
 * non-2xx response it loads; the ones a spec expects and the app handles (an asked-for 404) are listed in
 * `expected` by URL and not counted. The signed-out session check answers 200, so it is not excused here.
 */
export function watchConsole(page: Page, expected: string[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url ?? '';
    if (msg.text().startsWith('Failed to load resource') && expected.some((path) => url.endsWith(path))) return;
    errors.push(`${msg.text()} ${url}`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * axe-core (bundled by @axe-core/playwright, injected from node_modules: no CDN) on the page as it is, at both
 * widths; the test is 0 serious or critical violations. The viewport is restored afterwards.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
    expect(report, `${label} at ${size.name} px:\n${report.join('\n')}`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

/** True when the element's top edge lies within the first screen (no scrolling needed to see it start). */
export async function inFirstScreen(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    window.scrollTo(0, 0);
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}
