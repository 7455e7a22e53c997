import { describe, expect, it } from 'vitest';
import { failedPart, runningStage, stageName } from './stages';

describe('runningStage', () => {
  it('starts with understanding when nothing has finished', () => {
    expect(runningStage('', 0)).toBe('understand');
  });
  it('is the next stage once a stage reached its progress mark', () => {
    expect(runningStage('rerank', 50)).toBe('enrich');
    expect(runningStage('chart', 100)).toBe('chart');
  });
  it('is the stage itself while its mark is not reached', () => {
    expect(runningStage('judge', 60)).toBe('judge');
  });
});

it('names stages and failed parts in plain words', () => {
  expect(stageName('locate')).toBe('Finding the sentence that answers');
  expect(failedPart('enrich', 'semantic_scholar')).toMatch(/Semantic Scholar/);
  expect(failedPart('judge', 'pipeline')).toBe('The stance of the studies');
});
