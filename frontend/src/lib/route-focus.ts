/**
 * Focus after client-side navigation. The router changes the page without a load, so the browser leaves focus
 * where it was (often <body>). Layout marks each pathname change; the next page heading that mounts takes the
 * mark and focuses itself. A module-level flag (not state) because the heading of a page that loads data mounts
 * later than the navigation, in another render.
 */
let pending = false;

export function markNavigation(): void {
  pending = true;
}

/** True once per navigation: the first heading to ask takes the focus. */
export function takeNavigationFocus(): boolean {
  const take = pending;
  pending = false;
  return take;
}

const SITE = 'MedSEBA';

/** "Page — MedSEBA"; the home page keeps the site's full title. */
export function pageTitle(page: string | null): string {
  return page ? `${page} — ${SITE}` : `${SITE} — evidence for health questions`;
}
