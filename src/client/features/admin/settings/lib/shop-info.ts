import { LIMITS } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SOCIAL_NETWORKS, shopSettingsSchema } from '@/shared/schemas/shop';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ShopSettings } from '@/shared/types';
import type { ShopSettingsChanges } from '../api/update-settings';

/** The Shop Information form's text fields, in form order (the first invalid one gets the focus). */
export const SHOP_FIELDS = ['shopName', 'email', 'phone', 'whatsapp', 'address', ...SOCIAL_NETWORKS, 'vitalsSamplePercent'] as const;
export type ShopField = (typeof SHOP_FIELDS)[number];
export type ShopValues = Record<ShopField, string>;
export type ShopErrors = Partial<Record<ShopField | 'logo', string>>;

/** The form's values for stored settings. WhatsApp is stored as bare digits; it reads better with its +. */
export function shopValuesOf(settings: ShopSettings): ShopValues {
  return {
    shopName: settings.shopName,
    email: settings.email,
    phone: settings.phone,
    whatsapp: settings.whatsapp ? `+${settings.whatsapp}` : '',
    address: settings.address,
    facebook: settings.socials?.facebook ?? '',
    instagram: settings.socials?.instagram ?? '',
    tiktok: settings.socials?.tiktok ?? '',
    x: settings.socials?.x ?? '',
    vitalsSamplePercent: String(settings.vitalsSamplePercent),
  };
}

/** The field an issue (ours or the server's `errors`) is about: social links sit under `socials`. */
function shopFieldOf(path: readonly PropertyKey[]): ShopField | 'logo' | undefined {
  const [first, second] = path;
  const name = first === 'socials' ? second : first;
  return typeof name === 'string' && ((SHOP_FIELDS as readonly string[]).includes(name) || name === 'logo') ? (name as ShopField | 'logo') : undefined;
}

/** One message per field (the first wins), from zod issues or the server's `errors`. */
export function shopErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ShopErrors {
  const errors: ShopErrors = {};
  for (const issue of issues) {
    const field = shopFieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The form's message: the spec's 'required' text first, else the first field's problem in form order. */
export function shopSummaryOf(errors: ShopErrors): string | null {
  const found = [...SHOP_FIELDS, 'logo' as const].map((f) => errors[f]).filter((m): m is string => m !== undefined);
  return found.includes(PAGE_MESSAGES.shopInfoMissing) ? PAGE_MESSAGES.shopInfoMissing : (found[0] ?? null);
}

/** The spec's logo rule (an image file), and the server's size limit checked before a long upload. */
export function logoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return SERVER_MESSAGES.logoNotImage;
  if (file.size > LIMITS.maxImageBytes) return SERVER_MESSAGES.imageTooLarge;
  return null;
}

/**
 * The shared schema's rules (shop name, e-mail and phone required; a valid e-mail; WhatsApp with its
 * country code; https social links): the changes to send, or one error per field.
 */
export function checkShopInfo(values: ShopValues): { changes: ShopSettingsChanges } | { errors: ShopErrors } {
  const parsed = shopSettingsSchema.safeParse({
    shopName: values.shopName,
    email: values.email,
    phone: values.phone,
    whatsapp: values.whatsapp,
    address: values.address,
    socials: { facebook: values.facebook, instagram: values.instagram, tiktok: values.tiktok, x: values.x },
    vitalsSamplePercent: values.vitalsSamplePercent,
  });
  if (!parsed.success) return { errors: shopErrorsOf(parsed.error.issues) };
  const { shopName, email, phone, whatsapp = '', address = '', socials, vitalsSamplePercent = 100 } = parsed.data;
  return {
    changes: {
      shopName,
      email,
      phone,
      whatsapp,
      address,
      socials: { facebook: socials?.facebook ?? '', instagram: socials?.instagram ?? '', tiktok: socials?.tiktok ?? '', x: socials?.x ?? '' },
      vitalsSamplePercent,
    },
  };
}
