/**
 * Dates as the shop shows them: British day-month order ('22 Nov 2026'), in the shop's own time
 * zone, so an order placed at 23:30 in Accra never shows as the next day on a phone set elsewhere.
 * Shared by the shopper's order screens and the admin area.
 */
const SHOP_TIME_ZONE = 'Africa/Accra';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Nov 2026'; a value that is not a date is shown as it came (Intl would throw). */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : String(value);
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: SHOP_TIME_ZONE });

/** '09:05' (24-hour clock, the shop's time zone). */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** '22 Nov 2026, 09:05' (24-hour clock). */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : String(value);
}

const MINUTE_MS = 60_000;

/**
 * How long ago, in words: 'just now' (under a minute), '1 minute ago', '12 minutes ago', '3 hours
 * ago', '2 days ago'. For the age of what the phone kept (the catalogue shown offline).
 */
export function timeAgo(sinceMs: number, nowMs: number = Date.now()): string {
  const minutes = Math.floor(Math.max(0, nowMs - sinceMs) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  const [amount, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / (24 * 60)), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}
