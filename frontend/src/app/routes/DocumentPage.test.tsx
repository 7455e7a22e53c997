import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoute } from '@/test/render';
import type { DocumentDetail } from '@/types/api';

const doc: DocumentDetail = {
  pmid: '10000001',
  title: 'Sumatriptan in acute migraine',
  abstract: 'An abstract.',
  year: 1991,
  journal: 'N Engl J Med',
  authors: ['A Author', 'B Author'],
  doi: '10.1000/xyz',
  pmcid: '',
  retracted: false,
  mesh: ['Migraine Disorders', 'Sumatriptan'],
  publication_types: ['Randomized Controlled Trial'],
  metrics: { citation_count: null, relative_citation_ratio: 2.345, influential_citation_count: null, venue: null, tldr: null, is_clinical: true },
  metric_sources: {},
  full_text_url: null,
  open_access: false,
  pdf_available: false,
};

describe('document page', () => {
  it('shows metadata, MeSH, types, metrics (unavailable when unknown) and says there is no open-access copy', async () => {
    mockFetch((url) => (url === '/api/documents/10000001/' ? { status: 200, body: doc } : undefined));
    renderRoute('/documents/10000001');
    expect(await screen.findByRole('heading', { name: 'Sumatriptan in acute migraine' })).toBeInTheDocument();
    expect(screen.getByText('Migraine Disorders')).toBeInTheDocument();
    expect(screen.getByText('N Engl J Med · 1991')).toBeInTheDocument();
    expect(screen.getByText('Randomized Controlled Trial')).toBeInTheDocument();
    const metrics = screen.getByTestId('metrics');
    expect(metrics).toHaveTextContent('Citationsunavailable');
    expect(metrics).toHaveTextContent('Clinical articleyes'); // iCite's is_clinical reaches the page (issue 14)
    expect(metrics).toHaveTextContent('Relative citation ratio2.35');
    expect(screen.getByTestId('no-pdf')).toHaveTextContent('no open-access copy in PubMed Central');
    expect(screen.getByTestId('notes-login')).toHaveTextContent('Log in to keep notes on this study.');
    expect(within(screen.getByTestId('notes-login')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Sumatriptan in acute migraine — MedSEBA');
    // Opened directly (no result behind it): no "back to the results" link.
    expect(screen.queryByTestId('back-to-results')).not.toBeInTheDocument();
  });

  it('says when PubMed Central could not be reached instead of "no open-access copy"', async () => {
    mockFetch((url) => (url === '/api/documents/10000001/' ? { status: 200, body: { ...doc, journal: '', open_access: null } } : undefined));
    renderRoute('/documents/10000001');
    expect(await screen.findByTestId('no-pdf')).toHaveTextContent('PubMed Central could not be reached');
    expect(screen.queryByText(/unknown journal/i)).not.toBeInTheDocument();
    expect(screen.getByTestId('no-pdf')).not.toHaveTextContent('no open-access copy');
  });

  it('links back to the result it was opened from, and the log-in link returns here', async () => {
    mockFetch((url) => (url === '/api/documents/10000001/' ? { status: 200, body: { ...doc, open_access: false } } : undefined));
    const { router } = renderRoute('/');
    await router.navigate('/documents/10000001', { state: { from: '/searches/abc123#study-1' } });
    const back = await screen.findByTestId('back-to-results');
    expect(back).toHaveAttribute('href', '/searches/abc123#study-1');
    expect(screen.getByTestId('no-pdf')).toHaveTextContent('no open-access copy');
    await userEvent.click(within(screen.getByTestId('notes-login')).getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ next: '/documents/10000001' });
  });

  it('explains a PMC 404 and 503 from the PDF endpoint', async () => {
    mockFetch((url) => {
      if (url === '/api/documents/10000001/') return { status: 200, body: { ...doc, pmcid: 'PMC123' } };
      if (url === '/api/documents/10000001/pdf') return { status: 404, body: { error: { message: 'not open access' } } };
      return undefined;
    });
    renderRoute('/documents/10000001');
    expect(await screen.findByText(/No open-access PDF: not open access/)).toBeInTheDocument();
  });

  it('shows a clear error for an unknown PMID', async () => {
    mockFetch((url) => (url === '/api/documents/999/' ? { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } } : undefined));
    renderRoute('/documents/999');
    const state = await screen.findByTestId('error-state');
    expect(state).toHaveTextContent('No study with PMID 999 is known.');
    expect(within(state).getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/');
  });
});
