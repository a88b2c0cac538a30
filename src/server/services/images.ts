import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { AppError } from '../errors';

/** Raster formats accepted from uploads; SVG is refused (it can carry script). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** More pixels than any photo of a product needs; a larger image is a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageStore {
  /** Proves the bytes are an image, stores its WebP widths and returns its content-hash key. */
  save(input: Buffer): Promise<string>;
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
    throw new AppError(500, MESSAGES.imageSaveFailed, undefined, undefined, { cause: error });
  }
}

/** Images on the local disk under `{dir}/{key}-{width}.webp`, written atomically. */
export function diskImageStore(dir: string): ImageStore {
  return {
    async save(input) {
      if (input.length === 0 || input.length > LIMITS.maxImageBytes) {
        throw new AppError(413, MESSAGES.imageTooLarge);
      }
      let meta: Metadata;
      try {
        meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      } catch {
        throw new AppError(400, MESSAGES.notAnImage);
      }
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
        throw new AppError(400, MESSAGES.notAnImage);
      }
      const key = createHash('sha256').update(input).digest('hex').slice(0, 32);
      // Every width is made before any is written: bytes that fail to decode leave no file behind.
      const missing: { target: string; webp: Buffer }[] = [];
      for (const width of IMAGE_WIDTHS) {
        const target = path.join(dir, `${key}-${width}.webp`);
        if (await exists(target)) continue; // same bytes, same files: content addressing makes this safe
        missing.push({ target, webp: await toWebp(input, width) });
      }
      await mkdir(dir, { recursive: true });
      for (const { target, webp } of missing) {
        const temp = `${target}.${randomUUID()}.tmp`;
        try {
          await writeFile(temp, webp);
          await rename(temp, target);
        } catch (error) {
          await rm(temp, { force: true });
          throw error;
        }
      }
      return key;
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
    throw new AppError(400, MESSAGES.notAnImage);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
