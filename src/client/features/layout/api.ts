import { HTTPError } from 'ky';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ApiError, User } from '@/shared/types';
import { answerOf, authClient, shopClient } from '../../lib/api-client';
import { ApiFailure, apiCall } from '../../lib/http';

/** Newsletter sign-up: the server's own words ('Thank you for subscribing!' or 'You are already subscribed. Thank you!'). */
export async function subscribe(email: string): Promise<string> {
  const answer = await apiCall(() => answerOf(shopClient.subscribe.$post({ json: { email } })), PAGE_MESSAGES.subscribeFailed);
  return answer.message;
}

export interface ProfileChanges {
  fullName?: string;
  email?: string;
  password?: string;
  currentPassword?: string;
  /** A new phone, or null to remove it. */
  phone?: string | null;
}

/**
 * PATCH /api/updateUser/{userId} with only the fields given. Failures carry the spec's texts
 * (section 8): the server's message, else PAGE_MESSAGES.profileUpdateFailed, or 'Server error: ' and the
 * first 100 characters of a reply that is not JSON. A 401 has already signed the user out (http.ts).
 */
export async function updateProfile(userId: string, changes: ProfileChanges): Promise<User> {
  let status = 0;
  let text = '';
  try {
    const response = await authClient.updateUser[':userId'].$patch({ param: { userId: encodeURIComponent(userId) }, json: changes });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (!(error instanceof HTTPError)) throw new ApiFailure(PAGE_MESSAGES.profileUpdateFailed, 0);
    status = error.response.status;
    text = await error.response.text().catch(() => '');
  }
  let body: { message?: unknown; data?: User; errors?: ApiError['errors'] };
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiFailure(`Server error: ${text.slice(0, 100)}`, status);
  }
  if (status >= 200 && status < 300 && body.data) return body.data;
  throw new ApiFailure(typeof body.message === 'string' && body.message ? body.message : PAGE_MESSAGES.profileUpdateFailed, status, body.errors);
}
