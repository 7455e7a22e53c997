import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeConsensus } from '@/test/factories';
import { ConsensusChart } from './ConsensusChart';

const base = { added: 1, unclear: 0, leader: 'supports' as const, weighted_leader: 'supports' as const };
const consensus = makeConsensus({
  points: [
    { ...base, year: 1990, n: 1, supports: 1, refutes: 0, share_supports: 1, share_refutes: 0, weight: 0.6, weighted_supports: 0.6,
      weighted_refutes: 0, share_weighted_supports: 1, share_weighted_refutes: 0 },
    { ...base, year: 1994, n: 3, supports: 1, refutes: 2, share_supports: 0.3333, share_refutes: 0.6667, leader: 'refutes', weight: 1.2,
      weighted_supports: 0.6, weighted_refutes: 0.6, share_weighted_supports: 0.5, share_weighted_refutes: 0.5, weighted_leader: 'tied', added: 2 },
  ],
  lead_changes: [{ year: 1994, from: 'supports', to: 'refutes' }],
  most_recent: { pmid: '1', rank: 2, year: 1994, side: 'refutes' },
  studies: 3,
});

describe('ConsensusChart', () => {
  it('says the series in words: the end point, the lead change and the newest study', () => {
    render(<ConsensusChart consensus={consensus} pending={false} />);
    expect(screen.getByTestId('consensus-summary')).toHaveTextContent(
      'By 1994, 1 support (33.3%), 2 refute (66.7%), 0 unclear. The leading side changed in 1994 (to refuting). Most recent study: 1994 (study 2, refuting).',
    );
  });

  it('switches to the evidence-weighted series', async () => {
    render(<ConsensusChart consensus={consensus} pending={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Weighted by evidence' }));
    expect(screen.getByRole('button', { name: 'Weighted by evidence' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('consensus-summary')).toHaveTextContent('weighted by evidence 50% support, 50% refute. The leading side never changed.');
  });

  it('waits while the search runs and explains an empty series', () => {
    const { rerender } = render(<ConsensusChart consensus={null} pending />);
    expect(screen.getByText('The consensus over time is drawn when the search has finished…')).toBeInTheDocument();
    rerender(<ConsensusChart consensus={makeConsensus()} pending={false} />);
    expect(screen.getByText('No study that addresses the question has both a stance and a publication year.')).toBeInTheDocument();
  });
});
