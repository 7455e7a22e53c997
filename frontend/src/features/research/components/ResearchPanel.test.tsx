import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectTexts } from '@/test/expect';
import { makeDocument, makeProvenance } from '@/test/factories';
import { ResearchPanel } from './ResearchPanel';

describe('ResearchPanel', () => {
  it('links each download to the export endpoint of this search', () => {
    render(<ResearchPanel doc={makeDocument({ id: 'abc123' })} />);
    for (const format of ['ris', 'bibtex', 'csv', 'json']) {
      const link = screen.getByTestId(`export-${format}`);
      expect(link).toHaveAttribute('href', `/api/searches/abc123/export?format=${format}`);
      expect(link).toHaveAttribute('download');
    }
  });

  it('offers no download while the search runs', () => {
    render(<ResearchPanel doc={makeDocument({ status: 'running' })} />);
    expect(screen.queryByTestId('export-ris')).not.toBeInTheDocument();
    expect(screen.getByText('Downloads appear when the search has finished.')).toBeInTheDocument();
  });

  it('shows where the result comes from: corpus version, query, filters, models and code version', async () => {
    const provenance = makeProvenance({ filters: { from_year: 1995, to_year: null, publication_types: ['Randomized Controlled Trial'] } });
    render(<ResearchPanel doc={makeDocument({ provenance })} />);
    await userEvent.click(screen.getByText('Where this result comes from'));
    const list = screen.getByTestId('provenance');
    expectTexts(list, ['Local PubMed corpus', '3474fccbb2d3 — 12,966 records from cohen2006, pubmedqa-pqal, loaded 2026-11-30',
      'years 1995–…; Randomized Controlled Trial', 'stance offline stance classifier b3c21bbec7b5', 'sentence scorer 17db75e1bb83',
      'Code version5dadc4353685']);
    expect(list).not.toHaveTextContent('PubMed queried on');
  });

  it('gives the PubMed query date for a live PubMed result', () => {
    const provenance = makeProvenance({ source: 'pubmed', corpus: null, pubmed_query_date: '2026-11-30' });
    render(<ResearchPanel doc={makeDocument({ provenance })} />);
    expect(screen.getByTestId('provenance')).toHaveTextContent('PubMed queried on2026-11-30');
    expect(screen.getByTestId('provenance')).not.toHaveTextContent('Corpus version');
  });
});
