import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDocument } from '@/test/factories';
import { mockFetch, renderRoute } from '@/test/render';

const LOST = {
  error: {
    code: 'lost',
    message: 'This anonymous search was lost when the service restarted: anonymous searches are kept only in memory, never on disk, so a restart loses them. Please ask your question again.',
    fields: {},
  },
};

describe('result page: a search the service lost', () => {
  it('says plainly that the restart lost it, stops the spinner and asks the same question again', async () => {
    const running = makeDocument({ status: 'running', stage: 'retrieve', progress: 30, answer: null, anonymous: true });
    let reads = 0;
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/searches/abc123/')) {
        reads += 1;
        return reads === 1 ? { status: 200, body: running } : { status: 410, body: LOST };
      }
      if (url === '/api/searches/' && init.method === 'POST') return { status: 202, body: { id: 'next1' } };
      if (url === '/api/searches/next1/') return { status: 200, body: makeDocument({ id: 'next1' }) };
      return undefined;
    });
    const { router } = renderRoute('/searches/abc123');
    const gone = await screen.findByTestId('search-gone', {}, { timeout: 8000 });
    expect(gone).toHaveTextContent('lost when the service restarted');
    expect(gone).toHaveTextContent(running.question);
    expect(reads).toBeGreaterThanOrEqual(2); // it was shown running first
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Lost contact with the server/)).not.toBeInTheDocument();
    const readsWhenGone = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500)); // longer than the fallback poll
    expect(reads).toBe(readsWhenGone); // a gone search is not asked for again

    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/searches/next1'));
    const post = fetch.mock.calls.find(([u, i]) => u === '/api/searches/' && i?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toMatchObject({ question: running.question, anonymous: true });
  });

  it('opened later, a lost search says the same and offers a new question', async () => {
    mockFetch((url) => (url.startsWith('/api/searches/abc123/') ? { status: 410, body: LOST } : undefined));
    renderRoute('/searches/abc123');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('lost when the service restarted');
    expect(screen.getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/');
  });
});
