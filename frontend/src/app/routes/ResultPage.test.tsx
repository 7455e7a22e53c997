import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDocument, makePaper } from '@/test/factories';
import { mockFetch, renderRoute } from '@/test/render';

describe('result page', () => {
  it('shows progress with the stage name and the papers as soon as they are ranked', async () => {
    const doc = makeDocument({
      status: 'running',
      stage: 'judge',
      progress: 60,
      answer: null,
      papers: Array.from({ length: 20 }, (_, i) => makePaper(i + 1, { stance: null, best_sentence: null, summary: null })),
    });
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');

    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByTestId('progress')).toHaveTextContent('Judging what each study says');
    expect(screen.getAllByTestId('study-card')).toHaveLength(20);
    expect(screen.getAllByText('Stance pending…')).toHaveLength(20);
    expect(screen.getByText('The answer is being written…')).toBeInTheDocument();
  });

  it('polls until done, then shows the answer and drops the progress bar', async () => {
    const running = makeDocument({ status: 'running', stage: 'rerank', progress: 50, answer: null });
    const done = makeDocument();
    let calls = 0;
    mockFetch((url) => {
      if (url !== '/api/searches/abc123/') return undefined;
      calls += 1;
      return { status: 200, body: calls === 1 ? running : done };
    });
    renderRoute('/searches/abc123');
    await screen.findByRole('progressbar');
    expect(await screen.findByTestId('answer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('links every [n] to study n and highlights it when clicked', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument() } : undefined));
    renderRoute('/searches/abc123');
    const answer = await screen.findByTestId('answer');
    expect(within(answer).getByText(/most studies find that sumatriptan relieves migraine/)).toHaveClass('answer__lead');
    expect(within(answer).getByRole('heading', { name: 'Headache relief' })).toBeInTheDocument();
    const links = within(answer).getAllByRole('link', { name: 'Study 3' });
    expect(links[0]).toHaveAttribute('href', '#study-3');
    expect(within(answer).getByRole('link', { name: 'Study 4' })).toBeInTheDocument(); // from the range [3-4]

    await userEvent.click(links[0]);
    const card = document.getElementById('study-3')!;
    await waitFor(() => expect(card).toHaveClass('card--highlighted'));
    expect(card).toHaveFocus();
    expect(document.getElementById('study-1')).not.toHaveClass('card--highlighted');
  });

  it('renders 20 cards with stance, unavailable citations and the best sentence highlighted in the abstract', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument() } : undefined));
    renderRoute('/searches/abc123');
    const cards = await screen.findAllByTestId('study-card');
    expect(cards).toHaveLength(20);
    const first = cards[0];
    expect(within(first).getByRole('link', { name: /Study 1 title/ })).toHaveAttribute('href', '/documents/10000001');
    expect(within(first).getByText('unavailable')).toBeInTheDocument();
    expect(within(first).getByTestId('stance-badge')).toHaveTextContent('Supports');
    expect(within(first).getByRole('img', { name: /Strength of supports: 70%/ })).toBeInTheDocument();
    const mark = first.querySelector('mark.best-sentence');
    expect(mark).toHaveTextContent('Sumatriptan relieved headache in study 1.');
  });

  it('shows the query with a PubMed link and the three charts, with the distribution toggle', async () => {
    const doc = makeDocument();
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const link = await screen.findByRole('link', { name: /Run this query on PubMed/ });
    expect(link).toHaveAttribute('href', `https://pubmed.ncbi.nlm.nih.gov/?term=${encodeURIComponent(doc.query!.boolean)}`);
    expect(screen.getByTestId('chart-stance-distribution')).toBeInTheDocument();
    expect(screen.getByTestId('chart-stance-by-year')).toBeInTheDocument();
    expect(screen.getByTestId('citations-unavailable')).toHaveTextContent('Citations unavailable');

    expect(screen.getByTestId('distribution-summary')).toHaveTextContent('Supports: 12 · Refutes: 4 · Neutral: 4 (studies)');
    await userEvent.click(screen.getByRole('button', { name: 'Summed strengths' }));
    expect(screen.getByRole('button', { name: 'Summed strengths' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('distribution-summary')).toHaveTextContent('(summed strengths)');
  });

  it('says in plain words what is missing and why', async () => {
    const doc = makeDocument({ failures: [{ stage: 'enrich', source: 'icite', error: 'iCite could not be reached (timeout after 10 s).' }] });
    doc.papers[0].stance = null;
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const box = await screen.findByTestId('failures');
    expect(box).toHaveTextContent('Citation counts (NIH iCite)');
    expect(box).toHaveTextContent('iCite could not be reached (timeout after 10 s).');
    // Finished without a stance for a study: unavailable, not "pending".
    expect(document.getElementById('study-1')).toHaveTextContent('Stance unavailable');
  });

  it('shows why a failed search stopped', async () => {
    const doc = makeDocument({ status: 'failed', stage: 'retrieve', error: 'No study matched this question.', papers: [], answer: null });
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    expect(await screen.findByTestId('search-failed')).toHaveTextContent('No study matched this question.');
  });

  it('says an expired anonymous result has expired', async () => {
    mockFetch((url) =>
      url === '/api/searches/gone/' ? { status: 410, body: { error: { code: 'expired', message: 'this anonymous result has expired' } } } : undefined,
    );
    renderRoute('/searches/gone');
    expect(await screen.findByTestId('error-state')).toHaveTextContent('This anonymous result has expired');
  });
});
