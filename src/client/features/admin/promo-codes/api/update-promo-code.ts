import { mutationOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import type { ChangeAnswer, PromoCode } from '@/shared/types';
import { promoCodesChanged } from '../lib/promo-code';
import { PROMO_TEXTS } from '../texts';

/** PATCH /api/promoCodes/{code} (admin) `{ percent?, active? }`: a new percent, or the code switched on or off. */
export function updatePromoCode(code: string, changes: { percent?: number; active?: boolean }): Promise<ChangeAnswer<PromoCode[]>> {
  return apiCall(() => http.patch(`promoCodes/${encodeURIComponent(code)}`, { json: changes }).json<ChangeAnswer<PromoCode[]>>(), PROMO_TEXTS.saveFailed);
}

/** A new percent, or the code switched on or off: the list answered becomes the promo codes query's data. */
export const updatePromoCodeMutation = () =>
  mutationOptions({
    mutationFn: ({ code, changes }: { code: string; changes: { percent?: number; active?: boolean } }) => updatePromoCode(code, changes),
    onSuccess: (answer, _input, _result, { client }) => promoCodesChanged(client, answer),
  });
