import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { DeadEnd } from '@/components/ui/DeadEnd';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NOT_FOUND } from '../routes/NotFoundPage';

/**
 * A route's `errorElement`: what a page shows when rendering it (or its loader) throws. It says so in plain
 * words and offers a way on; the exception itself goes to the console for developers, never onto the page
 * (its text is for engineers and may name internals).
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <DeadEnd
      className="alert alert--error"
      role="alert"
      data-testid="route-error"
      title={notFound ? NOT_FOUND.title : 'Something went wrong'}
      message={notFound ? NOT_FOUND.message : 'This page could not be shown. Reloading may help; your searches are not affected.'}
    />
  );
}
