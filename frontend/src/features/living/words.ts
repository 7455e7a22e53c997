import type { RunSummary, ScheduleEvery } from '@/types/api';

/** Plain words for living questions; pure, so they are tested without rendering. */

export const SCHEDULE_NAMES: Record<ScheduleEvery, string> = { weekly: 'Every week', monthly: 'Every month' };

/** "3 Dec 2026, 10:00 UTC": two runs of one day stay apart (UTC, so every reader sees the same words). */
export function runDate(iso: string | null | undefined): string {
  if (!iso) return 'an unknown date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'an unknown date';
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** "5 support · 1 refute · 0 neutral", or a plain sentence when the run has no split (no charts). */
export function splitText(run: RunSummary): string {
  if (!run.split) return 'no stance split';
  const { supports, refutes, neutral } = run.split;
  return `${supports} support · ${refutes} refute · ${neutral} neutral`;
}

/** "+2", "−1", "±0": how one count moved between the runs. */
export function delta(before: number, after: number): string {
  const d = after - before;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}
