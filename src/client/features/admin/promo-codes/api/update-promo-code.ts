import { mutationOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { PromoCode } from '@/shared/admin-types';
import type { ChangeAnswer } from '@/shared/types';
import { promoCodesChanged } from '../lib/promo-code';
import type { LimitChanges } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';

/** A new percent, the code switched on or off, or new limits. */
export type PromoChanges = { percent?: number; active?: boolean } & LimitChanges;

/** PATCH /api/promoCodes/{code} (admin) `{ percent?, active?, startsAt?, endsAt?, maxUses?, onePerCustomer? }`: a new percent or limits, or the code switched on or off. */
export function updatePromoCode(code: string, changes: PromoChanges): Promise<ChangeAnswer<PromoCode[]>> {
  return apiCall(
    () => answerOf(adminShopClient.promoCodes[':code'].$patch({ param: { code: encodeURIComponent(code) }, json: changes })),
    PROMO_TEXTS.saveFailed,
  );
}

/** A new percent, or the code switched on or off: the list answered becomes the promo codes query's data. */
export const updatePromoCodeMutation = () =>
  mutationOptions({
    mutationFn: ({ code, changes }: { code: string; changes: PromoChanges }) => updatePromoCode(code, changes),
    onSuccess: (answer, _input, _result, { client }) => promoCodesChanged(client, answer),
  });
