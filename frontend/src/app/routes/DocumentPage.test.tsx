import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoute } from '@/test/render';

const doc = {
  pmid: '10000001',
  title: 'Sumatriptan in acute migraine',
  abstract: 'An abstract.',
  year: 1991,
  journal: 'N Engl J Med',
  authors: ['A Author', 'B Author'],
  doi: '10.1000/xyz',
  pmcid: '',
  mesh: ['Migraine Disorders', 'Sumatriptan'],
  publication_types: ['Randomized Controlled Trial'],
  metrics: { citation_count: null, relative_citation_ratio: 2.345 },
  full_text_url: null,
};

describe('document page', () => {
  it('shows metadata, MeSH, types, metrics (unavailable when unknown) and says there is no open-access copy', async () => {
    mockFetch((url) => (url === '/api/documents/10000001/' ? { status: 200, body: doc } : undefined));
    renderRoute('/documents/10000001');
    expect(await screen.findByRole('heading', { name: 'Sumatriptan in acute migraine' })).toBeInTheDocument();
    expect(screen.getByText('Migraine Disorders')).toBeInTheDocument();
    expect(screen.getByText('Randomized Controlled Trial')).toBeInTheDocument();
    const metrics = screen.getByTestId('metrics');
    expect(metrics).toHaveTextContent('Citationsunavailable');
    expect(metrics).toHaveTextContent('Relative citation ratio2.35');
    expect(screen.getByTestId('no-pdf')).toHaveTextContent('no open-access copy in PubMed Central');
    expect(screen.getByText('Log in to keep notes on this study.')).toBeInTheDocument();
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
    expect(await screen.findByTestId('error-state')).toHaveTextContent('No study with PMID 999 is known.');
  });
});
