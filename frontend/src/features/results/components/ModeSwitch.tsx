import { READING_MODES, type ReadingMode } from '@/types/api';

const LABELS: Record<ReadingMode, string> = { lay: 'Plain language', clinician: 'Clinician' };

/** Lay / clinician: a two-button group (aria-pressed), remembered by the caller. */
export function ModeSwitch({ mode, onChange }: { mode: ReadingMode; onChange: (mode: ReadingMode) => void }) {
  return (
    <div className="mode-switch" role="group" aria-label="Reading mode" data-testid="mode-switch">
      {READING_MODES.map((m) => (
        <button key={m} type="button" className="mode-switch__option" aria-pressed={mode === m} onClick={() => mode !== m && onChange(m)}>
          {LABELS[m]}
        </button>
      ))}
    </div>
  );
}
