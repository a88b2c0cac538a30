import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@/shared/messages';
import type { ShopSettings } from '@/shared/types';
import type { StartupAnswers } from '../api-client';
import { apiCall, publicHttp } from '../http';

export { SHOP_NAME as DEFAULT_SHOP_NAME } from '@/shared/constants';

/**
 * The settings' IndexedDB keeping (lib/query-persister.ts), loaded on the query's first fetch: a
 * page the server drew brings the settings with it, so the first screen needs none of that code.
 */
const keptInIndexedDb: typeof import('../query-persister').persistInIndexedDb = async (queryFn, context, query) =>
  (await import('../query-persister')).persistInIndexedDb(queryFn, context, query);

/**
 * `GET /api/settings`: the shop's public settings (name, contact details, WhatsApp number, social
 * links, which payments it takes), shared by the footer, the chat link, the contact page, the
 * checkout and the admin's top bar. Kept in IndexedDB like the catalogue. While it loads, or if it
 * fails, those parts simply show less. The admin's save writes the saved answer into it.
 */
export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings'] as const,
    queryFn: async () => (await apiCall((): Promise<StartupAnswers['settings']> => publicHttp.get('settings').json(), MESSAGES.settingsFetchFailed)).data,
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
    persister: keptInIndexedDb,
  });

/** The settings, or null while unknown. */
export function useShopSettings(): ShopSettings | null {
  return useQuery(shopSettingsQuery()).data ?? null;
}

/**
 * Whether the checkout offers Mobile Money: not when the settings say the shop has no way to take
 * it. Unknown (still loading, or offline with no copy) offers it, and the server refuses it if it must.
 */
export function useMobileMoneyOffered(): boolean {
  return useShopSettings()?.payments?.mobileMoney !== false;
}

/** Whether payments are the sandbox's (a TEST PAYMENT badge at the checkout). */
export function useTestPayments(): boolean {
  return useShopSettings()?.payments?.testPayments === true;
}

/** The WhatsApp number as wa.me wants it (digits with the country code), or null when there is none. */
export function whatsappNumber(settings: ShopSettings | null): string | null {
  if (!settings) return null;
  const stored = settings.whatsapp.replace(/\D/g, '');
  if (stored) return stored;
  // No WhatsApp number set: the shop phone, a local Ghana number getting its country code.
  const phone = settings.phone.replace(/\D/g, '');
  if (/^0\d{9}$/.test(phone)) return `233${phone.slice(1)}`;
  return phone.length >= 8 ? phone : null;
}
