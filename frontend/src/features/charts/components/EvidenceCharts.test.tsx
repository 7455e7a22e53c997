import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCharts, makeDistribution, makeDocument, makePaper } from '@/test/factories';
import { EvidenceCharts } from './EvidenceCharts';

const rct = { label: 'rct' as const, name: 'Randomised controlled trial', source: 'text' as const, evidence: 'randomised' };
const cohort = { label: 'cohort' as const, name: 'Cohort study', source: 'text' as const, evidence: 'cohort' };
const whole = makeDistribution({ supports: 3, refutes: 1, neutral: 0 }, { supports: 2.4, refutes: 0.8, neutral: 0.8 }, 0, { supports: 1.6, refutes: 0.3, neutral: 0 });
const onlyRcts = makeDistribution({ supports: 2, refutes: 0, neutral: 0 }, { supports: 1.6, refutes: 0.2, neutral: 0.2 }, 0, { supports: 1.2, refutes: 0, neutral: 0 });
const doc = makeDocument({
  papers: [makePaper(1, { design: rct }), makePaper(2, { design: rct }), makePaper(3, { design: cohort }), makePaper(4, { design: cohort })],
  charts: makeCharts({ stance_distribution: whole, counted: 4, by_design: { rct: { ...makeCharts({ stance_distribution: onlyRcts, counted: 2 }) } } }),
});

describe('EvidenceCharts', () => {
  it('offers the evidence-weighted view of the stance distribution', async () => {
    render(<EvidenceCharts doc={doc} />);
    await userEvent.click(within(screen.getByTestId('chart-stance-distribution')).getByRole('button', { name: 'Weighted by evidence' }));
    expect(screen.getByTestId('distribution-summary')).toHaveTextContent('Supports: 1.6 · Refutes: 0.3 · Neutral: 0 (weighted by evidence).');
    expect(screen.getByTestId('evidence-weight-explained')).toBeInTheDocument();
  });

  it('narrows every chart to the design the evidence table filters to', () => {
    render(<EvidenceCharts doc={doc} design="rct" />);
    expect(screen.getByTestId('charts-narrowed')).toHaveTextContent('Randomised controlled trial (2 of 4 studies)');
    expect(screen.getByTestId('distribution-summary')).toHaveTextContent('Supports: 2 · Refutes: 0 · Neutral: 0 (studies).');
  });
});
