import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/ui/PageHeading';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="alert alert--info">
      <PageHeading className="alert__title">Page not found</PageHeading>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/" className="button button--primary">
          Ask a question
        </Link>
      </p>
    </section>
  );
}
