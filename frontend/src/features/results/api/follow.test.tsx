import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { makeDocument } from '@/test/factories';
import { mockFetch } from '@/test/render';
import { AT_ONCE_MS, FALLBACK_POLL_MS, nextRequestDelay, searchUrl } from './follow';
import { useSearch } from './get-search';

const running = (version: number) => makeDocument({ id: 's1', status: 'running', stage: 'rerank', progress: 50, answer: null, version });
const done = (version: number) => makeDocument({ id: 's1', version });

function wrapper({ children }: { children: ReactNode }) {
  return <AppProvider client={makeQueryClient()}>{children}</AppProvider>;
}

describe('following a search by long-polling', () => {
  it('sends back the version it holds, only while the search runs', () => {
    expect(searchUrl('s1')).toBe('/api/searches/s1/');
    expect(searchUrl('s1', running(42))).toBe('/api/searches/s1/?version=42');
    expect(searchUrl('s1', done(42))).toBe('/api/searches/s1/');
    expect(searchUrl('a b', running(1))).toBe('/api/searches/a%20b/?version=1');
    const noVersion = { ...running(1), version: undefined } as unknown as ReturnType<typeof running>;
    expect(searchUrl('s1', noVersion)).toBe('/api/searches/s1/');
  });

  it('asks again at once after news, waits after an unchanged answer, stops when the search ended', () => {
    expect(nextRequestDelay(undefined, running(1))).toBe(AT_ONCE_MS);
    expect(nextRequestDelay(running(1), running(2))).toBe(AT_ONCE_MS);
    expect(nextRequestDelay(running(1), running(1))).toBe(FALLBACK_POLL_MS); // the server could not wait: poll
    expect(nextRequestDelay(running(1), done(2))).toBe(false);
    const old = { ...running(1), version: undefined } as unknown as ReturnType<typeof running>;
    expect(nextRequestDelay(old, old)).toBe(FALLBACK_POLL_MS); // a server without versions: plain polling
  });

  it('follows each change with one request that names the version it has', async () => {
    const answers: Record<string, ReturnType<typeof running>> = {
      '/api/searches/s1/': running(1),
      '/api/searches/s1/?version=1': running(2),
      '/api/searches/s1/?version=2': done(3),
    };
    const fetch = mockFetch((url) => (answers[url] ? { status: 200, body: answers[url] } : undefined));
    const { result } = renderHook(() => useSearch('s1'), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('done'));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(Object.keys(answers));
  });

  it('falls back to polling when the server answers at once with nothing new', async () => {
    let unchanged = 0;
    const fetch = mockFetch((url) => {
      if (url === '/api/searches/s1/') return { status: 200, body: running(1) };
      if (url !== '/api/searches/s1/?version=1') return undefined;
      unchanged += 1; // the first long-poll comes back unchanged (a busy server), the next one brings the end
      return { status: 200, body: unchanged === 1 ? running(1) : done(2) };
    });
    const { result } = renderHook(() => useSearch('s1'), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('done'), { timeout: FALLBACK_POLL_MS * 4 });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/searches/s1/', '/api/searches/s1/?version=1', '/api/searches/s1/?version=1',
    ]);
  });
});
