import { Link } from 'react-router-dom';
import type { CreatedSearch, SearchDocument } from '@/types/api';
import { runDate } from '../words';
import { RerunButton } from './RerunButton';
import { SchedulePicker } from './SchedulePicker';
import { WhatChangedPanel } from './WhatChangedPanel';
import type { VerdictNames } from './WhatChanged';

/**
 * A living question on the result page (searches kept in an account only; `doc.living` is null otherwise):
 * the run this one re-ran with "what changed", later runs, and for the owner the Re-run button and the schedule.
 */
export function LivingPanel({
  doc,
  verdictNames,
  onRerun,
}: {
  doc: SearchDocument;
  verdictNames: VerdictNames;
  onRerun: (created: CreatedSearch) => void;
}) {
  const living = doc.living;
  if (!living || (!living.rerun_of && !living.can_rerun && living.reruns.length === 0)) return null;
  const finished = doc.status === 'done' || doc.status === 'failed';
  return (
    <section className="panel living" aria-labelledby="living-heading" data-testid="living-panel">
      <h2 id="living-heading" className="living__heading">
        Living question
      </h2>
      {living.rerun_of && (
        <p data-testid="rerun-of">
          A re-run of <Link to={`/searches/${living.rerun_of.id}`}>the search of {runDate(living.rerun_of.created_at)}</Link>.
        </p>
      )}
      {living.reruns.length > 0 && (
        <p data-testid="later-runs">
          Later runs:{' '}
          {living.reruns.map((run, i) => (
            <span key={run.id}>
              {i > 0 && ', '}
              <Link to={`/searches/${run.id}`}>{runDate(run.created_at)}</Link>
              {run.status === 'queued' || run.status === 'running' ? ' (running)' : run.status === 'failed' ? ' (failed)' : ''}
            </span>
          ))}
        </p>
      )}
      {living.can_rerun && (
        <>
          <p>Search again with the same question and filters to see new studies and whether the verdict moved.</p>
          <RerunButton id={doc.id} onCreated={onRerun} />
          <SchedulePicker id={doc.id} schedule={living.schedule} />
        </>
      )}
      {living.rerun_of && (
        <WhatChangedPanel id={doc.id} earlier={living.rerun_of} finished={finished} verdictNames={verdictNames} />
      )}
    </section>
  );
}
