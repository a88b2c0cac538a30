import { answerOf, authClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ForgotPasswordAnswer } from '@/shared/types';
import { AUTH_TEXTS } from '../texts';

/**
 * POST /api/forgotPassword {contact}: the e-mail (a link goes there) or the phone (a code goes there
 * by SMS). The answer's words are the same whether or not an account uses it; its channel says which
 * was sent. A refusal (400, 429) is an ApiFailure with the server's message.
 */
export function forgotPassword(contact: string): Promise<ForgotPasswordAnswer> {
  return apiCall(() => answerOf(authClient.forgotPassword.$post({ json: { contact } })), AUTH_TEXTS.resetNetwork);
}
