import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeDocument } from '@/test/factories';
import type { Answer } from '@/types/api';
import { AnswerView } from './AnswerView';

const GLOSSARY = [
  { term: 'placebo', definition: 'A dummy treatment with no active medicine.', source: 'curated' as const },
  { term: 'RCT', definition: 'A fair test with groups chosen by chance.', source: 'curated' as const },
];

function answer(overrides: Partial<Answer> = {}): Answer {
  return { ...makeDocument().answer!, ...overrides };
}

describe('AnswerView glossary', () => {
  it("marks glossary terms in the answer's section text and keeps the [n] links working", async () => {
    const onCite = vi.fn();
    const user = userEvent.setup();
    render(
      <AnswerView
        answer={answer({
          text: 'Yes: it beat placebo [1].',
          sections: [{ heading: 'Headache relief', text: 'One RCT found relief over placebo [2], [3].', refs: [2, 3] }],
          glossary: GLOSSARY,
        })}
        onCite={onCite}
        known={new Set([1, 2, 3])}
      />,
    );
    const section = screen.getByRole('heading', { name: 'Headache relief' }).parentElement!;
    const terms = within(section).getAllByTestId('glossary-term');
    expect(terms.map((t) => t.textContent)).toEqual(['RCT', 'placebo']);
    expect(section.querySelector('p')).toHaveTextContent('One RCT found relief over placebo [2], [3].');
    // The citations are still links, outside any term.
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Study 2', 'Study 3']);
    expect(links.every((l) => !l.closest('.glossary'))).toBe(true);
    await user.click(links[1]);
    expect(onCite).toHaveBeenCalledWith(3, links[1]);
    // A term is explained on tap, the same accessible pattern as the bottom line.
    await user.click(terms[0]);
    expect(screen.getByRole('tooltip')).toHaveTextContent('A fair test with groups chosen by chance.');
    expect(terms[0]).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    // The lead sentence is marked too, its link intact.
    const lead = screen.getByText(/it beat/).closest('p')!;
    expect(within(lead).getByTestId('glossary-term')).toHaveTextContent('placebo');
    expect(within(lead).getByRole('link', { name: 'Study 1' })).toBeInTheDocument();
  });

  it('leaves the text as it was without a glossary', () => {
    render(<AnswerView answer={answer({ glossary: [] })} onCite={() => {}} known={new Set([1, 2, 3, 4, 5])} />);
    expect(screen.queryByTestId('glossary-term')).not.toBeInTheDocument();
    expect(screen.getByText(/Sumatriptan relieved headache within two hours/)).toBeInTheDocument();
  });
});
