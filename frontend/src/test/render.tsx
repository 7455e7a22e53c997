import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { routes } from '@/app/router';

export type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** What GET /api/searches/limits/ answers in tests, unless a handler answers it itself. */
export const TEST_LIMITS = { question_max_chars: 500, min_year: 1800, max_year: 2027 };

/** Answers every page makes whatever the test is about: signed out, and the input limits. */
function background(url: string): ReturnType<Handler> {
  if (url === '/api/accounts/session/') return { status: 200, body: { authenticated: false, user: null } };
  if (url === '/api/searches/limits/') return { status: 200, body: TEST_LIMITS };
  if (url === '/api/accounts/preferences/') return { status: 200, body: { reading_mode: null } };
  return undefined;
}

/** Replace fetch with a router over (method, url); unmatched requests fail the test loudly. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    const reply = handler(url, init) ?? background(url);
    if (!reply) throw new Error(`unexpected request ${init.method ?? 'GET'} ${url}`);
    const body = reply.body === undefined ? null : reply.body instanceof Uint8Array ? reply.body : JSON.stringify(reply.body);
    return new Response(body as BodyInit | null, { status: reply.status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = makeQueryClient();
  const utils = render(
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, client };
}

/** One component inside a router and the query client (for components that link or fetch). */
export function renderInRouter(ui: ReactElement, path = '/') {
  const client = makeQueryClient();
  return render(
    <AppProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProvider>,
  );
}
