import { queryOptions } from '@tanstack/react-query';
import { answerOf, setupClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { SetupGuide } from '@/shared/admin-types';
import { SETUP_TEXTS } from '../texts';

/** GET /api/setupGuide (admin): the nine steps, what each still lacks, and whether go-live can run. */
async function getSetupGuide(): Promise<SetupGuide> {
  const answer = await apiCall(() => answerOf(setupClient.setupGuide.$get()), SETUP_TEXTS.loadFailed);
  return answer.data;
}

export const setupGuideQuery = () => queryOptions({ queryKey: ['admin', 'setup-guide'] as const, queryFn: getSetupGuide });
