import type { CreatedSearch } from '@/types/api';
import { useRerun } from '../api/rerun-search';

/** The owner's "Re-run" button: a new search with the same question and filters, opened as soon as it starts. */
export function RerunButton({ id, onCreated }: { id: string; onCreated: (created: CreatedSearch) => void }) {
  const rerun = useRerun(id, { onCreated });
  return (
    <span className="living__rerun">
      <button
        type="button"
        className="button button--primary"
        onClick={() => rerun.mutate()}
        disabled={rerun.isPending}
        data-testid="rerun-button"
      >
        {rerun.isPending ? 'Starting the re-run…' : 'Re-run this search'}
      </button>
      {rerun.error && (
        <span className="alert alert--error living__error" role="alert">
          The re-run could not be started: {rerun.error.message}
        </span>
      )}
    </span>
  );
}
