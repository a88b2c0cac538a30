import type { QueryClient } from '@tanstack/react-query';
import type { PromoCode } from '@/shared/admin-types';
import type { ChangeAnswer } from '@/shared/types';
import { promoCodesQuery } from '../api/get-promo-codes';

/**
 * A change saved: it answers the server's message and the whole list as it now is, which is the one
 * shown from then on (nothing to load again).
 */
export function promoCodesChanged(client: QueryClient, answer: ChangeAnswer<PromoCode[]>): void {
  client.setQueryData(promoCodesQuery().queryKey, answer.data);
}
