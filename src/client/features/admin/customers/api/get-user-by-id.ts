import { queryOptions } from '@tanstack/react-query';
import { adminCustomersClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { CustomerProfile } from '@/shared/admin-types';
import { CUSTOMERS_TEXTS } from '../texts';

/** GET /api/getUserById/{id} (admin): a missing account is an ApiFailure with status 404 ('User not found'). */
export async function getUserById(id: string): Promise<CustomerProfile> {
  return apiCall(() => answerOf(adminCustomersClient.getUserById[':id'].$get({ param: { id: encodeURIComponent(id) } })), CUSTOMERS_TEXTS.customerFailed);
}

/**
 * One customer's profile: contact details, totals and order history. Admin changes to an order
 * (features/admin/orders) invalidate it by this key.
 */
export const adminCustomerQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'detail', id] as const,
    queryFn: () => getUserById(id),
  });
