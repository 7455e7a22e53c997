import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDocument } from '@/test/factories';
import type { Answer } from '@/types/api';
import { BottomLineBox } from './BottomLineBox';

describe('BottomLineBox', () => {
  it('says the verdict in the lay words, how sure, the best evidence and what is unclear, with glossary terms', () => {
    const answer = makeDocument().answer!;
    render(<BottomLineBox answer={answer} mode="lay" />);
    expect(screen.getByTestId('mode-headline')).toHaveTextContent('Probably yes. Most studies found a benefit from sumatriptan.');
    expect(screen.getByTestId('mode-certainty')).toHaveTextContent('Fairly sure. We found 14 studies');
    expect(screen.getByTestId('bottom-line-strongest')).toHaveTextContent('Best evidence: Randomised controlled trial (12)');
    expect(screen.getByTestId('bottom-line-uncertain')).toHaveTextContent('Still unclear:most studies are from before 2005');
    expect(screen.getAllByTestId('glossary-term')[0]).toHaveTextContent('fair tests');
  });

  it("shows the clinician's words when that mode is sent, and nothing when the mode's words are missing", () => {
    const base = makeDocument().answer!;
    const answer: Answer = {
      ...base,
      modes: {
        clinician: {
          headline: 'The studies that address this mostly point to yes (certainty: moderate).',
          explanation: 'Question read as effect (Intervention: sumatriptan). 14 of 20 studies found address it.',
          certainty: 'Confidence: moderate.',
          bottom_line: 'Yes.',
        },
      },
    };
    const { rerender } = render(<BottomLineBox answer={answer} mode="clinician" />);
    expect(screen.getByTestId('bottom-line')).toHaveAttribute('data-mode', 'clinician');
    expect(screen.getByTestId('mode-explanation')).toHaveTextContent('Intervention: sumatriptan');
    expect(screen.getByTestId('bottom-line-strongest')).toHaveTextContent('Strongest designs:');
    expect(screen.getByTestId('bottom-line-uncertain')).toHaveTextContent('Uncertain:');
    rerender(<BottomLineBox answer={answer} mode="lay" />);
    expect(screen.queryByTestId('bottom-line')).not.toBeInTheDocument();
  });
});
