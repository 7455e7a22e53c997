import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoute } from '@/test/render';

describe('ask page', () => {
  it('submits on Enter with filters and the anonymous switch, then opens the result', async () => {
    document.cookie = 'csrftoken=tok123';
    const fetch = mockFetch((url, init) => {
      if (url === '/api/searches/' && init.method === 'POST') return { status: 202, body: { id: 'new1', url: '/api/searches/new1/' } };
      if (url === '/api/searches/new1/') return { status: 200, body: { id: 'new1', question: 'q', status: 'queued', stage: '', progress: 0, papers: [], answer: null, charts: null, failures: [], query: null, filters: { from_year: null, to_year: null, publication_types: [] }, source: '' } };
      return undefined;
    });
    const { router } = renderRoute('/');
    const user = userEvent.setup();
    await user.click(screen.getByText('Filters'));
    await user.type(screen.getByLabelText('From'), '2000');
    await user.click(screen.getByLabelText('Meta-Analysis'));
    await user.click(screen.getByRole('switch', { name: /Anonymous search/ }));
    await user.click(screen.getByRole('button', { name: 'Does sumatriptan relieve migraine?' }));
    await user.type(screen.getByLabelText('Your health question'), '{Enter}');

    await screen.findByText('Waiting for a worker…');
    expect(router.state.location.pathname).toBe('/searches/new1');
    const post = fetch.mock.calls.find(([u, i]) => u === '/api/searches/' && i?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      question: 'Does sumatriptan relieve migraine?',
      filters: { from_year: 2000, to_year: null, publication_types: ['Meta-Analysis'] },
      anonymous: true,
    });
    expect((post[1]!.headers as Record<string, string>)['X-CSRFToken']).toBe('tok123');
  });

  it('shows the API field errors next to the fields', async () => {
    mockFetch((url) =>
      url === '/api/searches/'
        ? { status: 400, body: { error: { code: 'invalid', message: 'Invalid input.', fields: { question: ['The question contains control characters; please type plain text.'], from_year: ['from_year (2020) is after to_year (2010).'] } } } }
        : undefined,
    );
    renderRoute('/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your health question'), 'Is aspirin good?{Enter}');
    expect(await screen.findByText('The question contains control characters; please type plain text.')).toBeInTheDocument();
    expect(screen.getByText('from_year (2020) is after to_year (2010).')).toBeInTheDocument();
    expect(screen.getByLabelText('Your health question')).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not send an empty question', async () => {
    const fetch = mockFetch(() => undefined);
    renderRoute('/');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Please type a question; it is empty.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u]) => u === '/api/searches/')).toHaveLength(0);
  });

  it('keeps Shift+Enter for a new line', async () => {
    const fetch = mockFetch(() => undefined);
    renderRoute('/');
    const box = screen.getByLabelText('Your health question');
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(fetch.mock.calls.filter(([u]) => u === '/api/searches/')).toHaveLength(0);
  });
});
