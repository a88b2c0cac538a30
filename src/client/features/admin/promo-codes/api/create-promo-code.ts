import { mutationOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { PromoCode } from '@/shared/admin-types';
import type { ChangeAnswer } from '@/shared/types';
import { promoCodesChanged } from '../lib/promo-code';
import type { NewPromoCode } from '../lib/promo-input';
import { PROMO_TEXTS } from '../texts';

/** POST /api/promoCodes (admin) `{ code, percent, startsAt?, endsAt?, maxUses?, onePerCustomer? }`: 201 'Promo code saved'; 409 when the code exists. */
export function createPromoCode(input: NewPromoCode): Promise<ChangeAnswer<PromoCode[]>> {
  return apiCall(() => answerOf(adminShopClient.promoCodes.$post({ json: input })), PROMO_TEXTS.saveFailed);
}

/** Adding a code: the list answered becomes the promo codes query's data. */
export const createPromoCodeMutation = () =>
  mutationOptions({
    mutationFn: (input: NewPromoCode) => createPromoCode(input),
    onSuccess: (answer, _input, _result, { client }) => promoCodesChanged(client, answer),
  });
