import { answerOf, avatarsClient, uploadOptions } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { User } from '@/shared/types';

/** A photo over a slow mobile connection: more time than a JSON call. */
const AVATAR_UPLOAD_TIMEOUT_MS = 60_000;

export const AVATAR_TEXTS = {
  uploadFailed: 'Could not upload your photo. Please try again.',
  removeFailed: 'Could not remove your photo. Please try again.',
  uploaded: 'Profile photo updated',
  removed: 'Profile photo removed',
} as const;

/** PUT /api/myAvatar (multipart, one `avatar` file): the signed-in account's photo; answers the account. */
export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('avatar', file);
  const answer = await apiCall(
    () => answerOf(avatarsClient.myAvatar.$put(undefined, uploadOptions(form, AVATAR_UPLOAD_TIMEOUT_MS))),
    AVATAR_TEXTS.uploadFailed,
  );
  return answer.data;
}

/** DELETE /api/myAvatar: the account has no photo afterwards. */
export async function removeAvatar(): Promise<User> {
  const answer = await apiCall(() => answerOf(avatarsClient.myAvatar.$delete()), AVATAR_TEXTS.removeFailed);
  return answer.data;
}
