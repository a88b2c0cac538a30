import { queryOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { PromoCode } from '@/shared/admin-types';
import { PROMO_TEXTS } from '../texts';

/** GET /api/promoCodes (admin): every code, active or not. */
async function getPromoCodes(): Promise<PromoCode[]> {
  const answer = await apiCall(() => answerOf(adminShopClient.promoCodes.$get()), PROMO_TEXTS.loadFailed);
  return answer.data;
}

/** /admin/promo-codes: every code. Each change answers the whole list, which then becomes this query's data. */
export const promoCodesQuery = () => queryOptions({ queryKey: ['admin', 'promo-codes'] as const, queryFn: getPromoCodes });
