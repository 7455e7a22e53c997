import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Trials } from '@/types/api';
import { enrolmentWords, phaseWords, statusWords } from '../trials';
import { TrialCards } from './TrialCards';

// NCT05431270 as parsed from ../shared/fixtures/clinicaltrials/studies_search_intr_keytruda_fields_pagesize3.json
const TRIALS: Trials = {
  query: { intervention: 'pembrolizumab', condition: 'melanoma' },
  total: 2924,
  url: 'https://clinicaltrials.gov/search?intr=pembrolizumab&cond=melanoma',
  studies: [
    {
      nct_id: 'NCT05431270',
      title: 'Dose Escalation/Expansion Study of Mavrostobart (PT199), an Anti-CD73 mAb',
      url: 'https://clinicaltrials.gov/study/NCT05431270',
      status: 'RECRUITING',
      phases: ['PHASE1', 'PHASE2'],
      study_type: 'INTERVENTIONAL',
      enrollment: 40,
      enrollment_type: null,
      start_date: '2022-08-11',
      completion_date: '2028-08',
      sponsor: 'Phanes Therapeutics',
      has_results: null,
      conditions: ['Non Small Cell Lung Cancer'],
      interventions: ['Mavrostobart (PT199)'],
    },
  ],
};

describe('trial words', () => {
  it('turns registry values into words', () => {
    expect(statusWords('ACTIVE_NOT_RECRUITING')).toBe('Active, not recruiting');
    expect(statusWords(null)).toBe('Status not given');
    expect(phaseWords(['PHASE1', 'PHASE2'])).toBe('Phase 1/2');
    expect(phaseWords(['NA'])).toBe('No phase');
    expect(enrolmentWords({ enrollment: 1200, enrollment_type: 'ESTIMATED' })).toBe('1,200 people (planned)');
  });
});

describe('TrialCards', () => {
  it('shows each trial with its NCT link to the registry, status, phase, enrolment, dates, sponsor and results', () => {
    render(<TrialCards trials={TRIALS} failures={[]} pending={false} />);
    const card = screen.getByTestId('trial-card');
    expect(screen.getByRole('link', { name: 'NCT05431270' })).toHaveAttribute('href', 'https://clinicaltrials.gov/study/NCT05431270');
    expect(card).toHaveTextContent('Recruiting · Phase 1/2 · 40 people');
    expect(card).toHaveTextContent('Started 2022-08-11 · completion 2028-08 · sponsor: Phanes Therapeutics · Results: not stated');
    expect(screen.getByRole('link', { name: /See all 2,924 on ClinicalTrials.gov/ })).toHaveAttribute('href', TRIALS.url);
  });

  it('says the registry is unavailable when it failed, and says nothing when not asked', () => {
    const failures = [{ stage: 'enrich', source: 'clinicaltrials', error: 'Trial registry unavailable: unreachable', at: '2026-12-01T10:00:00Z' }];
    const { rerender } = render(<TrialCards trials={null} failures={failures} pending={false} />);
    expect(screen.getByTestId('trials-unavailable')).toHaveTextContent('Trial registry unavailable');
    expect(screen.queryByTestId('trial-card')).not.toBeInTheDocument();
    rerender(<TrialCards trials={null} failures={[]} pending={false} />);
    expect(screen.queryByTestId('trials')).not.toBeInTheDocument();
    rerender(<TrialCards trials={{ ...TRIALS, studies: [] }} failures={[]} pending={false} />);
    expect(screen.getByTestId('trials')).toHaveTextContent('No registered trials found for pembrolizumab and melanoma.');
  });
});
