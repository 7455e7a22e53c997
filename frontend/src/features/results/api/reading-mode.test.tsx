import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/render';
import { BROWSER_KEY, useReadingMode } from './reading-mode';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => window.localStorage.clear());

describe('useReadingMode', () => {
  it('signed out: lay by default, the choice kept in this browser only (no PUT)', async () => {
    const fetch = mockFetch(() => undefined); // preferences answer reading_mode null (signed out)
    const { result } = renderHook(() => useReadingMode(), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(result.current[0]).toBe('lay');
    act(() => result.current[1]('clinician'));
    expect(result.current[0]).toBe('clinician');
    expect(window.localStorage.getItem(BROWSER_KEY)).toBe('clinician');
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
    const again = renderHook(() => useReadingMode(), { wrapper });
    expect(again.result.current[0]).toBe('clinician');
  });

  it("signed in: the account's mode, and a change is saved with PUT", async () => {
    let saved = 'clinician';
    const fetch = mockFetch((url, init) => {
      if (url !== '/api/accounts/preferences/') return undefined;
      if (init.method === 'PUT') saved = JSON.parse(String(init.body)).reading_mode;
      return { status: 200, body: { reading_mode: saved } };
    });
    const { result } = renderHook(() => useReadingMode(), { wrapper });
    await waitFor(() => expect(result.current[0]).toBe('clinician'));
    act(() => result.current[1]('lay'));
    await waitFor(() => expect(saved).toBe('lay'));
    expect(result.current[0]).toBe('lay');
    expect(window.localStorage.getItem(BROWSER_KEY)).toBeNull();
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true);
  });
});
