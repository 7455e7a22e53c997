import type { LivingSchedule, ScheduleEvery } from '@/types/api';
import { useSetSchedule } from '../api/set-schedule';
import { SCHEDULE_NAMES, runDate } from '../words';

const OFF = 'off';

/** Re-run this question on a schedule (Celery beat on the server); off unless the owner picks one. */
export function SchedulePicker({ id, schedule }: { id: string; schedule: LivingSchedule | null }) {
  const save = useSetSchedule(id);
  const value = schedule?.every ?? OFF;
  return (
    <p className="living__schedule">
      <label>
        Re-run automatically:{' '}
        <select
          value={value}
          disabled={save.isPending}
          data-testid="schedule-select"
          onChange={(e) => save.mutate(e.target.value === OFF ? null : (e.target.value as ScheduleEvery))}
        >
          <option value={OFF}>Off</option>
          {(Object.keys(SCHEDULE_NAMES) as ScheduleEvery[]).map((every) => (
            <option key={every} value={every}>
              {SCHEDULE_NAMES[every]}
            </option>
          ))}
        </select>
      </label>
      {schedule && <span data-testid="schedule-next"> Next run: {runDate(schedule.next_run_at)}.</span>}
      {save.error && (
        <span className="living__error" role="alert">
          {' '}
          The schedule could not be saved: {save.error.message}
        </span>
      )}
    </p>
  );
}
