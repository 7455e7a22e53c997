import { describe, expect, it } from 'vitest';
import { unappliedFilterNotice } from './filter-notice';

const rct = { from_year: null, to_year: null, publication_types: ['Randomized Controlled Trial'] };
const typed = { publication_types: ['Randomized Controlled Trial', 'Journal Article'] };
const untyped = { publication_types: [] as string[] };

describe('unappliedFilterNotice', () => {
  it('says the type filter could not be applied to studies the source gave no type', () => {
    expect(unappliedFilterNotice(rct, [untyped, untyped])).toBe(
      'The filter “Randomized Controlled Trial” could not be applied to all 2 studies: the library searched has no ' +
        'publication type for them. They may be other kinds of study.',
    );
    expect(unappliedFilterNotice(rct, [typed, untyped, typed])).toBe(
      'The filter “Randomized Controlled Trial” could not be applied to 1 of the 3 studies: the library searched has ' +
        'no publication type for it. It may be another kind of study.',
    );
  });

  it('names every type asked', () => {
    const both = { ...rct, publication_types: ['Meta-Analysis', 'Systematic Review'] };
    expect(unappliedFilterNotice(both, [untyped])).toMatch(/^The filter “Meta-Analysis” and “Systematic Review” could/);
  });

  it('says nothing without a type filter, without studies, or when every study has its type', () => {
    expect(unappliedFilterNotice({ ...rct, publication_types: [] }, [untyped])).toBeNull();
    expect(unappliedFilterNotice({ ...rct, from_year: 2000 , publication_types: [] }, [untyped])).toBeNull();
    expect(unappliedFilterNotice(rct, [])).toBeNull();
    expect(unappliedFilterNotice(rct, [typed, typed])).toBeNull();
    expect(unappliedFilterNotice(null, [untyped])).toBeNull();
  });
});
