import { AsyncLocalStorage } from 'node:async_hooks';

/** Where the shop's own server serves stored images (routes/uploads.ts). */
export const UPLOADS_PATH = '/uploads';

/**
 * The public base of image URLs (STORAGE_PUBLIC_URL) for the request being answered. It is the app's
 * configuration, but image URLs are made deep inside services (toProduct, toUser, logoUrl) that take
 * no config; a module variable would leak between the apps that tests build in one process, so each
 * app runs its requests inside its own base (app.ts), and anything outside a request gets `/uploads`.
 */
const publicBase = new AsyncLocalStorage<string>();

/** Runs `answer` (one request) with image URLs under `base`. */
export function withImageBase<T>(base: string, answer: () => T): T {
  return publicBase.run(base, answer);
}

/** A stored file's URL: `/uploads/{name}`, or `{STORAGE_PUBLIC_URL}/{name}`. */
export function storedFileUrl(name: string): string {
  return `${publicBase.getStore() ?? UPLOADS_PATH}/${name}`;
}

/** `…/{key}-{width}.webp` at any base (`/uploads`, the shop's origin, a CDN), as the client got it. */
const WEBP_URL = /(?:^|\/)([a-f0-9]{16,64})-\d{2,4}\.webp(?:[?#].*)?$/i;

/**
 * The image key in an image URL the client sends back (an edit's existingImages, a settings form's
 * logo), or undefined. Any base is taken: the key itself is checked against the row by the caller.
 */
export function imageKeyOfUrl(url: string): string | undefined {
  return WEBP_URL.exec(url.trim())?.[1]?.toLowerCase();
}
