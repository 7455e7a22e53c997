import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoute, TEST_LIMITS } from '@/test/render';

afterEach(() => window.localStorage.clear());

describe('ask page', () => {
  it('sends the reading mode remembered in this browser with the question', async () => {
    window.localStorage.setItem('medseba.readingMode', 'clinician');
    const fetch = mockFetch((url, init) =>
      url === '/api/searches/' && init.method === 'POST' ? { status: 202, body: { id: 'new2', url: '/api/searches/new2/' } } : undefined,
    );
    renderRoute('/');
    await userEvent.type(screen.getByLabelText('Your health question'), 'Is aspirin good?{Enter}');
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/searches/' && i?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([u, i]) => u === '/api/searches/' && i?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toMatchObject({ question: 'Is aspirin good?', mode: 'clinician' });
  });

  it("sends the signed-in reader's remembered mode (the account's, not this browser's)", async () => {
    window.localStorage.setItem('medseba.readingMode', 'lay');
    const fetch = mockFetch((url, init) => {
      if (url === '/api/accounts/preferences/') return { status: 200, body: { reading_mode: 'clinician' } };
      if (url === '/api/searches/' && init.method === 'POST') return { status: 202, body: { id: 'new3', url: '/api/searches/new3/' } };
      return undefined;
    });
    renderRoute('/');
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === '/api/accounts/preferences/')).toBe(true));
    await Promise.all(fetch.mock.results.map((r) => r.value)); // the account's preferences have arrived
    await userEvent.type(screen.getByLabelText('Your health question'), 'Is aspirin good?{Enter}');
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/searches/' && i?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([u, i]) => u === '/api/searches/' && i?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toMatchObject({ mode: 'clinician' });
  });

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

    expect(await screen.findByTestId('progress')).toHaveTextContent('Waiting for a worker…');
    expect(router.state.location.pathname).toBe('/searches/new1');
    // Focus moves to the result's heading, not left on <body>.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    const post = fetch.mock.calls.find(([u, i]) => u === '/api/searches/' && i?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      question: 'Does sumatriptan relieve migraine?',
      filters: { from_year: 2000, to_year: null, publication_types: ['Meta-Analysis'] },
      anonymous: true,
      mode: 'lay', // nothing remembered yet: the default reading mode
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

  it('says "600/500 — please shorten" inline for a pasted long question and sends nothing (no silent cut)', async () => {
    const fetch = mockFetch(() => undefined);
    renderRoute('/');
    const user = userEvent.setup();
    const box = screen.getByLabelText('Your health question');
    await screen.findByText(`0/${TEST_LIMITS.question_max_chars} characters.`);
    box.focus();
    await user.paste('word '.repeat(120)); // 600 characters, 599 once the end is trimmed
    expect(box).toHaveValue('word '.repeat(120));
    const error = await screen.findByText(`599/${TEST_LIMITS.question_max_chars} — please shorten your question.`);
    expect(error).toHaveAttribute('role', 'alert');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(fetch.mock.calls.filter(([u]) => u === '/api/searches/')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'Short now?');
    expect(screen.queryByText(/please shorten/)).not.toBeInTheDocument();
  });

  it('reads the limit from the API, not from a copy of it', async () => {
    mockFetch((url) => (url === '/api/searches/limits/' ? { status: 200, body: { ...TEST_LIMITS, question_max_chars: 20 } } : undefined));
    renderRoute('/');
    const user = userEvent.setup();
    await screen.findByText('0/20 characters.');
    await user.type(screen.getByLabelText('Your health question'), 'Does   aspirin prevent strokes?');
    expect(await screen.findByText('29/20 — please shorten your question.')).toBeInTheDocument();
  });

  it('still asks when the limits cannot be loaded (the server checks the same rules)', async () => {
    mockFetch((url, init) => {
      if (url === '/api/searches/limits/') return { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };
      if (url === '/api/searches/' && init.method === 'POST') return { status: 400, body: { error: { code: 'invalid', message: 'Invalid input.', fields: { question: ['The question is 600 characters long; the limit is 500.'] } } } };
      return undefined;
    });
    renderRoute('/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your health question'), 'A question{Enter}');
    expect(await screen.findByText('The question is 600 characters long; the limit is 500.')).toBeInTheDocument();
  });

  it('titles the home page', () => {
    mockFetch(() => undefined);
    renderRoute('/');
    expect(document.title).toBe('MedSEBA — evidence for health questions');
  });
});
