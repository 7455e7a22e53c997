import { useEffect } from 'react';
import { pageTitle } from './route-focus';

/** Each route names itself in the tab and for screen readers (not one title for every page). */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
