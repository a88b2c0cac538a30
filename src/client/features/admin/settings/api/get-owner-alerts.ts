import { queryOptions } from '@tanstack/react-query';
import { answerOf, outboxClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { SETTINGS_TEXTS } from '../texts';

/** GET /api/ownerAlerts (admin): where the owner's alerts go, and which kinds are on. */
export async function getOwnerAlerts(): Promise<OwnerAlertSettings> {
  const answer = await apiCall(() => answerOf(outboxClient.ownerAlerts.$get()), SETTINGS_TEXTS.alertsLoadFailed);
  return answer.data;
}

/** The alert settings the form is filled from: taken once, so not refetched under the admin's typing (as adminSettingsQuery). */
export const ownerAlertsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'ownerAlerts'] as const,
    queryFn: getOwnerAlerts,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
