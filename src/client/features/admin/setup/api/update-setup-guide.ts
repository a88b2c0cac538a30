import { mutationOptions } from '@tanstack/react-query';
import { answerOf, setupClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { SetupGuide } from '@/shared/admin-types';
import { SETUP_TEXTS } from '../texts';
import { setupGuideQuery } from './get-setup-guide';

/** PATCH /api/setupGuide (admin): the owner's tick on the policies step; answers the guide. */
export async function updateSetupGuide(input: { policiesDone: boolean }): Promise<SetupGuide> {
  const answer = await apiCall(() => answerOf(setupClient.setupGuide.$patch({ json: input })), SETUP_TEXTS.policiesFailed);
  return answer.data;
}

/** The answered guide becomes the query's data. */
export const updateSetupGuideMutation = () =>
  mutationOptions({
    mutationFn: updateSetupGuide,
    onSuccess: (guide, _input, _result, { client }) => client.setQueryData(setupGuideQuery().queryKey, guide),
  });
