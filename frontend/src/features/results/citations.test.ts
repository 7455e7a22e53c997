import { describe, expect, it } from 'vitest';
import { splitAtSentence, splitCitations, splitFirstSentence } from './citations';

describe('splitCitations', () => {
  it('finds single, listed and ranged references', () => {
    const parts = splitCitations('A [1]. B [2, 5]. C [3-4].');
    expect(parts.filter((p) => p.kind === 'refs').map((p) => (p.kind === 'refs' ? p.refs : []))).toEqual([[1], [2, 5], [3, 4]]);
    expect(parts[0]).toEqual({ kind: 'text', text: 'A ' });
  });

  it('leaves text without markers alone', () => {
    expect(splitCitations('No refs [here].')).toEqual([{ kind: 'text', text: 'No refs [here].' }]);
  });
});

describe('splitFirstSentence', () => {
  it('keeps the citation with the first sentence', () => {
    expect(splitFirstSentence('Yes, it helps [1]. Other studies disagree [2].')).toEqual(['Yes, it helps [1].', 'Other studies disagree [2].']);
  });
  it('returns the whole text when there is one sentence', () => {
    expect(splitFirstSentence('Only one sentence [1].')).toEqual(['Only one sentence [1].', '']);
  });
});

describe('splitAtSentence', () => {
  it('splits around the best sentence even when whitespace differs', () => {
    expect(splitAtSentence('First.  Second  part here. Third.', 'Second part here.')).toEqual(['First.  ', 'Second  part here.', ' Third.']);
  });
  it('returns null when the sentence is not in the abstract', () => {
    expect(splitAtSentence('First. Second.', 'Missing.')).toBeNull();
  });
});
