import { mutationOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { DeliveryOptionUpdateInput } from '@/shared/schemas/delivery';
import type { ChangeAnswer, DeliveryOption } from '@/shared/types';
import { deliveryOptionsChanged } from '../lib/delivery-options';
import { DELIVERY_SETTINGS_TEXTS } from '../texts';

/** PATCH /api/deliveryOptions/{id} (admin): any of its fields (the edit form sends them all; the switch only `active`). 404 when it is gone. */
export function updateDeliveryOption(id: string, changes: DeliveryOptionUpdateInput): Promise<ChangeAnswer<DeliveryOption[]>> {
  return apiCall(
    () => answerOf(adminShopClient.deliveryOptions[':id'].$patch({ param: { id: encodeURIComponent(id) }, json: changes })),
    DELIVERY_SETTINGS_TEXTS.saveFailed,
  );
}

/** An option edited or switched on or off: the list answered becomes the page's list and the checkout's options. */
export const updateDeliveryOptionMutation = () =>
  mutationOptions({
    mutationFn: ({ id, changes }: { id: string; changes: DeliveryOptionUpdateInput }) => updateDeliveryOption(id, changes),
    onSuccess: (answer, _input, _result, { client }) => deliveryOptionsChanged(client, answer.data),
  });
