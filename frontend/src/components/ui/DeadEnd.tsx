import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeading } from './PageHeading';

type SectionProps = Omit<ComponentPropsWithoutRef<'section'>, 'title' | 'children'>;

/**
 * A page that ends here: a titled alert, one paragraph of words, and the way on ("Ask a question").
 * One component so the error state, the route error and the 404 page cannot drift apart.
 */
export function DeadEnd({ title, message, ...section }: SectionProps & { title: ReactNode; message: ReactNode }) {
  return (
    <section {...section}>
      <PageHeading className="alert__title">{title}</PageHeading>
      <p>{message}</p>
      <p>
        <Link to="/" className="button button--primary">
          Ask a question
        </Link>
      </p>
    </section>
  );
}
