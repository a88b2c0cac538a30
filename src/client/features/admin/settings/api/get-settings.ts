import { queryOptions } from '@tanstack/react-query';
import { answerOf, shopClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ShopSettings } from '@/shared/types';
import { SETTINGS_TEXTS } from '../texts';

/** GET /api/settings: the shop's details as the server holds them now (public). */
export async function getSettings(): Promise<ShopSettings> {
  const answer = await apiCall(() => answerOf(shopClient.settings.$get()), SETTINGS_TEXTS.loadFailed);
  return answer.data;
}

/**
 * The settings the Shop Information form is filled from: read from the server, not the storefront's
 * kept copy (which may be from an earlier visit). The form takes its values once, so no refetch on
 * focus or reconnect: one would only change the page under the admin's typing (settings-page.tsx).
 */
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings'] as const,
    queryFn: getSettings,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
