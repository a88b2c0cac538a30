import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, LIMITS } from '@/shared/constants';
import { SHARE_IMAGE } from '@/shared/product-images';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AppError } from '../errors';

/** Raster formats accepted from uploads; SVG is refused (it can carry script). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** More pixels than any photo of a product needs; a larger image is a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
/** An image key: the first hex characters of the upload's SHA-256 (32 today; older rows may differ). */
const IMAGE_KEY = /^[a-f0-9]{16,64}$/;
/** A stored WebP width, `{key}-{width}.webp`. */
const WEBP_NAME = /^([a-f0-9]{16,64})-\d{2,4}\.webp$/;

/** The page colour of the shop's theme (src/client/styles/theme.css.ts `color.page`, the manifest's background). */
const SHARE_BACKGROUND = '#fbf7ef';
/** Tried in turn until the JPEG fits; even pure noise at 1200×630 fits at 60 (photos at the first). */
const SHARE_QUALITIES = [80, 70, 60, 50, 40, 30, 20] as const;

/** The share JPEG's file name in the uploads folder (served at `/uploads/{key}-share.jpg`). */
export function shareImageName(key: string): string {
  return `${key}-share.jpg`;
}

export interface ImageStore {
  /** Proves the bytes are an image, stores its WebP widths and its share JPEG, and returns its content-hash key. */
  save(input: Buffer): Promise<string>;
  /**
   * Deletes an image's files (its WebP widths and share JPEG); a missing file is no error. Optional:
   * a store without it keeps replaced images (callers check that no row still names the key).
   */
  remove?(key: string): Promise<void>;
}

/**
 * Stores one uploaded image. The store's own refusals (not an image, too large) pass through; any
 * other failure (disk full, permission denied) is the server's: a 500 that says the image was not
 * saved, with the store's error kept for the log. Callers store every image before they write a row.
 */
export async function saveUpload(store: ImageStore, bytes: Buffer): Promise<string> {
  try {
    return await store.save(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(500, SERVER_MESSAGES.imageSaveFailed, undefined, undefined, { cause: error });
  }
}

/** Images on the local disk under `{dir}/{key}-{width}.webp` and `{dir}/{key}-share.jpg`, written atomically. */
export function diskImageStore(dir: string): ImageStore {
  return {
    async save(input) {
      if (input.length === 0 || input.length > LIMITS.maxImageBytes) {
        throw new AppError(413, SERVER_MESSAGES.imageTooLarge);
      }
      let meta: Metadata;
      try {
        meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      } catch {
        throw new AppError(400, SERVER_MESSAGES.notAnImage);
      }
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
        throw new AppError(400, SERVER_MESSAGES.notAnImage);
      }
      const key = createHash('sha256').update(input).digest('hex').slice(0, 32);
      // Every file is made before any is written: bytes that fail to decode leave no file behind.
      const missing: { target: string; bytes: Buffer }[] = [];
      for (const width of IMAGE_WIDTHS) {
        const target = path.join(dir, `${key}-${width}.webp`);
        if (await exists(target)) continue; // same bytes, same files: content addressing makes this safe
        missing.push({ target, bytes: await toWebp(input, width) });
      }
      const share = path.join(dir, shareImageName(key));
      if (!(await exists(share))) missing.push({ target: share, bytes: await toShareJpegOrRefuse(input) });
      await mkdir(dir, { recursive: true });
      for (const { target, bytes } of missing) await writeAtomically(target, bytes);
      return key;
    },
    async remove(key) {
      if (!IMAGE_KEY.test(key)) return;
      const names = [...IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`), shareImageName(key)];
      await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
}

/**
 * One width as WebP. A header can read well while the pixels do not (cut short, scrambled, more
 * pixels than allowed): that is still not an image we can use, so a 400, never a 500.
 */
async function toWebp(input: Buffer, width: number): Promise<Buffer> {
  try {
    // rotate() applies EXIF orientation; sharp drops EXIF, GPS and other metadata by default.
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    throw new AppError(400, SERVER_MESSAGES.notAnImage);
  }
}

async function toShareJpegOrRefuse(input: Buffer): Promise<Buffer> {
  try {
    return await toShareJpeg(input);
  } catch {
    throw new AppError(400, SERVER_MESSAGES.notAnImage);
  }
}

/**
 * The share picture: the whole image (EXIF orientation applied) fitted inside 1200×630 on the shop's
 * cream, transparency flattened onto the same cream, as a progressive mozjpeg JPEG at the best
 * quality that stays within SHARE_IMAGE.maxBytes.
 */
async function toShareJpeg(input: Buffer): Promise<Buffer> {
  // Decoded, turned and fitted once; only the JPEG encoding is repeated.
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: SHARE_BACKGROUND })
    .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'contain', background: SHARE_BACKGROUND })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fitted = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  for (const quality of SHARE_QUALITIES) {
    const jpeg = await sharp(data, fitted).jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
    if (jpeg.length <= SHARE_IMAGE.maxBytes) return jpeg;
  }
  // Out of reach (a 1200×630 JPEG at quality 20 is far below the limit, noise included), kept as a guard.
  throw new Error(`The share image stays above ${SHARE_IMAGE.maxBytes} bytes at every quality`);
}

/**
 * Makes `{key}-share.jpg` from the largest stored WebP width of an image when it is missing (images
 * stored before share pictures existed). True when the share JPEG exists afterwards; false for a key
 * with no stored WebP (or not a key at all). A WebP that fails to decode throws.
 */
export async function ensureShareImage(dir: string, key: string): Promise<boolean> {
  if (!IMAGE_KEY.test(key)) return false;
  const target = path.join(dir, shareImageName(key));
  if (await exists(target)) return true;
  for (const width of [...IMAGE_WIDTHS].sort((a, b) => b - a)) {
    const source = path.join(dir, `${key}-${width}.webp`);
    if (!(await exists(source))) continue;
    await writeAtomically(target, await toShareJpeg(await readFile(source)));
    return true;
  }
  return false;
}

/**
 * Makes every missing share JPEG in an uploads folder (`npm run images:share`): one per image key with
 * a stored WebP. `made` were written now, `existing` were there already; `failed` lists the keys whose
 * WebP could not be read (each is tried, whatever the others do). Safe while the shop runs: each file
 * is written atomically, and a request for a missing one makes the same bytes.
 */
export async function backfillShareImages(dir: string): Promise<{ made: number; existing: number; failed: string[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { made: 0, existing: 0, failed: [] };
    throw error;
  }
  const keys = new Set(names.flatMap((name) => WEBP_NAME.exec(name)?.[1] ?? []));
  const result = { made: 0, existing: 0, failed: [] as string[] };
  for (const key of [...keys].sort()) {
    if (await exists(path.join(dir, shareImageName(key)))) {
      result.existing += 1;
      continue;
    }
    try {
      if (await ensureShareImage(dir, key)) result.made += 1;
    } catch {
      result.failed.push(key);
    }
  }
  return result;
}

/** Writes beside the target and renames: a reader sees the whole file or none. */
async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
