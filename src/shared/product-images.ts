import { IMAGE_WIDTHS } from './constants';

/**
 * How wide product images show, as `sizes` attributes. The server names the same values when it asks
 * the browser to preload a page's main image (src/server/services/catalogue/image-hints.ts): with any other
 * value the browser would pick another width and download the image twice.
 */
export const IMAGE_SIZES = {
  /** A product card: half the phone, a third of a tablet, a quarter of the 1200 px column. */
  card: '(min-width: 1200px) 276px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 46vw',
  /** The product page's main image. */
  productMain: '(min-width: 1200px) 560px, (min-width: 768px) 46vw, 100vw',
} as const;

/** How many cards of a listing are above the fold on a phone (their images load at once). */
export const LISTING_EAGER_CARDS = 2;

/** `{base}/{key}-640.webp` (`/uploads` or STORAGE_PUBLIC_URL) → the srcset of the three stored widths. */
export function srcSetOf(url: string): string | undefined {
  const match = /^(.*-)(\d+)\.webp$/.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((w) => `${match[1]}${w}.webp ${w}w`).join(', ');
}

/**
 * The share image every stored product image also has (src/server/services/catalogue/images.ts): a 1200×630
 * JPEG of at most 300 KB (counted as 300,000 bytes, so it holds whichever way a reader counts): the
 * format every link reader (WhatsApp, Facebook, X) shows, at the 1.91:1 size they all crop to.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, maxBytes: 300_000 } as const;

/**
 * `{base}/{key}-640.webp` → `{base}/{key}-share.jpg`, where the base is `/uploads` or the shop's
 * STORAGE_PUBLIC_URL (a CDN); undefined for an image that is not a stored upload.
 */
export function shareImageOf(url: string): string | undefined {
  // The shop's own folder names its files itself; elsewhere only a content key marks a stored upload.
  const match = /^(\/uploads\/[^/]+?)-\d+\.webp$/.exec(url) ?? /^((?:https?:\/\/[^/?#]+)?\/(?:[^?#]*\/)?[a-f0-9]{16,64})-\d+\.webp$/.exec(url);
  return match ? `${match[1]}-share.jpg` : undefined;
}
