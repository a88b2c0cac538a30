import { queryOptions } from '@tanstack/react-query';
import { adminDashboardClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ShopperSpeed } from '@/shared/vitals';
import { SHOPPER_SPEED_TEXTS } from '../texts';

/** GET /api/getShopperSpeed (admin): per page, each metric's p75 over the last 28 days of real visits. */
export function getShopperSpeed(): Promise<ShopperSpeed> {
  return apiCall(() => answerOf(adminDashboardClient.getShopperSpeed.$get()), SHOPPER_SPEED_TEXTS.loadFailed);
}

/** The dashboard's "How fast your shop is for shoppers" card: its own query, so the figures above never wait for it. */
export const shopperSpeedQuery = () => queryOptions({ queryKey: ['admin', 'shopper-speed'] as const, queryFn: getShopperSpeed });
