import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { PageHeading } from '@/components/ui/PageHeading';
import { useDocumentTitle } from '@/lib/use-document-title';

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
    <section className="alert alert--error" role="alert" data-testid="route-error">
      <PageHeading className="alert__title">{notFound ? 'Page not found' : 'Something went wrong'}</PageHeading>
      <p>
        {notFound
          ? 'There is no page at this address.'
          : 'This page could not be shown. Reloading may help; your searches are not affected.'}
      </p>
      <p>
        <Link to="/" className="button button--primary">
          Ask a question
        </Link>
      </p>
    </section>
  );
}
