import { mutationOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ChangeAnswer, DeliveryOption } from '@/shared/types';
import { deliveryOptionsChanged } from '../lib/delivery-options';
import { DELIVERY_SETTINGS_TEXTS } from '../texts';

/** DELETE /api/deliveryOptions/{id} (admin): past orders keep their delivery as it was. 404 when it is gone already. */
export function deleteDeliveryOption(id: string): Promise<ChangeAnswer<DeliveryOption[]>> {
  return apiCall(
    () => answerOf(adminShopClient.deliveryOptions[':id'].$delete({ param: { id: encodeURIComponent(id) } })),
    DELIVERY_SETTINGS_TEXTS.deleteFailed,
  );
}

/** Deleting an option: the list answered becomes the page's list and the checkout's options. */
export const deleteDeliveryOptionMutation = () =>
  mutationOptions({
    mutationFn: (id: string) => deleteDeliveryOption(id),
    onSuccess: (answer, _id, _result, { client }) => deliveryOptionsChanged(client, answer.data),
  });
