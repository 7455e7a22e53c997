import type { ReactNode } from 'react';

const ORDER = ['Supports', 'Refutes', 'Neutral', 'Not judged'];

/** Legend text always in the body colour (the swatch carries colour and pattern); fixed stance order. */
export const legendProps = {
  formatter: (value: unknown): ReactNode => <span style={{ color: '#1b1f24' }}>{String(value)}</span>,
  itemSorter: (item: { value?: unknown }) => {
    const at = ORDER.indexOf(String(item.value));
    return at < 0 ? ORDER.length : at;
  },
};
