import { answerOf, authClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { LoginInput } from '@/shared/schemas/auth';
import type { LoginAnswer } from '@/shared/types';

/** POST /api/login {email, password}: the session (token and user). A refusal is an ApiFailure with the server's message. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return apiCall(() => answerOf(authClient.login.$post({ json: input })), PAGE_MESSAGES.signInFailed);
}
