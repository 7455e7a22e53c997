import { describe, expect, it } from 'vitest';
import { filterChips } from './FilterChips';

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
