import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDocument } from '@/test/factories';
import { QueryPanel } from './QueryPanel';

describe('QueryPanel', () => {
  it('writes an estimated total as "about N hits" and an exact one as "N hits"', () => {
    const query = {
      ...makeDocument().query!,
      attempts: [
        { boolean: 'strict', hits: 12, note: 'as understood', hits_estimated: false },
        { boolean: 'wide', hits: 183457, note: 'relaxed', hits_estimated: true },
        { boolean: 'stored before the flag', hits: 40, note: 'older' },
      ],
    };
    const { container } = render(<QueryPanel query={query} source="local" />);
    const [strict, wide, older] = within(container.querySelector('ol')!).getAllByRole('listitem');
    expect(strict).toHaveTextContent(/^12 hits — as understood$/);
    expect(wide).toHaveTextContent(/^about 183457 hits — relaxed$/);
    expect(older).toHaveTextContent(/^40 hits — older$/);
  });
});
