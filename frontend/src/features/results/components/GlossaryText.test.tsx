import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '@/types/api';
import { splitByGlossary } from '../glossary';
import { GlossaryText } from './GlossaryText';

const GLOSSARY: GlossaryEntry[] = [
  { term: 'placebo', definition: 'A dummy treatment with no active medicine.', source: 'curated' },
  { term: 'placebo effect', definition: 'Feeling better because you expect to.', source: 'curated' },
  { term: 'RCT', definition: 'A fair test with groups chosen by chance.', source: 'curated' },
];

describe('splitByGlossary', () => {
  it('cuts at whole-word terms in any case, longer terms first, keeping every character', () => {
    const text = 'A Placebo-free RCT; the placebo effect beat placebo. RCTs and aplacebo are not terms.';
    const pieces = splitByGlossary(text, GLOSSARY);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.filter((p) => p.entry).map((p) => p.text)).toEqual(['RCT', 'placebo effect', 'placebo']);
  });

  it('leaves a text without glossary untouched', () => {
    expect(splitByGlossary('Nothing here.', [])).toEqual([{ text: 'Nothing here.' }]);
  });
});

describe('GlossaryText', () => {
  it('explains a term on hover, on focus and on tap, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<p><GlossaryText text="Compared with placebo in one RCT." glossary={GLOSSARY} /></p>);
    const terms = screen.getAllByTestId('glossary-term');
    expect(terms.map((t) => t.textContent)).toEqual(['placebo', 'RCT']);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(terms[0]);
    expect(screen.getByRole('tooltip')).toHaveTextContent('A dummy treatment with no active medicine.');
    expect(terms[0]).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    await user.unhover(terms[0]);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.click(terms[1]); // a tap (touch has no hover) opens it
    expect(screen.getByRole('tooltip')).toHaveTextContent('A fair test with groups chosen by chance.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
