import type { BadgeTone } from '@/client/components/status-badge';
import { formatDate, formatDateTime } from '@/client/lib/format-date';
import type { PromoCode, PromoState } from '@/shared/admin-types';
import { promoCodeUpdateSchema } from '@/shared/schemas/shop';

/** The limit fields as the forms hold them: dates as `YYYY-MM-DD` (a date field's value), uses as typed. */
export interface LimitValues {
  startsAt: string;
  endsAt: string;
  maxUses: string;
  onePerCustomer: boolean;
}

/** What the server is sent: a date alone starts at the start of that day, and ends at the end of it. */
export interface LimitChanges {
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  onePerCustomer?: boolean;
}

export type LimitField = keyof LimitValues;
export type LimitErrors = Partial<Record<LimitField, string>>;

export const NO_LIMITS: LimitValues = { startsAt: '', endsAt: '', maxUses: '', onePerCustomer: false };

/** Accra's day is UTC's: the day of a stored start or end. */
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** A code's limits as the edit form starts from them. */
export function limitValuesOf(promo: Pick<PromoCode, 'startsAt' | 'endsAt' | 'maxUses' | 'onePerCustomer'>): LimitValues {
  return {
    startsAt: dayOf(promo.startsAt),
    endsAt: dayOf(promo.endsAt),
    maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
    onePerCustomer: promo.onePerCustomer,
  };
}

const LIMIT_FIELDS: readonly LimitField[] = ['startsAt', 'endsAt', 'maxUses', 'onePerCustomer'];

/**
 * The limits checked with the server's own rules (dates, the end after the start, uses a whole number
 * from 1 or empty). Only the fields that differ from `initial` are answered, so an edit leaves a time
 * set through the API alone unless its date is changed.
 */
export function readLimits(values: LimitValues, initial: LimitValues = NO_LIMITS): { ok: true; value: LimitChanges } | { ok: false; errors: LimitErrors } {
  const body = {
    startsAt: values.startsAt.trim() || null,
    endsAt: values.endsAt.trim() || null,
    maxUses: values.maxUses.trim() || null,
    onePerCustomer: values.onePerCustomer,
  };
  const parsed = promoCodeUpdateSchema.safeParse(body);
  if (!parsed.success) {
    const errors: LimitErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as LimitField;
      if (LIMIT_FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const value: LimitChanges = {};
  if (values.startsAt !== initial.startsAt) value.startsAt = body.startsAt;
  if (values.endsAt !== initial.endsAt) value.endsAt = body.endsAt;
  if (values.maxUses.trim() !== initial.maxUses) value.maxUses = parsed.data.maxUses ?? null;
  if (values.onePerCustomer !== initial.onePerCustomer) value.onePerCustomer = values.onePerCustomer;
  return { ok: true, value };
}

/** The badge of a code's standing. */
export const STATE_BADGES: Record<PromoState, { text: string; tone: BadgeTone }> = {
  active: { text: 'Active', tone: 'success' },
  inactive: { text: 'Inactive', tone: 'warning' },
  scheduled: { text: 'Scheduled', tone: 'neutral' },
  expired: { text: 'Expired', tone: 'danger' },
  used_up: { text: 'Used up', tone: 'danger' },
};

/** '3 of 10', or '3' with no limit. */
export function usesText(promo: Pick<PromoCode, 'uses' | 'maxUses'>): string {
  return promo.maxUses === null ? String(promo.uses) : `${promo.uses} of ${promo.maxUses}`;
}

/** A start or end as a date, with its time when it is not the day's first (start) or last (end) moment. */
function boundText(iso: string, bound: 'start' | 'end'): string {
  const wholeDay = bound === 'start' ? iso.endsWith('T00:00:00.000Z') : iso.endsWith('T23:59:59.999Z');
  return wholeDay ? formatDate(iso) : formatDateTime(iso);
}

/** 'Any time', 'From 1 Dec 2026', 'Until 31 Dec 2026' or '1 Dec 2026 – 31 Dec 2026'. */
export function datesText(promo: Pick<PromoCode, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = promo;
  if (startsAt && endsAt) return `${boundText(startsAt, 'start')} – ${boundText(endsAt, 'end')}`;
  if (startsAt) return `From ${boundText(startsAt, 'start')}`;
  if (endsAt) return `Until ${boundText(endsAt, 'end')}`;
  return 'Any time';
}
