import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { routes } from '@/app/router';

export type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replace fetch with a router over (method, url); unmatched requests fail the test loudly. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    const reply = handler(url, init) ?? (url.startsWith('/api/accounts/me/') ? { status: 403, body: { error: { message: 'Not signed in.' } } } : undefined);
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
