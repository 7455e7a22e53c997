import { useState } from 'react';
import type { RunRef } from '@/types/api';
import { useChanges } from '../api/get-changes';
import { runDate } from '../words';
import { WhatChanged, type VerdictNames } from './WhatChanged';

/** "What changed" for a re-run: closed until asked for; the comparison is fetched once the re-run has finished. */
export function WhatChangedPanel({
  id,
  earlier,
  finished,
  verdictNames,
}: {
  id: string;
  earlier: RunRef;
  finished: boolean;
  verdictNames: VerdictNames;
}) {
  const [open, setOpen] = useState(false);
  const changes = useChanges(id, open && finished);
  return (
    <div className="living__what-changed">
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="what-changed-body"
        onClick={() => setOpen((o) => !o)}
        data-testid="what-changed-toggle"
      >
        {open ? 'Hide what changed' : `What changed since ${runDate(earlier.created_at)}`}
      </button>
      {open && (
        <div id="what-changed-body" aria-live="polite">
          {!finished ? (
            <p>The comparison appears when this re-run has finished.</p>
          ) : changes.isPending ? (
            <p>Comparing the two runs…</p>
          ) : changes.isError ? (
            <p className="alert alert--error" role="alert">
              The comparison could not be loaded: {changes.error.message}
            </p>
          ) : (
            <WhatChanged changes={changes.data} verdictNames={verdictNames} />
          )}
        </div>
      )}
    </div>
  );
}
