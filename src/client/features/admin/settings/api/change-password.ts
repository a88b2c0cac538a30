import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ChangePasswordInput } from '@/shared/schemas/shop';
import { SETTINGS_TEXTS } from '../texts';

/** PATCH /api/changePassword (admin): the signed-in admin's own password. Answers the server's message. */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const answer = await apiCall(() => answerOf(adminShopClient.changePassword.$patch({ json: input })), SETTINGS_TEXTS.passwordFailed);
  return answer.message;
}
