import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FailureList, failureTime } from './FailureList';

describe('failureTime', () => {
  it('writes a real time with its zone, never a relative one', () => {
    expect(failureTime('2026-12-01T10:41:07+00:00', 'en-GB', 'UTC')).toBe('1 Dec 2026, 10:41:07 UTC');
    expect(failureTime('2026-12-01T10:41:07+00:00', 'en-GB', 'Asia/Tokyo')).toMatch(/^1 Dec 2026, 19:41:07 /);
  });

  it('is null for a failure stored without a time, or an unreadable one', () => {
    expect(failureTime('')).toBeNull();
    expect(failureTime('yesterday')).toBeNull();
  });
});

describe('FailureList', () => {
  it('is one collapsed line, with each failure and its time behind the disclosure', () => {
    render(
      <FailureList
        source="local"
        failures={[
          { stage: 'enrich', source: 'pmc', error: 'PMC metrics unavailable: unreachable', at: '2026-12-01T10:41:07+00:00' },
          { stage: 'enrich', source: 'icite', error: 'iCite metrics unavailable: unreachable', at: '' },
        ]}
      />,
    );
    const box = screen.getByTestId('failures');
    expect(box).not.toHaveAttribute('open');
    expect(box.querySelector('summary')).toHaveTextContent(
      'Offline mode: searched the local library; full text and citation counts unavailable.',
    );
    const [pmc, icite] = screen.getAllByRole('listitem');
    expect(pmc.querySelector('time')).toHaveAttribute('datetime', '2026-12-01T10:41:07+00:00');
    expect(icite.querySelector('time')).toBeNull();
  });

  it('shows nothing when nothing failed', () => {
    const { container } = render(<FailureList source="pubmed" failures={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
