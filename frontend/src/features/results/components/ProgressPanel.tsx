import type { SearchDocument } from '@/types/api';
import { runningStage, stageName } from '../stages';

export function ProgressPanel({ doc }: { doc: Pick<SearchDocument, 'status' | 'stage' | 'progress'> }) {
  const progress = Math.max(0, Math.min(100, Math.round(doc.progress ?? 0)));
  const label = doc.status === 'queued' ? 'Waiting for a worker' : stageName(runningStage(doc.stage, progress));
  return (
    <section className="progress" aria-label="Search progress" data-testid="progress">
      <div className="progress__label">
        <span>
          <span className="spinner" aria-hidden="true" /> {label}…
        </span>
        <span>{progress}%</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${label}, ${progress}%`}
        aria-label="Search progress"
      >
        <div className="progress__bar" style={{ width: `${progress}%` }} />
      </div>
    </section>
  );
}
