import { DeadEnd } from '@/components/ui/DeadEnd';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What a 404 says, here and in a route's error element (RouteError), in the same words. */
export const NOT_FOUND = { title: 'Page not found', message: 'There is no page at this address.' } as const;

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND.title);
  return <DeadEnd className="alert alert--info" title={NOT_FOUND.title} message={NOT_FOUND.message} />;
}
