import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { DeliveryOptionCreateInput } from '@/shared/schemas/delivery';
import type { ChangeAnswer, DeliveryOption } from '@/shared/types';
import { DELIVERY_SETTINGS_TEXTS } from '../texts';

/** POST /api/deliveryOptions (admin): a new option, last in the list; 201 with the whole list. 400 per field, 409 when there are too many. */
export function createDeliveryOption(input: DeliveryOptionCreateInput): Promise<ChangeAnswer<DeliveryOption[]>> {
  return apiCall(() => answerOf(adminShopClient.deliveryOptions.$post({ json: input })), DELIVERY_SETTINGS_TEXTS.saveFailed);
}
