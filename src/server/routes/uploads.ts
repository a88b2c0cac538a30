import { type Context, Hono } from 'hono';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AppError } from '../errors';
import type { AppEnv, RouteDeps } from '../http/env';
import {
  diskImageFiles,
  ensureShareImage,
  type ImageFiles,
  STORED_IMAGE_CACHE_CONTROL,
  STORED_IMAGE_NAME,
  type StoredFile,
  storedImageType,
} from '../services/catalogue/images';

/** An image's link-preview JPEG: `{key}-share.jpg`. */
const SHARE_NAME = /^([a-f0-9]{16,64})-share\.jpg$/;
const STORE_UNAVAILABLE = 'The image could not be loaded just now. Please try again in a moment.';

/**
 * The uploaded images under /uploads: their WebP widths and their share JPEGs, nothing else, read
 * from wherever the store keeps them (the uploads folder, or the STORAGE_URL bucket: streamed through).
 * An image stored before share JPEGs existed gets its JPEG on the first request for it (from its
 * largest WebP), so link previews work before `npm run images:share` has run.
 * A stored name never changes content, so the name is its own ETag: a revalidation needs no read.
 */
export function uploadRoutes(deps: RouteDeps) {
  const files = deps.imageStore.files ?? diskImageFiles(deps.config.uploadsDir);
  const notFound = { message: SERVER_MESSAGES.notFound };
  return (
    new Hono<AppEnv>()
      .on(['GET', 'HEAD'], '/:name', async (c) => {
        const name = c.req.param('name');
        if (!STORED_IMAGE_NAME.test(name)) return c.json(notFound, 404);
        const etag = `"${name}"`;
        if (c.req.header('if-none-match')?.includes(etag))
          return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': STORED_IMAGE_CACHE_CONTROL } });
        const withBody = c.req.method !== 'HEAD';
        const found = await openStored(files, name, withBody);
        if (found) return answerWith(c, name, etag, found);
        // A share JPEG not made yet: made now from the image's WebP (a key without one stays a 404).
        const share = SHARE_NAME.exec(name);
        if (share?.[1] && (await fromStore(() => ensureShareImage(files, share[1] as string)))) {
          const made = await openStored(files, name, withBody);
          if (made) return answerWith(c, name, etag, made);
        }
        return c.json(notFound, 404);
      })
      // Nothing else lives under /uploads: a deeper path is no client route to answer with the app.
      .all('*', (c) => c.json(notFound, 404))
  );
}

function openStored(files: ImageFiles, name: string, withBody: boolean): Promise<StoredFile | undefined> {
  return fromStore(() => files.open(name, withBody));
}

/** A store that fails (a bucket down or refusing) is a 503 to retry, with its error kept for the log; never a 404 that looks final. */
async function fromStore<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(503, STORE_UNAVAILABLE, undefined, { 'Retry-After': '5' }, { cause: error });
  }
}

function answerWith(c: Context<AppEnv>, name: string, etag: string, file: StoredFile): Response {
  const headers = new Headers({
    'Content-Type': storedImageType(name),
    'Content-Length': String(file.size),
    'Cache-Control': STORED_IMAGE_CACHE_CONTROL,
    'Last-Modified': file.lastModified.toUTCString(),
    ETag: etag,
  });
  const since = c.req.header('if-modified-since');
  if (since && Math.floor(file.lastModified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000)) {
    void file.body?.cancel();
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(file.body ?? null, { status: 200, headers });
}
