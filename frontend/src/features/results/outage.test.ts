import { describe, expect, it } from 'vitest';
import { listWords, outageLine, pmcUnreachable } from './outage';
import { failedPart } from './stages';

const enrich = (source: string) => ({ stage: 'enrich', source, error: `${source} metrics unavailable: unreachable (ConnectError)`, at: '' });

describe('outageLine', () => {
  it('is null when nothing failed', () => {
    expect(outageLine({ source: 'local', failures: [] })).toBeNull();
  });

  it('says offline mode and what is missing, once per kind, when the metric services are down', () => {
    const failures = [enrich('icite'), enrich('semantic_scholar'), enrich('pmc'), enrich('icite')];
    expect(outageLine({ source: 'local', failures })).toBe(
      'Offline mode: searched the local library; citation counts, venues and study summaries and full text unavailable.',
    );
  });

  it('names the trial registry as registered trials, not as study metrics', () => {
    expect(outageLine({ source: 'pubmed', failures: [enrich('clinicaltrials')] })).toBe(
      'Unavailable for this search: registered trials.',
    );
    expect(failedPart('enrich', 'clinicaltrials')).toBe('Registered trials (ClinicalTrials.gov)');
  });

  it('says offline mode when PubMed failed and the local corpus answered', () => {
    const failures = [{ stage: 'retrieve', source: 'pubmed', error: 'esearch.fcgi failed: unreachable', at: '' }];
    expect(outageLine({ source: 'local', failures })).toBe('Offline mode: searched the local library.');
  });

  it('names the missing part without "offline" when PubMed itself answered', () => {
    expect(outageLine({ source: 'pubmed', failures: [enrich('icite')] })).toBe('Unavailable for this search: citation counts.');
    expect(outageLine({ source: 'pubmed', failures: [{ stage: 'judge', source: 'pipeline', error: 'x', at: '' }] })).toBe(
      'Unavailable for this search: the stance of the studies.',
    );
  });
});

it('tells PMC unreachable apart from other failures', () => {
  expect(pmcUnreachable([enrich('pmc')])).toBe(true);
  expect(pmcUnreachable([enrich('icite')])).toBe(false);
});

it('joins words in plain English', () => {
  expect(listWords(['a'])).toBe('a');
  expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
});
