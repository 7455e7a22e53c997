import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute, type Handler } from '@/test/render';
import type { HistoryItem, HistoryPage } from '@/types/api';

const me = { authenticated: true, id: 1, username: 'ada', email: 'ada@example.org', date_joined: '2026-11-30T10:00:00Z' };

/** A history item as GET /api/history/ lists it. */
function item(id: string, question: string, folder: number | null = null): HistoryItem {
  return {
    id, question, title: '', display_title: question, status: 'done', folder, position: folder === null ? null : 0,
    filters: { from_year: null, to_year: null, publication_types: [] },
    created_at: '2026-11-30T10:00:00Z', finished_at: '2026-11-30T10:00:41Z', url: `/api/searches/${id}/`,
  };
}

/**
 * GET /api/history/?limit=&offset= as the server pages it: LimitOffsetPagination, here capped at 50 a page
 * (the server's default), so the account page must follow the pages to see everything.
 */
function historyPage(url: string, items: HistoryItem[]): HistoryPage | undefined {
  const match = /^\/api\/history\/\?limit=(\d+)&offset=(\d+)$/.exec(url);
  if (!match) return undefined;
  const [limit, offset] = [Math.min(Number(match[1]), 50), Number(match[2])];
  const next = offset + limit < items.length ? `/api/history/?limit=${limit}&offset=${offset + limit}` : null;
  return { count: items.length, next, previous: null, results: items.slice(offset, offset + limit) };
}

/** A signed-in account with some history, one folder, notes and topics; deletions change what the API answers. */
function account(overrides: Partial<Record<string, unknown>> = {}) {
  const state = {
    history: [item('s1', 'Does sumatriptan relieve migraine? '.repeat(4).trim())],
    folders: [{ id: 7, name: 'Migraine', position: 0, search_count: 0, created_at: '2026-11-30T10:00:00Z' }],
    topics: [{ topic: 'Migraine Disorders', count: 1 }],
    notes: [{ id: 3, pmid: '10000001', text: 'Check the dose.' }],
    ...overrides,
  } as Record<string, unknown[]>;
  const handler: Handler = (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/accounts/session/') return { status: 200, body: { authenticated: true, user: me } };
    const page = method === 'GET' ? historyPage(url, state.history as HistoryItem[]) : undefined;
    if (page) return { status: 200, body: page };
    if (url === '/api/folders/' && method === 'GET') return { status: 200, body: state.folders };
    if (url === '/api/accounts/topics/') return { status: 200, body: state.topics };
    if (url === '/api/notes/') return { status: 200, body: state.notes };
    if (url === '/api/documents/10000001/') return { status: 200, body: { pmid: '10000001', title: 'Sumatriptan in acute migraine' } };
    if (url === '/api/history/s1/' && method === 'DELETE') {
      state.history = [];
      state.topics = [];
      return { status: 204 };
    }
    if (url === '/api/folders/7/' && method === 'DELETE') {
      state.folders = [];
      return { status: 204 };
    }
    return undefined;
  };
  return { state, fetch: mockFetch(handler) };
}

describe('account page', () => {
  it('shows every search of a history longer than one page, with right folder counts (issue 14)', async () => {
    const history = Array.from({ length: 61 }, (_, n) => item(`s${n}`, `Does drug number ${n} help?`, n >= 54 ? 7 : null));
    const { fetch } = account({ history, folders: [{ id: 7, name: 'Migraine', position: 0, search_count: 7, created_at: '2026-11-30T10:00:00Z' }] });
    renderRoute('/account');
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(61));
    expect(screen.getByRole('heading', { name: /^Migraine \(7\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Not in a folder \(54\)/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Does drug number 60 help?' })).toBeInTheDocument();
    const pages = fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/history/'));
    expect(pages).toEqual(['/api/history/?limit=500&offset=0', '/api/history/?limit=500&offset=50']);
  });

  it('drops a deleted search’s topics at once, without a reload', async () => {
    account();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoute('/account');
    expect(await screen.findByText(/Migraine Disorders: 1/)).toBeInTheDocument();
    await userEvent.click(within(await screen.findByTestId('history-row')).getByRole('button', { name: /^Delete\s*“/ }));
    await waitFor(() => expect(screen.queryByText(/Migraine Disorders: 1/)).not.toBeInTheDocument());
    expect(screen.getByText('Your top topics appear after a few searches.')).toBeInTheDocument();
  });

  it('asks before deleting a folder, and keeps it when the answer is no', async () => {
    const { fetch } = account();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderRoute('/account');
    const button = await screen.findByRole('button', { name: /^Delete folder\s*Migraine$/ });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Delete the folder “Migraine”?'));
    expect(fetch.mock.calls.some(([u, i]) => u === '/api/folders/7/' && i?.method === 'DELETE')).toBe(false);
    confirm.mockReturnValue(true);
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Delete folder\s*Migraine$/ })).not.toBeInTheDocument());
  });

  it('names noted studies by title, not PMID', async () => {
    account();
    renderRoute('/account');
    expect(await screen.findByRole('link', { name: 'Sumatriptan in acute migraine' })).toHaveAttribute('href', '/documents/10000001');
    expect(screen.queryByText('PMID 10000001')).not.toBeInTheDocument();
  });

  it('the rename box shows the start of a long title', async () => {
    account();
    renderRoute('/account');
    await userEvent.click(await screen.findByRole('button', { name: /^Rename/ }));
    const box = screen.getByLabelText('New title') as HTMLInputElement;
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe(0);
    expect(box.selectionDirection).toBe('backward');
  });

  it('prompts a new account to ask its first question', async () => {
    account({ history: [], topics: [], notes: [] });
    const { router } = renderRoute('/');
    await router.navigate('/account', { state: { welcome: true } });
    expect(await screen.findByTestId('welcome')).toHaveTextContent('Welcome!');
    expect(within(await screen.findByTestId('history-empty')).getByRole('link', { name: 'Ask your first question' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Your account — MedSEBA');
  });
});

it('cuts long topic names on the chart axis only', async () => {
  const { shortTopic } = await import('./TopicsChart');
  expect(shortTopic('Angiotensin-Converting Enzyme Inhibitors')).toBe('Angiotensin-Conve…');
  expect(shortTopic('Heart Failure')).toBe('Heart Failure');
});
