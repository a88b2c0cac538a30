import type { QueryClient } from '@tanstack/react-query';
import type { PromoCode } from '../../../../../shared/types';
import { promoCodesQuery } from '../api/get-promo-codes';

/** Every change answers the server's message and the whole list as it now is. */
export interface PromoCodesAnswer {
  message: string;
  data: PromoCode[];
}

/** A change saved: the list it answered is the one shown from then on (nothing to load again). */
export function promoCodesChanged(client: QueryClient, answer: PromoCodesAnswer): void {
  client.setQueryData(promoCodesQuery().queryKey, answer.data);
}
