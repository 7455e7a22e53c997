import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeCharts, makeDesign as design, makeDocument, makeEvidenceWeights, makePaper } from '@/test/factories';
import { renderInRouter } from '@/test/render';
import { EvidenceTable } from './EvidenceTable';

const doc = makeDocument({
  papers: [
    makePaper(1, { year: 2001, design: design('cohort', 'Cohort study') }),
    makePaper(2, { year: 1995, design: design('rct', 'Randomised controlled trial'), sample_size: { n: 240, sentence: '240 patients were randomised.' } }),
    makePaper(3, { year: 1998, design: design('meta_analysis', 'Meta-analysis / systematic review'), citation_count: 31 }),
    makePaper(4, { year: 1999, design: design('rct', 'Randomised controlled trial') }),
  ],
  charts: makeCharts({
    evidence_weights: makeEvidenceWeights([[0.4, 0.5, 1, 0.8], [0.56, 0.8, 1, 0.7], [0.9, 1, 1, 0.9], [0.64, 0.8, 1, 0.8]]),
  }),
});

function Harness({ onDesign }: { onDesign?: (d: string | null) => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  return <EvidenceTable doc={doc} design={chosen} onDesign={(d) => { setChosen(d); onDesign?.(d); }} />;
}

const rankColumn = () => screen.getAllByTestId('evidence-row').map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('EvidenceTable', () => {
  it('shows every study with year, design, n, addresses, stance, weight, citations and venue', () => {
    renderInRouter(<Harness />);
    const row = screen.getAllByTestId('evidence-row')[1];
    expect(row).toHaveTextContent('1995');
    expect(row).toHaveTextContent('Randomised controlled trial');
    expect(row).toHaveTextContent('240');
    expect(row).toHaveTextContent('yes');
    expect(row).toHaveTextContent('0.56');
    expect(row).toHaveTextContent('unavailable'); // citations unknown, never 0
    expect(screen.getByRole('link', { name: /Study 2 title/ })).toHaveAttribute('href', '/documents/10000002');
  });

  it('sorts by a column from the keyboard and says the order through aria-sort', async () => {
    const user = userEvent.setup();
    renderInRouter(<Harness />);
    const designHeader = screen.getByTestId('sort-design');
    designHeader.focus();
    await user.keyboard('{Enter}');
    expect(designHeader.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(rankColumn()).toEqual(['3', '2', '4', '1']); // strongest design first
    await user.keyboard(' ');
    expect(designHeader.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(rankColumn()).toEqual(['1', '2', '4', '3']);
    expect(screen.getByTestId('sort-rank').closest('th')).toHaveAttribute('aria-sort', 'none');
  });

  it('filters to one design and hands the filter up, so the charts can narrow too', async () => {
    const user = userEvent.setup();
    const onDesign = vi.fn();
    renderInRouter(<Harness onDesign={onDesign} />);
    await user.selectOptions(screen.getByLabelText('Design'), 'rct');
    expect(onDesign).toHaveBeenLastCalledWith('rct');
    expect(rankColumn()).toEqual(['2', '4']);
    expect(screen.getByRole('table')).toHaveTextContent('2 of 4 studies, Randomised controlled trial only');
    await user.click(screen.getByRole('button', { name: 'Show all designs' }));
    expect(onDesign).toHaveBeenLastCalledWith(null);
    expect(rankColumn()).toHaveLength(4);
  });

  it('offers only the designs present, strongest first, with counts', () => {
    renderInRouter(<Harness />);
    const options = within(screen.getByLabelText('Design')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All designs (4)', 'Meta-analysis / systematic review (1)', 'Randomised controlled trial (2)', 'Cohort study (1)']);
  });
});
