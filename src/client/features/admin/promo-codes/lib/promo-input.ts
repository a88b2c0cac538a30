import type { ApiFailure } from '@/client/lib/http';
import { promoCodeCreateSchema, promoCodeUpdateSchema } from '@/shared/schemas/shop';
import { type LimitChanges, type LimitField, type LimitValues, readLimits } from './promo-limits';

type PromoField = 'code' | 'percent' | LimitField;
export type PromoErrors = Partial<Record<PromoField, string>>;
const PROMO_FIELDS: readonly PromoField[] = ['code', 'percent', 'startsAt', 'endsAt', 'maxUses', 'onePerCustomer'];

type Read<T> = { ok: true; value: T } | { ok: false; errors: PromoErrors };

/** One message per field: the first the schema gives for it. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): PromoErrors {
  const errors: PromoErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as PromoField;
    if (PROMO_FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** What the add form sends: the code and percent, and any limits set. */
export type NewPromoCode = { code: string; percent: number } & LimitChanges;

/**
 * The add form, checked with the server's own rules before it is sent: the code trimmed and in
 * capitals (3 to 40 letters or digits), the discount a whole percent from 1 to 100, and the limits
 * (lib/promo-limits.ts; only those set are sent).
 */
export function readNewPromoCode(values: { code: string; percent: string; limits?: LimitValues }): Read<NewPromoCode> {
  const parsed = promoCodeCreateSchema.safeParse({ code: values.code, percent: values.percent.trim() });
  const limits = values.limits ? readLimits(values.limits) : ({ ok: true, value: {} } as const);
  if (!parsed.success || !limits.ok) {
    return { ok: false, errors: { ...(parsed.success ? {} : errorsOf(parsed.error.issues)), ...(limits.ok ? {} : limits.errors) } };
  }
  return { ok: true, value: { code: parsed.data.code, percent: parsed.data.percent, ...limits.value } };
}

/** A row's new percent. */
export function readPercent(text: string): Read<number> {
  const parsed = promoCodeUpdateSchema.safeParse({ percent: text.trim() });
  if (!parsed.success || parsed.data.percent === undefined) return { ok: false, errors: parsed.success ? {} : errorsOf(parsed.error.issues) };
  return { ok: true, value: parsed.data.percent };
}

/**
 * Where a refusal from the server belongs: its field errors (400), or the code field for a code that
 * already exists (409). Nothing for other failures (network, 5xx): those are the form's message.
 */
export function fieldErrorsOfFailure(failure: ApiFailure): PromoErrors {
  if (failure.status === 409) return { code: failure.message };
  if (failure.status === 400 && failure.errors) return errorsOf(failure.errors);
  return {};
}
