import { apiCall, http } from '@/client/lib/http';
import type { ChangeAnswer, User } from '@/shared/types';

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
    () => http.put('myAvatar', { body: form, timeout: AVATAR_UPLOAD_TIMEOUT_MS }).json<ChangeAnswer<User>>(),
    AVATAR_TEXTS.uploadFailed,
  );
  return answer.data;
}

/** DELETE /api/myAvatar: the account has no photo afterwards. */
export async function removeAvatar(): Promise<User> {
  const answer = await apiCall(() => http.delete('myAvatar').json<ChangeAnswer<User>>(), AVATAR_TEXTS.removeFailed);
  return answer.data;
}
