import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render';
import { makeChanges, makeRun, makeStudy } from '../test-data';
import { WhatChanged } from './WhatChanged';

const NAMES = { yes: 'Yes', no: 'No', mixed: 'Mixed', insufficient: 'Not settled by these studies' };

describe('WhatChanged', () => {
  it('puts the verdict and split of both runs side by side with the change', () => {
    renderInRouter(<WhatChanged changes={makeChanges()} verdictNames={NAMES} />);
    expect(screen.getByTestId('verdict-change')).toHaveTextContent('The verdict changed: Yes → Mixed. Studies: 2 new, 1 gone, 18 in both.');
    expect(screen.getByTestId('split-before')).toHaveTextContent('5 support · 1 refute · 0 neutral');
    expect(screen.getByTestId('split-after')).toHaveTextContent('4 support · 3 refute · 0 neutral');
    expect(screen.getByRole('row', { name: /Stance split/ })).toHaveTextContent('supports −1, refutes +2, neutral ±0');
    expect(screen.getByRole('columnheader', { name: 'Earlier run (2 Nov 2026, 09:00 UTC)' })).toBeInTheDocument();
  });

  it('lists new, gone and re-read studies, each linking to its document', () => {
    renderInRouter(<WhatChanged changes={makeChanges()} verdictNames={NAMES} />);
    const added = within(screen.getByTestId('new-studies')).getAllByRole('link');
    expect(added.map((a) => a.getAttribute('href'))).toEqual(['/documents/111', '/documents/222']);
    expect(screen.getByTestId('new-studies')).toHaveTextContent('2024 · Randomised controlled trial · refutes');
    expect(within(screen.getByTestId('gone-studies')).getByRole('link')).toHaveTextContent('Study 333');
    expect(screen.getByTestId('stance-changed')).toHaveTextContent('Study 444: supports → refutes');
    expect(screen.queryByTestId('newly-retracted')).not.toBeInTheDocument();
  });

  it('says when nothing moved and shouts about a retraction', () => {
    const same = makeChanges({
      after: makeRun({ id: 'new1' }), new_studies: [], gone_studies: [], stance_changed: [], kept: 20, verdict_changed: false,
      newly_retracted: [makeStudy('555', { retracted: true })],
    });
    renderInRouter(<WhatChanged changes={same} verdictNames={NAMES} />);
    expect(screen.getByTestId('verdict-change')).toHaveTextContent('The verdict is the same: Yes. Studies: 0 new, 0 gone, 20 in both.');
    expect(screen.getByRole('alert')).toHaveTextContent('Retracted since the earlier run');
    expect(screen.getByTestId('newly-retracted')).toHaveTextContent('RETRACTED');
    expect(screen.queryByTestId('new-studies')).not.toBeInTheDocument();
  });

  it('reads a run without verdict or split', () => {
    const changes = makeChanges({ before: makeRun({ verdict: null, split: null }) });
    renderInRouter(<WhatChanged changes={changes} verdictNames={NAMES} />);
    expect(screen.getByTestId('verdict-change')).toHaveTextContent('No verdict → Mixed');
    expect(screen.getByTestId('split-before')).toHaveTextContent('no stance split');
  });
});
