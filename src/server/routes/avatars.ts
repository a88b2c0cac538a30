import { Hono } from 'hono';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChangeAnswer, User } from '@/shared/types';
import { badRequest } from '../errors';
import { requireAuth } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { type FormValue, readForm } from '../http/validate';
import { removeAvatar, uploadAvatar } from '../services/accounts/avatars';
import { takeRateLimit } from '../services/accounts/rate-limit';

const FORM_UNREADABLE = 'The form data could not be read.';
const ONE_PHOTO = 'Send one photo as the avatar file.';

/** The `avatar` part of the form: exactly one file (an empty, unnamed part is no file). */
function photoFromForm(value: FormValue | undefined): File {
  const files = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v) => !(v instanceof File && v.size === 0 && v.name === ''));
  if (files.length > 1) throw badRequest(ONE_PHOTO, [{ path: ['avatar'], message: ONE_PHOTO }]);
  const [file] = files;
  if (!(file instanceof File)) throw badRequest(SERVER_MESSAGES.notAnImage, [{ path: ['avatar'], message: SERVER_MESSAGES.notAnImage }]);
  return file;
}

/**
 * The signed-in account's own profile photo. The account is the session's, never one named
 * in the request, so nobody can change another's photo.
 */
export function avatarRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>()
    .put('/myAvatar', requireAuth(deps), async (c) => {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (!type.startsWith('multipart/form-data')) throw badRequest(ONE_PHOTO, [{ path: ['avatar'], message: ONE_PHOTO }]);
      // Each upload costs seconds of image work: a per-account limit, counted before the form is read.
      await takeRateLimit(deps.db, [`avatar:user:${c.var.user.id}`], deps.config.avatarRateLimit, deps.clock());
      const form = await readForm(c, FORM_UNREADABLE);
      const user = await uploadAvatar(deps.db, deps.imageStore, c.var.user.id, photoFromForm(form.avatar));
      return c.json({ message: PAGE_MESSAGES.profileUpdated, data: user } satisfies ChangeAnswer<User>);
    })
    .delete('/myAvatar', requireAuth(deps), async (c) => {
      const user = await removeAvatar(deps.db, deps.imageStore, c.var.user.id);
      return c.json({ message: PAGE_MESSAGES.profileUpdated, data: user } satisfies ChangeAnswer<User>);
    });
}
