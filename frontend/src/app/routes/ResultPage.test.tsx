import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectTexts } from '@/test/expect';
import { makeCharts, makeDocument, makeGuardedDocument, makePaper, makeScope, makeVerdict } from '@/test/factories';
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
    let finished = false; // the search ends once the page has shown its progress
    mockFetch((url) => {
      if (url.split('?')[0] !== '/api/searches/abc123/') return undefined; // later reads long-poll with ?version=
      calls += 1;
      return { status: 200, body: finished ? done : running };
    });
    renderRoute('/searches/abc123');
    await screen.findByRole('progressbar');
    finished = true;
    expect(await screen.findByTestId('answer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it("marks the answer's glossary terms in the answer sections and on the study cards", async () => {
    const doc = makeDocument();
    doc.answer!.sections = [{ heading: 'Headache relief', text: 'Two fair tests found relief [1], [2].', refs: [1, 2] }];
    doc.papers = [makePaper(1, { summary: 'Several fair tests in adults.' }), makePaper(2)];
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const answer = await screen.findByTestId('answer');
    const section = within(answer).getByRole('heading', { name: 'Headache relief' }).parentElement!;
    expect(within(section).getByTestId('glossary-term')).toHaveTextContent('fair tests');
    expect(within(section).getAllByRole('link').map((l) => l.getAttribute('aria-label'))).toEqual(['Study 1', 'Study 2']);
    const [first] = screen.getAllByTestId('study-card');
    expect(within(first).getByTestId('glossary-term')).toHaveTextContent('fair tests');
  });

  it('links every [n] to study n and highlights it when clicked', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument() } : undefined));
    const { router } = renderRoute('/searches/abc123');
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
    expect(router.state.location.hash).toBe('#study-3');

    // "Back to the answer" returns to the very [3] that was followed (a history step, so Back does the same).
    await userEvent.click(within(card).getByRole('link', { name: /Back to the answer/ }));
    await waitFor(() => expect(links[0]).toHaveFocus());
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/searches/abc123');
    expect(card).not.toHaveClass('card--highlighted');
  });

  it('the browser Back after a citation jump stays on the page and returns focus to the citation', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument() } : undefined));
    const { router } = renderRoute('/searches/abc123');
    const answer = await screen.findByTestId('answer');
    const link = within(answer).getAllByRole('link', { name: 'Study 5' })[0];
    await userEvent.click(link);
    await waitFor(() => expect(document.getElementById('study-5')).toHaveFocus());
    await router.navigate(-1);
    await waitFor(() => expect(link).toHaveFocus());
    expect(router.state.location.pathname).toBe('/searches/abc123');
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
    expect(within(first).getByRole('img', { name: /Classifier confidence in supports: 70%/ })).toBeInTheDocument();
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
    expect(screen.queryByTestId('weighting-explained')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Weighted by confidence' }));
    expect(screen.getByRole('button', { name: 'Weighted by confidence' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('distribution-summary')).toHaveTextContent('(weighted by confidence)');
    expect(screen.getByTestId('weighting-explained')).toHaveTextContent('a study judged 80% supports adds 0.8 to Supports');
  });

  it('says what is missing in one plain line below the answer, with the details collapsed', async () => {
    const doc = makeDocument({
      failures: [
        { stage: 'enrich', source: 'icite', error: 'iCite metrics unavailable: unreachable (ConnectError)', at: '2026-12-01T10:41:07+00:00' },
        { stage: 'enrich', source: 'pmc', error: 'PMC metrics unavailable: unreachable (ConnectError)', at: '' },
      ],
    });
    doc.papers[0].stance = null;
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const box = await screen.findByTestId('failures');
    expect(box.tagName).toBe('DETAILS');
    expect(box).not.toHaveAttribute('open');
    expect(box.querySelector('summary')).toHaveTextContent('Offline mode: searched the local library; citation counts and full text unavailable.');
    expect(box).toHaveTextContent('Citation counts (NIH iCite): iCite metrics unavailable: unreachable (ConnectError)');
    // Each failure says when it happened, as a real time (none for one stored before failures carried a time).
    const times = box.querySelectorAll('time');
    expect(times).toHaveLength(1);
    expect(times[0]).toHaveAttribute('datetime', '2026-12-01T10:41:07+00:00');
    expect(times[0].textContent).toMatch(/2026/);
    // Below the answer, never before the verdict.
    const answer = screen.getByTestId('answer');
    expect(answer.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // PMC was not reached: the cards say so instead of "no open-access copy".
    expect(within(document.getElementById('study-2')!).getByTestId('full-text')).toHaveTextContent('PubMed Central could not be reached');
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

  it('leads with the verdict and the not-medical-advice line, then the answer, studies and charts', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument() } : undefined));
    renderRoute('/searches/abc123');
    const verdict = await screen.findByTestId('verdict');
    const order = ['verdict', 'disclaimer', 'answer', 'study-card', 'chart-stance-distribution'].map((id) => screen.getAllByTestId(id)[0]);
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING, `${i}`).toBeTruthy();
    }
    expect(verdict).toHaveTextContent('Yes');
    expect(document.title).toBe('Does sumatriptan relieve migraine? — MedSEBA');
  });

  it('shows how the question was read and the filters it ran with', async () => {
    const doc = makeDocument({ filters: { from_year: 2000, to_year: 2010, publication_types: ['Randomized Controlled Trial'] } });
    doc.query!.frame = { kind: 'comparison', intervention: 'sumatriptan', comparator: 'placebo', outcome: 'pain relief', population: 'adults', claim: 'better' };
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const frame = await screen.findByTestId('frame');
    expectTexts(frame, ['How we read your question:', 'KindWhich is better', 'Treatment or exposuresumatriptan',
      'Compared withplacebo', 'Outcomepain relief', 'Inadults']);
    const chips = within(screen.getByTestId('filter-chips')).getAllByRole('listitem').map((li) => li.textContent);
    expect(chips).toEqual(['Published 2000–2010', 'Randomized Controlled Trial']);
  });

  it('names a comparison by its claim: "does X work as well as Y?" is not "which is better"', async () => {
    const doc = makeDocument();
    doc.query!.frame = { kind: 'comparison', intervention: 'celecoxib', comparator: 'naproxen', outcome: null, population: null, claim: 'as_good' };
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const frame = await screen.findByTestId('frame');
    expectTexts(frame, ['KindIs it as good', 'Treatment or exposurecelecoxib', 'Compared withnaproxen']);
    expect(frame).not.toHaveTextContent('Which is better');
  });

  it('names what an added treatment is added to', async () => {
    const doc = makeDocument();
    doc.query!.frame = { kind: 'effect', intervention: 'losartan', comparator: null, outcome: 'proteinuria', population: null, claim: null, background: 'ACE inhibitor' };
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const frame = await screen.findByTestId('frame');
    expectTexts(frame, ['Treatment or exposurelosartan', 'Outcomeproteinuria', 'Added toACE inhibitor']);
  });

  it('shows no "added to" for a frame without one', async () => {
    const doc = makeDocument();
    doc.query!.frame = { kind: 'effect', intervention: 'losartan', comparator: null, outcome: 'proteinuria', population: null, claim: null };
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const frame = await screen.findByTestId('frame');
    expect(frame).not.toHaveTextContent('Added to');
  });

  it('shows no filter chips when the search had no filters', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument() } : undefined));
    renderRoute('/searches/abc123');
    await screen.findByTestId('verdict');
    expect(screen.queryByTestId('filter-chips')).not.toBeInTheDocument();
  });

  it('groups the studies that do not address the question after the others, still visible and marked', async () => {
    const papers = Array.from({ length: 6 }, (_, i) =>
      makePaper(i + 1, { addresses: { label: i % 3 === 1 ? 'no' : 'yes', reason: i % 3 === 1 ? 'About cluster headache.' : 'On topic.' } }),
    );
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeDocument({ papers }) } : undefined));
    renderRoute('/searches/abc123');
    const off = await screen.findByTestId('off-question');
    expect(within(off).getByRole('heading', { name: 'Studies that do not address your question (2)' })).toBeInTheDocument();
    expect(within(off).getAllByTestId('study-card').map((c) => c.id)).toEqual(['study-2', 'study-5']);
    expect(within(off).getAllByTestId('addresses')[0]).toHaveTextContent('Does not address it About cluster headache.');
    const all = screen.getAllByTestId('study-card').map((c) => c.id);
    expect(all).toEqual(['study-1', 'study-3', 'study-4', 'study-6', 'study-2', 'study-5']);
    expect(screen.getByTestId('stance-explained')).toHaveTextContent('how confident the classifier is');
  });

  it('puts a borderline caution above the verdict', async () => {
    const doc = makeDocument({ scope: makeScope('borderline'), answer: { ...makeDocument().answer!, verdict: makeVerdict({ caution: 'Ask your pharmacist.' }) } });
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    const caution = await screen.findByTestId('scope-caution');
    expect(caution.compareDocumentPosition(screen.getByTestId('verdict')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('verdict-caution')).toHaveTextContent('Ask your pharmacist.');
  });

  it('an emergency shows the emergency panel first and alone: no progress, no studies, no answer', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeGuardedDocument('emergency', { question: 'I have chest pain right now' }) } : undefined));
    renderRoute('/searches/abc123');
    const panel = await screen.findByTestId('emergency');
    expect(within(panel).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    const main = document.getElementById('main')!;
    expect(main.querySelector('[data-testid="emergency"]')).toBe(main.querySelector('section'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('study-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Studies/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('answer')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent('This may be an emergency.');
  });

  it('a personal question offers the research question as a new search with the same privacy', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/searches/abc123/') return { status: 200, body: makeGuardedDocument('personal', { anonymous: true }) };
      if (url === '/api/searches/' && init.method === 'POST') return { status: 202, body: { id: 'next1' } };
      if (url === '/api/searches/next1/') return { status: 200, body: makeDocument({ id: 'next1', question: 'Is ibuprofen safe for young children?' }) };
      return undefined;
    });
    const { router } = renderRoute('/searches/abc123');
    await userEvent.click(await screen.findByRole('button', { name: /Search the research: Is ibuprofen safe/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/searches/next1'));
    const post = fetch.mock.calls.find(([u, i]) => u === '/api/searches/' && i?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      question: 'Is ibuprofen safe for young children?',
      filters: { from_year: null, to_year: null, publication_types: [] },
      anonymous: true,
      mode: 'lay', // the reading mode the reader is in (the LLM writes in it)
    });
    // The new result's heading takes the focus (not <body>).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Is ibuprofen safe for young children?'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('an off-topic question shows what the library covers and no study list', async () => {
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: makeGuardedDocument('off_topic', { question: 'Who won the 1998 World Cup?' }) } : undefined));
    renderRoute('/searches/abc123');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('This is not a health question');
    expect(screen.getByTestId('scope-examples')).toBeInTheDocument();
    expect(screen.queryByTestId('study-card')).not.toBeInTheDocument();
  });

  it('announces progress and "Results ready" in a live region', async () => {
    const running = makeDocument({ status: 'running', stage: 'rerank', progress: 50, answer: null });
    let finished = false; // the search ends once the page has announced its progress
    mockFetch((url) => {
      if (url.split('?')[0] !== '/api/searches/abc123/') return undefined; // later reads long-poll with ?version=
      return { status: 200, body: finished ? makeDocument() : running };
    });
    renderRoute('/searches/abc123');
    const live = screen.getByTestId('live-status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(live).toHaveTextContent('Gathering citations and venues…'));
    finished = true;
    await waitFor(() => expect(live).toHaveTextContent('Results ready.'), { timeout: 5000 });
  });

  it('says a private search is private, apart from a deleted one, with a way to ask', async () => {
    mockFetch((url) =>
      url === '/api/searches/theirs/' ? { status: 404, body: { error: { code: 'private', message: 'This search is private to its owner.' } } } : undefined,
    );
    renderRoute('/searches/theirs');
    const state = await screen.findByTestId('error-state');
    expect(state).toHaveTextContent('This search is private to its owner.');
    expect(within(state).getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/');
  });

  it('says a missing search may have been deleted', async () => {
    mockFetch((url) => (url === '/api/searches/gone1/' ? { status: 404, body: { error: { code: 'not_found', message: 'No search with this id.' } } } : undefined));
    renderRoute('/searches/gone1');
    expect(await screen.findByTestId('error-state')).toHaveTextContent('It may have been deleted.');
  });

  it('the stance charts count the studies the verdict counts, with a switch to all studies', async () => {
    const counted = { labels: { supports: 10, refutes: 2, neutral: 2 }, strengths: { supports: 9, refutes: 3, neutral: 2 }, evidence: { supports: 6, refutes: 2, neutral: 1 }, unjudged: 0 };
    const all = { labels: { supports: 12, refutes: 4, neutral: 4 }, strengths: { supports: 11, refutes: 5, neutral: 4 }, evidence: { supports: 6, refutes: 2, neutral: 1 }, unjudged: 0 };
    const doc = makeDocument({
      charts: makeCharts({ stance_distribution: counted, counted: 14, all_papers: { stance_distribution: all, stance_by_year: [] } }),
    });
    mockFetch((url) => (url === '/api/searches/abc123/' ? { status: 200, body: doc } : undefined));
    renderRoute('/searches/abc123');
    expect(await screen.findByTestId('distribution-summary')).toHaveTextContent('Supports: 10 · Refutes: 2 · Neutral: 2 (studies)');
    expect(screen.getByTestId('chart-scope')).toHaveTextContent('count the 14 studies that address your question');
    await userEvent.click(screen.getByRole('button', { name: 'All studies (20)' }));
    expect(screen.getByTestId('distribution-summary')).toHaveTextContent('Supports: 12 · Refutes: 4 · Neutral: 4 (studies)');
    expect(screen.getByRole('button', { name: 'Counted by the verdict (14)' })).toHaveAttribute('aria-pressed', 'false');
  });
});
