import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { PAGE_MESSAGES } from '../page-messages';
import { emailAddress, noControlCharacters, pagingShape, requiredText } from './fields';

export const contactSchema = z.object({
  name: requiredText(PAGE_MESSAGES.contactMissing, LIMITS.maxNameLength),
  email: emailAddress(PAGE_MESSAGES.contactMissing),
  subject: requiredText(PAGE_MESSAGES.contactMissing, 200),
  message: requiredText(PAGE_MESSAGES.contactMissing, 5000, { multiline: true }),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const subscribeSchema = z.object({ email: emailAddress('Please enter your email address.') });

/* ---------- Admin: shop settings ---------- */

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok', 'x'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const SOCIAL_INVALID = 'Social links must be full https:// addresses.';
const WHATSAPP_INVALID = 'Enter the WhatsApp number with its country code, e.g. +233 24 123 4567.';

function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An https link, or blank (or null) to remove it: the answer is '' then. */
const socialLink = z.optional(
  z.pipe(
    z.nullable(z.string({ error: SOCIAL_INVALID }).check(z.trim(), z.maxLength(500, SOCIAL_INVALID), noControlCharacters())),
    z.transform((value, ctx) => {
      if (value === null || value === '') return '';
      if (!isHttpsLink(value)) {
        ctx.issues.push({ code: 'custom', message: SOCIAL_INVALID, input: value });
        return z.NEVER;
      }
      return value;
    }),
  ),
);

/**
 * A WhatsApp number as wa.me wants it: digits with the country code ('233241234567'). `+`, spaces
 * and dashes are dropped; a Ghana number typed locally (`024 123 4567`) gets 233. Blank clears it.
 */
export function normalizeWhatsapp(value: string): string | undefined {
  const compact = value.replace(/[\s-]/g, '');
  if (compact === '') return '';
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return undefined;
  if (!compact.startsWith('+') && /^0\d{9}$/.test(digits)) return `233${digits.slice(1)}`;
  return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? digits : undefined;
}

const whatsappField = z.optional(
  z.pipe(
    z.nullable(z.string({ error: WHATSAPP_INVALID }).check(z.maxLength(40, WHATSAPP_INVALID))),
    z.transform((value, ctx) => {
      const normalized = normalizeWhatsapp(value ?? '');
      if (normalized === undefined) {
        ctx.issues.push({ code: 'custom', message: WHATSAPP_INVALID, input: value });
        return z.NEVER;
      }
      return normalized;
    }),
  ),
);

/** Optional text (of several lines: the address) where blank or null clears the stored value (''); absent keeps it. */
const clearableText = (max: number) =>
  z.optional(
    z.pipe(
      z.nullable(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`), noControlCharacters(true))),
      z.transform((value) => value ?? ''),
    ),
  );

/** `true`/`false` from JSON, or the text a form sends ('true', 'on', '1' / 'false', '0', ''). */
const formBoolean = (message: string) =>
  z.pipe(
    z.union([z.boolean(), z.string()], { error: message }),
    z.transform((value, ctx) => {
      if (typeof value === 'boolean') return value;
      const text = value.trim().toLowerCase();
      if (['true', 'on', '1'].includes(text)) return true;
      if (['false', 'off', '0', ''].includes(text)) return false;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );

const SAMPLE_PERCENT_INVALID = 'Enter a whole number from 0 to 100.';

/** A whole percentage from JSON, or the digits a form sends. */
const samplePercent = z.pipe(
  z.union([z.number(), z.string()], { error: SAMPLE_PERCENT_INVALID }),
  z.transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim().replace(/\s*%$/, '') : null;
    const number = text === null ? value : /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 100) return number;
    ctx.issues.push({ code: 'custom', message: SAMPLE_PERCENT_INVALID, input: value });
    return z.NEVER;
  }),
);

/**
 * PATCH /settings (a multipart form, or JSON when no logo is sent). Shop name, e-mail and phone are
 * required; whatsapp, address and each social link keep their stored value when absent and are
 * cleared when blank; so does `vitalsSamplePercent` (0 to 100) when absent. `removeLogo: true` (or JSON `logo: null`) drops the logo; a new logo file
 * replaces it.
 */
export const shopSettingsSchema = z.pipe(
  z.object({
    shopName: requiredText(PAGE_MESSAGES.shopInfoMissing, LIMITS.maxNameLength),
    email: emailAddress(PAGE_MESSAGES.shopInfoMissing),
    phone: requiredText(PAGE_MESSAGES.shopInfoMissing, 40),
    whatsapp: whatsappField,
    address: clearableText(500),
    socials: z.optional(
      z.object({ facebook: socialLink, instagram: socialLink, tiktok: socialLink, x: socialLink }, { error: 'socials must be an object of links.' }),
    ),
    removeLogo: z.optional(formBoolean('removeLogo must be true or false.')),
    /** The share of storefront page views that report their speed; absent keeps it. */
    vitalsSamplePercent: z.optional(samplePercent),
    /** Only `null` means something here (remove); a URL echoed back from GET /settings keeps the logo. */
    logo: z.optional(z.unknown()),
  }),
  z.transform(({ logo, removeLogo, ...rest }) => ({ ...rest, removeLogo: removeLogo === true || logo === null })),
);
export type ShopSettingsInput = z.infer<typeof shopSettingsSchema>;

/* ---------- Admin: password ---------- */

const passwordText = (...checks: Parameters<ReturnType<typeof z.string>['check']>) =>
  z.string({ error: PAGE_MESSAGES.passwordFieldsMissing }).check(z.minLength(1, PAGE_MESSAGES.passwordFieldsMissing), ...checks);

export const changePasswordSchema = z
  .object({
    currentPassword: passwordText(z.maxLength(LIMITS.maxPasswordLength, PAGE_MESSAGES.incorrectOldPassword)),
    newPassword: passwordText(
      z.minLength(LIMITS.minPasswordLength, PAGE_MESSAGES.passwordTooShort),
      z.maxLength(LIMITS.maxPasswordLength, `At most ${LIMITS.maxPasswordLength} characters.`),
    ),
    confirmPassword: passwordText(),
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { message: PAGE_MESSAGES.newPasswordsDiffer, path: ['confirmPassword'] }));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/* ---------- Admin: contact messages ---------- */

export const contactMessagesQuerySchema = z.object(pagingShape);
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuerySchema>;

/* ---------- Admin: promo codes ---------- */

export const PROMO_CODE_PATTERN = /^[A-Z0-9]{3,40}$/;

/** Codes are stored trimmed and in upper case, as the checkout compares them. */
const promoCodeField = z
  .string({ error: PAGE_MESSAGES.promoCodeInvalid })
  .check(z.trim(), z.toUpperCase(), z.regex(PROMO_CODE_PATTERN, PAGE_MESSAGES.promoCodeInvalid));

/** A whole percent from 1 to 100, as a number or as digits (form fields send text). */
const promoPercent = z.pipe(
  z.union([z.number(), z.string()], { error: PAGE_MESSAGES.promoPercentInvalid }),
  z.transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 100) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.promoPercentInvalid, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const promoActive = z.boolean({ error: 'active must be true or false.' });

/** The most uses a code may be given (a column of whole numbers; no shop needs more). */
export const PROMO_MAX_USES = 1_000_000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A code's start or end as an ISO string: a date alone (the start of that day for a start, its last
 * millisecond for an end: an end date is the last day the code works) or a date and time, read as
 * Accra's time (UTC) when it has no offset, as a form's date-time field sends it. Null or empty: no bound.
 */
export function parsePromoDate(text: string, bound: 'start' | 'end'): Date | null {
  const value = text.trim();
  const day = DATE_ONLY.exec(value);
  const full = day ? null : DATE_TIME.exec(value);
  const parts = day ?? full;
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const calendar = new Date(Date.UTC(year, month - 1, date));
  // 2027-02-30 is not a day; years far off are typing slips.
  if (year < 2000 || year > 2999 || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== date) return null;
  if (day) return bound === 'start' ? calendar : new Date(calendar.getTime() + 86_400_000 - 1);
  const [hour, minute, second] = [Number(parts[4]), Number(parts[5]), Number(parts[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = parts[8] && parts[8] !== 'Z' ? parts[8] : 'Z';
  const at = new Date(`${value.slice(0, 10)}T${parts[4]}:${parts[5]}:${parts[6] ?? '00'}.${(parts[7] ?? '0').padEnd(3, '0')}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const promoDate = (bound: 'start' | 'end') => {
  const message = bound === 'start' ? PAGE_MESSAGES.promoStartInvalid : PAGE_MESSAGES.promoEndInvalid;
  return z.pipe(
    z.union([z.string(), z.null()], { error: message }),
    z.transform((value, ctx): Date | null => {
      if (value === null || value.trim() === '') return null;
      const at = value.length <= 40 ? parsePromoDate(value, bound) : null;
      if (!at) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return at;
    }),
  );
};

/** Uses in all: a whole number from 1, as a number or digits; null or empty: no limit. */
const promoMaxUses = z.pipe(
  z.union([z.number(), z.string(), z.null()], { error: PAGE_MESSAGES.promoMaxUsesInvalid }),
  z.transform((value, ctx): number | null => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const n = typeof value === 'number' ? value : /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > PROMO_MAX_USES) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.promoMaxUsesInvalid, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const promoOnePerCustomer = z.boolean({ error: PAGE_MESSAGES.promoOnePerCustomerInvalid });

/** Both given: the end must come after the start (the service checks a change against the stored one). */
export const endsAfterStart = (v: { startsAt?: Date | null; endsAt?: Date | null }): boolean =>
  !v.startsAt || !v.endsAt || v.endsAt.getTime() > v.startsAt.getTime();
const endAfterStartIssue = { message: PAGE_MESSAGES.promoEndBeforeStart, path: ['endsAt'] };

export const promoCodeCreateSchema = z
  .object({
    code: promoCodeField,
    percent: promoPercent,
    active: z._default(promoActive, true),
    startsAt: z._default(promoDate('start'), null),
    endsAt: z._default(promoDate('end'), null),
    maxUses: z._default(promoMaxUses, null),
    onePerCustomer: z._default(promoOnePerCustomer, false),
  })
  .check(z.refine(endsAfterStart, endAfterStartIssue));
export type PromoCodeCreateInput = z.infer<typeof promoCodeCreateSchema>;

const PROMO_CHANGES = ['percent', 'active', 'startsAt', 'endsAt', 'maxUses', 'onePerCustomer'] as const;

export const promoCodeUpdateSchema = z
  .object({
    percent: z.optional(promoPercent),
    active: z.optional(promoActive),
    startsAt: z.optional(promoDate('start')),
    endsAt: z.optional(promoDate('end')),
    maxUses: z.optional(promoMaxUses),
    onePerCustomer: z.optional(promoOnePerCustomer),
  })
  .check(
    z.refine((v) => PROMO_CHANGES.some((key) => v[key] !== undefined), {
      message: 'Send a new percent, active, startsAt, endsAt, maxUses or onePerCustomer.',
    }),
    z.refine(endsAfterStart, endAfterStartIssue),
  );
export type PromoCodeUpdateInput = z.infer<typeof promoCodeUpdateSchema>;
