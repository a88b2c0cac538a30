import { DASHBOARD_TEXTS } from '../texts';

const MINUTE_MS = 60_000;

/** Below this, time left is urgent: the dashboard shows it in red. */
export const URGENT_MS = 60 * MINUTE_MS;

/**
 * Time until `deadline` as the dashboard says it: '13 h left' (whole hours of the minutes left) from an
 * hour on, '45 min left' (rounded up, so never '0 min') below it, 'overdue' once it has passed.
 * A value that is not a date is shown as it came.
 */
export function timeLeft(deadline: string, now: number): string {
  const at = new Date(deadline).getTime();
  if (Number.isNaN(at)) return deadline;
  const left = at - now;
  if (left <= 0) return DASHBOARD_TEXTS.overdue;
  const minutes = Math.ceil(left / MINUTE_MS);
  return minutes < 60 ? DASHBOARD_TEXTS.minutesLeft(minutes) : DASHBOARD_TEXTS.hoursLeft(Math.floor(minutes / 60));
}
