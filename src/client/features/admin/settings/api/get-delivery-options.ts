import { queryOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { DeliveryOption } from '@/shared/types';
import { DELIVERY_SETTINGS_TEXTS } from '../texts';

/** GET /api/deliveryOptions (admin): every option, on or off, in the order the checkout lists them. */
async function getDeliveryOptions(): Promise<DeliveryOption[]> {
  const answer = await apiCall(() => answerOf(adminShopClient.deliveryOptions.$get()), DELIVERY_SETTINGS_TEXTS.loadFailed);
  return answer.data;
}

/** The settings page's delivery options. Each change answers the whole list, which then becomes this query's data. */
export const deliveryOptionsQuery = () => queryOptions({ queryKey: ['admin', 'deliveryOptions'] as const, queryFn: getDeliveryOptions });
