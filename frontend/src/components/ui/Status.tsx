import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}

/** A request's error in words; `messages` overrides the text per HTTP status (e.g. 410 for expired results). */
export function ErrorState({ error, title, messages = {} }: { error: unknown; title: string; messages?: Record<number, string> }) {
  const status = error instanceof ApiError ? error.status : 0;
  const text = messages[status] ?? (error instanceof Error ? error.message : 'Something went wrong.');
  return (
    <section className="alert alert--error" role="alert" data-testid="error-state">
      <h1 className="alert__title">{title}</h1>
      <p>{text}</p>
    </section>
  );
}
