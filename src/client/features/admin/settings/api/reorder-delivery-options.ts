import { mutationOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ChangeAnswer, DeliveryOption } from '@/shared/types';
import { deliveryOptionsChanged } from '../lib/delivery-options';
import { DELIVERY_SETTINGS_TEXTS } from '../texts';

/** PUT /api/deliveryOptions/order (admin) `{ ids }`: every option's id once, in the new order. 400 when the list changed meanwhile. */
export function reorderDeliveryOptions(ids: string[]): Promise<ChangeAnswer<DeliveryOption[]>> {
  return apiCall(() => answerOf(adminShopClient.deliveryOptions.order.$put({ json: { ids } })), DELIVERY_SETTINGS_TEXTS.moveFailed);
}

/** A new order: the list answered becomes the page's list and the checkout's options. */
export const reorderDeliveryOptionsMutation = () =>
  mutationOptions({
    mutationFn: (ids: string[]) => reorderDeliveryOptions(ids),
    onSuccess: (answer, _ids, _result, { client }) => deliveryOptionsChanged(client, answer.data),
  });
