import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_MEDICAL_ADVICE } from '@/components/ui/Disclaimer';
import { mockFetch, renderRoute } from '@/test/render';

describe('layout', () => {
  it('names the brand link by its visible text (no label/content mismatch)', () => {
    mockFetch(() => undefined);
    renderRoute('/');
    const brand = screen.getByRole('link', { name: 'MedSEBA' });
    expect(brand).not.toHaveAttribute('aria-label');
    expect(brand).toHaveTextContent('MedSEBA');
  });

  it('keeps the not-medical-advice sentence in the footer too', () => {
    mockFetch(() => undefined);
    renderRoute('/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(NOT_MEDICAL_ADVICE);
  });

  it('gives each route its own title and focuses the new page heading after navigating (not on first load)', async () => {
    mockFetch(() => undefined);
    const { router } = renderRoute('/');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    await router.navigate('/login');
    await waitFor(() => expect(document.title).toBe('Log in — MedSEBA'));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toHaveFocus();
    await router.navigate('/signup');
    await waitFor(() => expect(document.title).toBe('Sign up — MedSEBA'));
    await router.navigate('/nowhere');
    await waitFor(() => expect(document.title).toBe('Page not found — MedSEBA'));
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveFocus();
  });

  it('checks the session without a 401: signed out is a 200 answer', async () => {
    const fetch = mockFetch(() => undefined);
    renderRoute('/');
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === '/api/accounts/session/')).toBe(true));
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/api/accounts/me/'))).toBe(false);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
