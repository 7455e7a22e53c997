import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { buildRoutes, pages } from '@/app/router';
import { mockFetch } from '@/test/render';
import { AppErrorBoundary } from './AppErrorBoundary';

const SECRET = 'TypeError: internal detail at Boom.tsx:3';

function Boom(): never {
  throw new Error(SECRET);
}

describe('error boundaries', () => {
  it('a route that throws shows the error page inside the layout, with a way on and no exception text', async () => {
    mockFetch(() => undefined);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(buildRoutes([{ path: '/boom', element: <Boom /> }, ...pages]), { initialEntries: ['/boom'] });
    render(
      <AppProvider client={makeQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const alert = await screen.findByTestId('route-error');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument(); // the layout stays
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(document.body).not.toHaveTextContent('Boom');
    expect(log).toHaveBeenCalled(); // developers still see it
  });

  it('the app-level boundary catches what no route does, with a link to ask a question', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByTestId('app-error')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(log).toHaveBeenCalled();
  });
});
