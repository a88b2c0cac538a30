import type { SalesDay } from '@/shared/admin-types';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';

// The server's days are Accra days written as UTC dates: read and shown in UTC, they never shift.
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '12 Nov' for '2026-11-12'; a value that is not a date is shown as it came. */
export function dayLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : dayFormat.format(day);
}

interface SalesSummary {
  /** The sum of the days, in cedis (added up in pesewas). */
  total: number;
  /** The best day (the earliest of equals), or null when nothing was sold. */
  best: SalesDay | null;
  /** What the chart says in words: its accessible name. */
  text: string;
}

export function salesSummary(days: readonly SalesDay[]): SalesSummary {
  const total = toCedis(days.reduce((sum, day) => sum + toPesewas(day.total), 0));
  const best = days.reduce<SalesDay | null>((top, day) => (day.total > 0 && (!top || day.total > top.total) ? day : top), null);
  const period = `Sales over the last ${days.length} days`;
  const text = best
    ? `${period}: ${formatCedis(total)} in total, highest ${formatCedis(best.total)} on ${dayLabel(best.date)}`
    : `${period}: ${formatCedis(0)} in total, no sales yet`;
  return { total, best, text };
}
