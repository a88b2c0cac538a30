import { answerOf, authClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ResetPasswordAnswer } from '@/shared/types';
import { AUTH_TEXTS } from '../texts';

/** The body of a reset: the e-mailed link's token, or the phone and the SMS's code; the new password twice. */
export type ResetPasswordBody =
  | { token: string; password: string; confirmPassword: string }
  | { contact: string; code: string; password: string; confirmPassword: string };

/**
 * POST /api/resetPassword: sets the new password, signs every other device out and answers a sign-in
 * for this one (LoginAnswer and its message). A used, stale or wrong token or code is a 400 with the
 * server's message; too many tries a 429.
 */
export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  return apiCall(() => answerOf(authClient.resetPassword.$post({ json: body })), AUTH_TEXTS.resetNetwork);
}
