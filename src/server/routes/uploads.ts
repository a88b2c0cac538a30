import path from 'node:path';
import { Hono } from 'hono';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AppDeps, AppEnv } from '../http/env';
import { IMMUTABLE, sendFile } from '../http/static-files';
import { ensureShareImage } from '../services/images';

/** A stored width of an image: `{key}-{width}.webp`. */
const WEBP_NAME = /^[a-f0-9]{16,64}-\d{2,4}\.webp$/;
/** An image's link-preview JPEG: `{key}-share.jpg`. */
const SHARE_NAME = /^([a-f0-9]{16,64})-share\.jpg$/;
/**
 * The uploaded images under /uploads: their WebP widths and their share JPEGs, nothing else. An
 * image stored before share JPEGs existed gets its JPEG on the first request for it (from its
 * largest WebP), so link previews work before `npm run images:share` has run.
 */
export function uploadRoutes(deps: AppDeps) {
  const dir = deps.config.uploadsDir;
  const notFound = { message: SERVER_MESSAGES.notFound };
  return (
    new Hono<AppEnv>()
      .on(['GET', 'HEAD'], '/:name', async (c) => {
        const name = c.req.param('name');
        const share = SHARE_NAME.exec(name);
        if (!share && !WEBP_NAME.test(name)) return c.json(notFound, 404);
        const file = path.join(dir, name);
        const response = await sendFile(c, file, IMMUTABLE);
        if (response) return response;
        // A share JPEG not made yet: made now from the image's WebP (a key without one stays a 404).
        if (share?.[1] && (await ensureShareImage(dir, share[1]))) return (await sendFile(c, file, IMMUTABLE)) ?? c.json(notFound, 404);
        return c.json(notFound, 404);
      })
      // Nothing else lives under /uploads: a deeper path is no client route to answer with the app.
      .all('*', (c) => c.json(notFound, 404))
  );
}
