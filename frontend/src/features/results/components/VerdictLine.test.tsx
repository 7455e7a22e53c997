import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_MEDICAL_ADVICE } from '@/components/ui/Disclaimer';
import { makeVerdict } from '@/test/factories';
import { VerdictLine } from './VerdictLine';

describe('VerdictLine', () => {
  it('says the verdict, its certainty, how many studies counted and why, then the not-medical-advice line', () => {
    render(<VerdictLine verdict={makeVerdict()} />);
    const verdict = screen.getByTestId('verdict');
    expect(screen.getByTestId('verdict-label')).toHaveTextContent(/^Yes$/);
    expect(verdict).toHaveTextContent('Moderate certainty · 14 studies counted');
    expect(verdict).toHaveTextContent('12 of the 14 studies that address the question find that sumatriptan relieves migraine.');
    // The disclaimer is the element right after the verdict line (and its caution, when present).
    expect(screen.getByTestId('disclaimer')).toHaveTextContent(NOT_MEDICAL_ADVICE);
    expect(screen.getByText(/Moderate certainty/).closest('p')!.nextElementSibling).toBe(screen.getByTestId('disclaimer'));
    expect(screen.queryByTestId('verdict-caution')).not.toBeInTheDocument();
  });

  it.each([
    ['no', 'No'],
    ['mixed', 'Mixed'],
    ['insufficient', 'Not settled by these studies'],
  ] as const)('names the %s verdict in plain words', (label, words) => {
    render(<VerdictLine verdict={makeVerdict({ label, confidence: 'low', studies_counted: 1 })} />);
    expect(screen.getByTestId('verdict-label')).toHaveTextContent(words);
    expect(screen.getByTestId('verdict')).toHaveTextContent('Low certainty · 1 study counted');
  });

  it("shows the verdict's caution between the verdict and the disclaimer", () => {
    render(<VerdictLine verdict={makeVerdict({ caution: 'Ask your doctor or pharmacist before combining these medicines.' })} />);
    const caution = screen.getByTestId('verdict-caution');
    expect(caution).toHaveTextContent('Ask your doctor or pharmacist');
    expect(caution.nextElementSibling).toBe(screen.getByTestId('disclaimer'));
  });
});
