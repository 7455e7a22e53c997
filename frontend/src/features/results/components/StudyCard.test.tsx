import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePaper, makeStance } from '@/test/factories';
import { renderInRouter } from '@/test/render';
import { sameText, StudyCard, type StudyCardProps } from './StudyCard';

function renderCard(props: Partial<StudyCardProps> & Pick<StudyCardProps, 'paper'>) {
  return renderInRouter(<StudyCard highlighted={false} finished fullText="checked" {...props} />, '/searches/abc123');
}

describe('StudyCard', () => {
  it("marks the result's glossary terms in the summary and the answering sentence, explained on tap", async () => {
    const glossary = [{ term: 'placebo', definition: 'A dummy treatment with no active medicine.', source: 'curated' as const }];
    const user = userEvent.setup();
    renderCard({
      paper: makePaper(1, {
        summary: 'Triptan versus placebo in adults.',
        best_sentence: { index: 1, text: 'Pain relief was better than placebo at two hours.', score: 0.7 },
      }),
      glossary,
    });
    const card = screen.getByTestId('study-card');
    const summary = card.querySelector('.card__summary')!;
    const quote = card.querySelector('.card__best')!;
    expect(summary).toHaveTextContent('Triptan versus placebo in adults.');
    expect(quote).toHaveTextContent('Answering sentence: Pain relief was better than placebo at two hours.');
    const inSummary = within(summary as HTMLElement).getByTestId('glossary-term');
    expect(inSummary).toHaveTextContent('placebo');
    expect(within(quote as HTMLElement).getByTestId('glossary-term')).toHaveTextContent('placebo');
    await user.click(inSummary);
    expect(screen.getByRole('tooltip')).toHaveTextContent('A dummy treatment with no active medicine.');
    expect(inSummary).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
  });

  it('marks nothing on a card without a glossary', () => {
    renderCard({ paper: makePaper(1, { summary: 'Triptan versus placebo.' }) });
    expect(screen.queryByTestId('glossary-term')).not.toBeInTheDocument();
  });

  it('shows whether the study answers the question, with the reason', () => {
    renderCard({ paper: makePaper(1, { addresses: { label: 'partly', reason: 'Adults only; the question is about children.' } }) });
    const badge = screen.getByTestId('addresses');
    expect(badge).toHaveTextContent('Partly');
    expect(badge).toHaveTextContent('Adults only; the question is about children.');
  });

  it.each([
    ['yes', 'Answers your question'],
    ['no', 'Does not address it'],
  ] as const)('names addresses=%s as "%s"', (label, words) => {
    renderCard({ paper: makePaper(1, { addresses: { label, reason: 'r' } }) });
    expect(screen.getByTestId('addresses')).toHaveTextContent(words);
  });

  it('shows the study design and how many people it studied, and nothing when they are unknown', () => {
    const design = { label: 'rct' as const, name: 'Randomised controlled trial', source: 'text' as const, evidence: 'randomized' };
    renderCard({ paper: makePaper(1, { design, sample_size: { n: 1234, sentence: '1234 patients were randomized.' } }) });
    expect(screen.getByText('Randomised controlled trial')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toHaveAttribute('title', '1234 patients were randomized.');
  });

  it('leaves design and size out when the backend has none', () => {
    renderCard({ paper: makePaper(2, { design: null, sample_size: null }) });
    expect(screen.queryByText('Design')).not.toBeInTheDocument();
    expect(screen.queryByText('People')).not.toBeInTheDocument();
  });

  it('labels the bar as the classifier confidence', () => {
    renderCard({ paper: makePaper(1) });
    expect(screen.getByTestId('stance-badge')).toHaveTextContent('Supports');
    expect(screen.getByRole('img', { name: 'Classifier confidence in supports: 70%' })).toBeInTheDocument();
    expect(screen.getByText('Classifier confidence')).toBeInTheDocument();
  });

  it('shows a low-confidence stance as "Uncertain", not as a confident label', () => {
    const paper = makePaper(3, { stance: makeStance('refutes', 0.3, 0.4, 0.3, { uncertain: true }) });
    renderCard({ paper });
    const badge = screen.getByTestId('stance-badge');
    expect(badge).toHaveTextContent('Uncertain');
    expect(badge).not.toHaveTextContent('Refutes');
    expect(screen.getByRole('img', { name: 'Classifier confidence (low; it leans to refutes): 40%' })).toBeInTheDocument();
  });

  it('hides an unknown journal instead of saying "Journal: unknown"', () => {
    renderCard({ paper: makePaper(1, { journal: '', venue: null }) });
    expect(screen.queryByText('Journal')).not.toBeInTheDocument();
    expect(screen.queryByText('unknown')).not.toBeInTheDocument();
  });

  it('never shows the summary and the quote when they are the same text', () => {
    const text = 'Sumatriptan relieved headache in study 1.';
    renderCard({ paper: makePaper(1, { summary: `${text} `, best_sentence: { index: 1, text, score: 0.7 } }) });
    expect(screen.getAllByText(text, { exact: false })).toHaveLength(2); // the quote, and the highlight inside the abstract
    expect(document.querySelector('.card__summary')).toBeNull();
  });

  it('tells "PubMed Central could not be reached" apart from "no open-access copy" and links a free copy', () => {
    const { unmount } = renderCard({ paper: makePaper(1), fullText: 'unreachable' });
    expect(screen.getByTestId('full-text')).toHaveTextContent('PubMed Central could not be reached');
    unmount();
    renderCard({ paper: makePaper(1), fullText: 'checked' });
    expect(screen.getByTestId('full-text')).toHaveTextContent('No open-access copy');
  });

  it('links a free full text when there is one, and says nothing while enrichment runs', () => {
    const { unmount } = renderCard({ paper: makePaper(1, { full_text_url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC1/' }), fullText: 'unreachable' });
    expect(within(screen.getByTestId('full-text')).getByRole('link', { name: /Free full text/ })).toHaveAttribute('href', 'https://pmc.ncbi.nlm.nih.gov/articles/PMC1/');
    unmount();
    renderCard({ paper: makePaper(1), fullText: 'pending', finished: false });
    expect(screen.queryByTestId('full-text')).not.toBeInTheDocument();
  });

  it('links its document page and remembers the result to come back to', () => {
    renderCard({ paper: makePaper(2) });
    expect(screen.getByRole('link', { name: /Study 2 title/ })).toHaveAttribute('href', '/documents/10000002');
  });
});

it('compares texts ignoring case, spacing and punctuation', () => {
  expect(sameText('A  result.', 'a result')).toBe(true);
  expect(sameText('A result', 'Another result')).toBe(false);
  expect(sameText(null, 'x')).toBe(false);
});
