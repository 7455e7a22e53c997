import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FilterChips, filterChips } from './FilterChips';

describe('filterChips', () => {
  it('says a year range, one year, an open end, and each publication type', () => {
    expect(filterChips({ from_year: 2000, to_year: 2010, publication_types: ['Meta-Analysis'] })).toEqual(['Published 2000–2010', 'Meta-Analysis']);
    expect(filterChips({ from_year: 2005, to_year: 2005, publication_types: [] })).toEqual(['Published in 2005']);
    expect(filterChips({ from_year: 1990, to_year: null, publication_types: [] })).toEqual(['Published 1990 or later']);
    expect(filterChips({ from_year: null, to_year: 1999, publication_types: [] })).toEqual(['Published 1999 or earlier']);
  });

  it('is empty without filters', () => {
    expect(filterChips({ from_year: null, to_year: null, publication_types: [] })).toEqual([]);
    expect(filterChips(null)).toEqual([]);
  });
});

describe('FilterChips', () => {
  const filters = { from_year: null, to_year: null, publication_types: ['Randomized Controlled Trial'] };

  it('shows the chips and, when the source had no type for some studies, a notice under them', () => {
    render(<FilterChips filters={filters} papers={[{ publication_types: [] }, { publication_types: ['Review'] }]} />);
    expect(screen.getByRole('list', { name: 'Filters:' })).toHaveTextContent('Randomized Controlled Trial');
    expect(screen.getByTestId('filter-notice')).toHaveTextContent(
      'The filter “Randomized Controlled Trial” could not be applied to 1 of the 2 studies',
    );
  });

  it('shows no notice when every study has its publication type', () => {
    render(<FilterChips filters={filters} papers={[{ publication_types: ['Randomized Controlled Trial'] }]} />);
    expect(screen.getByTestId('filter-chips')).toBeInTheDocument();
    expect(screen.queryByTestId('filter-notice')).not.toBeInTheDocument();
  });
});
