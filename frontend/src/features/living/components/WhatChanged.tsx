import { Link } from 'react-router-dom';
import type { ChangedStudy, Changes, RunSummary, VerdictLabel } from '@/types/api';
import { delta, runDate, splitText } from '../words';

export type VerdictNames = Record<VerdictLabel, string>;

function verdictText(run: RunSummary, names: VerdictNames): string {
  return run.verdict ? names[run.verdict.label] : 'No verdict';
}

function StudyList({ studies, testId }: { studies: ChangedStudy[]; testId: string }) {
  return (
    <ul data-testid={testId}>
      {studies.map((s) => (
        <li key={s.pmid}>
          <Link to={`/documents/${encodeURIComponent(s.pmid)}`}>{s.title || `PMID ${s.pmid}`}</Link>
          {' '}
          <span className="living__meta">
            ({[s.year, s.design, s.stance].filter(Boolean).join(' · ') || 'no details'})
            {s.retracted && <strong className="living__retracted"> RETRACTED</strong>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The comparison of two runs of one question: verdict and split before and after, studies new and gone. */
export function WhatChanged({ changes, verdictNames }: { changes: Changes; verdictNames: VerdictNames }) {
  const { before, after } = changes;
  const split = (run: RunSummary) => run.split ?? { supports: 0, refutes: 0, neutral: 0 };
  return (
    <div className="living__changes" data-testid="what-changed">
      <p data-testid="verdict-change">
        {changes.verdict_changed ? (
          <strong>
            The verdict changed: {verdictText(before, verdictNames)} → {verdictText(after, verdictNames)}.
          </strong>
        ) : (
          <>The verdict is the same: {verdictText(after, verdictNames)}.</>
        )}{' '}
        Studies: {changes.new_studies.length} new, {changes.gone_studies.length} gone, {changes.kept} in both.
      </p>
      <table className="living__table">
        <caption className="visually-hidden">The two runs side by side</caption>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Earlier run ({runDate(before.created_at)})</th>
            <th scope="col">This run ({runDate(after.created_at)})</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Verdict</th>
            <td>{verdictText(before, verdictNames)}</td>
            <td>{verdictText(after, verdictNames)}</td>
            <td>{changes.verdict_changed ? 'changed' : 'same'}</td>
          </tr>
          <tr>
            <th scope="row">Stance split</th>
            <td data-testid="split-before">{splitText(before)}</td>
            <td data-testid="split-after">{splitText(after)}</td>
            <td>
              {(['supports', 'refutes', 'neutral'] as const)
                .map((k) => `${k} ${delta(split(before)[k], split(after)[k])}`)
                .join(', ')}
            </td>
          </tr>
          <tr>
            <th scope="row">Studies</th>
            <td>{before.studies}</td>
            <td>{after.studies}</td>
            <td>{delta(before.studies, after.studies)}</td>
          </tr>
        </tbody>
      </table>
      {changes.newly_retracted.length > 0 && (
        <section className="alert alert--error" role="alert">
          <h4 className="alert__title">Retracted since the earlier run</h4>
          <StudyList studies={changes.newly_retracted} testId="newly-retracted" />
        </section>
      )}
      {changes.new_studies.length > 0 && (
        <>
          <h4>New studies</h4>
          <StudyList studies={changes.new_studies} testId="new-studies" />
        </>
      )}
      {changes.gone_studies.length > 0 && (
        <>
          <h4>Studies no longer in the result</h4>
          <StudyList studies={changes.gone_studies} testId="gone-studies" />
        </>
      )}
      {changes.stance_changed.length > 0 && (
        <>
          <h4>Studies read differently</h4>
          <ul data-testid="stance-changed">
            {changes.stance_changed.map((c) => (
              <li key={c.pmid}>
                <Link to={`/documents/${encodeURIComponent(c.pmid)}`}>{c.title || `PMID ${c.pmid}`}</Link>: {c.before ?? 'not judged'} →{' '}
                {c.after ?? 'not judged'}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
