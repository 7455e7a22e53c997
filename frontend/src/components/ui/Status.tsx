import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { DeadEnd } from './DeadEnd';

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}

/**
 * A request's error in words, with a way on ("Ask a question"). `messages` overrides the text per HTTP status
 * (e.g. 410 for expired results); `codeMessages` per API error code, when one status covers several cases.
 */
export function ErrorState({
  error,
  title,
  messages = {},
  codeMessages = {},
}: {
  error: unknown;
  title: string;
  messages?: Record<number, string>;
  codeMessages?: Record<string, string>;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  const code = error instanceof ApiError ? error.code : '';
  const text = codeMessages[code] ?? messages[status] ?? (error instanceof Error ? error.message : 'Something went wrong.');
  return <DeadEnd className="alert alert--error" role="alert" data-testid="error-state" title={title} message={text} />;
}
