import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="alert alert--info">
      <h1 className="alert__title">Page not found</h1>
      <p>
        <Link to="/">Ask a question</Link> instead.
      </p>
    </section>
  );
}
