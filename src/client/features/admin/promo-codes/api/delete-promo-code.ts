import { mutationOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { PromoCode } from '@/shared/admin-types';
import type { ChangeAnswer } from '@/shared/types';
import { promoCodesChanged } from '../lib/promo-code';
import { PROMO_TEXTS } from '../texts';

/** DELETE /api/promoCodes/{code} (admin): 'Promo code deleted'; orders placed with it keep their discount. */
export function deletePromoCode(code: string): Promise<ChangeAnswer<PromoCode[]>> {
  return apiCall(() => answerOf(adminShopClient.promoCodes[':code'].$delete({ param: { code: encodeURIComponent(code) } })), PROMO_TEXTS.deleteFailed);
}

/** Deleting a code: the list answered becomes the promo codes query's data. */
export const deletePromoCodeMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => deletePromoCode(code),
    onSuccess: (answer, _code, _result, { client }) => promoCodesChanged(client, answer),
  });
