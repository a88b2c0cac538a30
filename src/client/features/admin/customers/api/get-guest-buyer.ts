import { queryOptions } from '@tanstack/react-query';
import { adminCustomersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { GuestBuyerProfile } from '@/shared/admin-types';
import { CUSTOMERS_TEXTS } from '../texts';

/** GET /api/getGuestBuyer/{key} (admin): an unknown key is an ApiFailure with status 404 ('Guest buyer not found'). */
export async function getGuestBuyer(key: string): Promise<GuestBuyerProfile> {
  return apiCall(() => answerOf(adminCustomersClient.getGuestBuyer[':key'].$get({ param: { key: encodeURIComponent(key) } })), CUSTOMERS_TEXTS.customerFailed);
}

/** A guest buyer's profile: contact details, totals and order history (under the customers' detail key, as accounts are). */
export const adminGuestBuyerQuery = (key: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'detail', key] as const,
    queryFn: () => getGuestBuyer(key),
  });

/** Whether a customer page's id is a guest buyer's key (`g` and 24 characters) rather than an account's. */
export const isGuestKey = (id: string) => /^g[\w-]{24}$/.test(id);
