import { answerOf, outboxClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { SETTINGS_TEXTS } from '../texts';

/** PUT /api/ownerAlerts (admin): the whole settings; answers them as stored (phones as +233…). 400 with `errors` per field. */
export async function updateOwnerAlerts(settings: OwnerAlertSettings): Promise<OwnerAlertSettings> {
  const answer = await apiCall(() => answerOf(outboxClient.ownerAlerts.$put({ json: settings })), SETTINGS_TEXTS.alertsSaveFailed);
  return answer.data;
}
