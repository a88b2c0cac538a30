import { adminShopClient, answerOf, uploadOptions } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { SocialNetwork } from '@/shared/schemas/shop';
import type { ShopSettings } from '@/shared/types';
import { SETTINGS_TEXTS } from '../texts';

/** What the Shop Information form sends: every field, so a blank one clears the stored value. */
export interface ShopSettingsChanges {
  shopName: string;
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  socials: Record<SocialNetwork, string>;
  /** The share of storefront page views that report their speed (the dashboard's "How fast your shop is"). */
  vitalsSamplePercent: number;
}

/** A logo upload may be up to 5 MB: on slow mobile data that takes longer than the client's usual 20 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * PATCH /api/settings (admin): JSON, or a multipart form when a new logo file goes with it (the
 * social links then as `socials[network]` fields). Answers the settings as stored.
 */
export async function updateSettings(changes: ShopSettingsChanges, logo?: File): Promise<ShopSettings> {
  const answer = await apiCall(() => {
    // The route reads JSON or a form itself (no validator declares its body): the body goes as given.
    if (!logo)
      return answerOf(adminShopClient.settings.$patch(undefined, { init: { body: JSON.stringify(changes) }, headers: { 'content-type': 'application/json' } }));
    const form = new FormData();
    const { socials, ...fields } = changes;
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    for (const [network, link] of Object.entries(socials)) form.append(`socials[${network}]`, link);
    form.append('logo', logo);
    return answerOf(adminShopClient.settings.$patch(undefined, uploadOptions(form, UPLOAD_TIMEOUT_MS)));
  }, SETTINGS_TEXTS.saveFailed);
  return answer.data;
}
