import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, LIMITS } from '@/shared/constants';
import { SHARE_IMAGE } from '@/shared/product-images';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AppError } from '../../errors';

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

/** Every name a stored image's files have: `{key}-{width}.webp` and `{key}-share.jpg`. */
export const STORED_IMAGE_NAME = /^([a-f0-9]{16,64})-(?:\d{2,4}\.webp|share\.jpg)$/;

/** A stored file never changes (its name is its content's hash): every cache keeps it a year. */
export const STORED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The type a stored file is served with, from its name (the store's own record of it is not trusted). */
export function storedImageType(name: string): string {
  return name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
}

/** One stored file, as /uploads serves it: its size and date, and (not for HEAD) its bytes as a stream. */
export interface StoredFile {
  size: number;
  lastModified: Date;
  body?: ReadableStream<Uint8Array>;
}

/**
 * Where the files of stored images live: the uploads folder (diskImageFiles) or an S3-compatible
 * bucket (s3-images.ts). Names are bare file names (`{key}-640.webp`), checked by the callers.
 */
export interface ImageFiles {
  /** Where the files are, for people: a folder, or `s3://bucket/prefix`. */
  readonly where: string;
  exists(name: string): Promise<boolean>;
  /** The whole file, or undefined when there is none. */
  read(name: string): Promise<Buffer | undefined>;
  /** The file for serving (its bytes streamed when `withBody`), or undefined when there is none. */
  open(name: string, withBody: boolean): Promise<StoredFile | undefined>;
  /** Writes the whole file: a reader sees all of it or none of it. */
  write(name: string, bytes: Buffer): Promise<void>;
  /** A missing file is no error. */
  delete(names: readonly string[]): Promise<void>;
  /** Every name stored, in no particular order. */
  list(): AsyncIterable<string>;
}

export interface ImageStore {
  /** Proves the bytes are an image, stores its WebP widths and its share JPEG, and returns its content-hash key. */
  save(input: Buffer): Promise<string>;
  /**
   * Deletes an image's files (its WebP widths and share JPEG); a missing file is no error. Optional:
   * a store without it keeps replaced images (callers check that no row still names the key).
   */
  remove?(key: string): Promise<void>;
  /** The stored files (serving /uploads, share JPEGs made late, moving to a bucket); the uploads folder when absent. */
  files?: ImageFiles;
}

/**
 * Stores one uploaded image. The store's own refusals (not an image, too large) pass through; any
 * other failure (disk full, permission denied, a bucket down or refusing) is the server's: a 500 that
 * says the image was not saved, with the store's error kept for the log. Callers store every image
 * before they write a row.
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
  return imageStoreOn(diskImageFiles(dir));
}

/** The image pipeline (checks, WebP widths, share JPEG, content-hash key) over any place for files. */
export function imageStoreOn(files: ImageFiles): ImageStore {
  return {
    files,
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
      const names = [...IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`), shareImageName(key)];
      // Same bytes, same files (content addressing): only the missing ones are made.
      const present = await Promise.all(names.map((name) => files.exists(name)));
      // Every file is made before any is written: bytes that fail to decode leave no file behind.
      const missing: { name: string; bytes: Buffer }[] = [];
      for (const [index, width] of IMAGE_WIDTHS.entries()) {
        if (!present[index]) missing.push({ name: names[index] as string, bytes: await toWebp(input, width) });
      }
      if (!present[IMAGE_WIDTHS.length]) missing.push({ name: shareImageName(key), bytes: await toShareJpegOrRefuse(input) });
      // Written side by side, and all settled before the answer: a failure leaves no write in flight.
      // Files written before one failed stay: nothing names their key, and the next save of the image uses them.
      const results = await Promise.allSettled(missing.map(({ name, bytes }) => files.write(name, bytes)));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
      return key;
    },
    async remove(key) {
      if (!IMAGE_KEY.test(key)) return;
      await files.delete([...IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`), shareImageName(key)]);
    },
  };
}

/** The uploads folder as a place for image files; a folder not made yet holds nothing. */
export function diskImageFiles(dir: string): ImageFiles {
  const inDir = (name: string) => path.join(dir, name);
  return {
    where: dir,
    exists: (name) => exists(inDir(name)),
    async read(name) {
      try {
        return await readFile(inDir(name));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async open(name, withBody) {
      let info: Awaited<ReturnType<typeof stat>>;
      try {
        info = await stat(inDir(name));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      if (!info.isFile()) return undefined;
      const body = withBody ? (Readable.toWeb(createReadStream(inDir(name))) as ReadableStream<Uint8Array>) : undefined;
      return { size: info.size, lastModified: info.mtime, body };
    },
    async write(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeAtomically(inDir(name), bytes);
    },
    async delete(names) {
      await Promise.all(names.map((name) => rm(inDir(name), { force: true })));
    },
    async *list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      yield* names;
    },
  };
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

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
 * with no stored WebP (or not a key at all). A WebP that fails to decode throws. `where` is the
 * uploads folder or the store's files (a bucket).
 */
export async function ensureShareImage(where: string | ImageFiles, key: string): Promise<boolean> {
  if (!IMAGE_KEY.test(key)) return false;
  const files = filesAt(where);
  const target = shareImageName(key);
  if (await files.exists(target)) return true;
  for (const width of [...IMAGE_WIDTHS].sort((a, b) => b - a)) {
    const source = await files.read(`${key}-${width}.webp`);
    if (!source) continue;
    await files.write(target, await toShareJpeg(source));
    return true;
  }
  return false;
}

/**
 * Makes every missing share JPEG in an uploads folder or a bucket (`npm run images:share`): one per
 * image key with a stored WebP. `made` were written now, `existing` were there already; `failed`
 * lists the keys whose WebP could not be read (each is tried, whatever the others do). Safe while the
 * shop runs: each file is written whole, and a request for a missing one makes the same bytes.
 */
export async function backfillShareImages(where: string | ImageFiles): Promise<{ made: number; existing: number; failed: string[] }> {
  const files = filesAt(where);
  const names = new Set<string>();
  for await (const name of files.list()) names.add(name);
  const keys = new Set([...names].flatMap((name) => WEBP_NAME.exec(name)?.[1] ?? []));
  const result = { made: 0, existing: 0, failed: [] as string[] };
  for (const key of [...keys].sort()) {
    if (names.has(shareImageName(key))) {
      result.existing += 1;
      continue;
    }
    try {
      if (await ensureShareImage(files, key)) result.made += 1;
    } catch {
      result.failed.push(key);
    }
  }
  return result;
}

/**
 * Copies every stored image file (`{key}-{width}.webp`, `{key}-share.jpg`) that `to` lacks from
 * `from` (`npm run images:to-bucket`: the uploads folder into the bucket). `copied` now, `present`
 * already there; `failed` names the files that could not be read or written (each is tried,
 * whatever the others do). Nothing in `from` changes, so it can be run again until nothing fails.
 */
export async function copyImageFiles(
  from: ImageFiles,
  to: ImageFiles,
  options: { concurrency?: number } = {},
): Promise<{ copied: number; present: number; failed: string[] }> {
  const already = new Set<string>();
  for await (const name of to.list()) already.add(name);
  const names: string[] = [];
  for await (const name of from.list()) if (STORED_IMAGE_NAME.test(name)) names.push(name);
  names.sort();
  const result = { copied: 0, present: 0, failed: [] as string[] };
  const queue = names.filter((name) => {
    if (!already.has(name)) return true;
    result.present += 1;
    return false;
  });
  const copyNext = async (): Promise<void> => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      try {
        const bytes = await from.read(name);
        if (!bytes) throw new Error('gone from the source');
        await to.write(name, bytes);
        result.copied += 1;
      } catch {
        result.failed.push(name);
      }
    }
  };
  // A few at a time: a bucket's latency, not bandwidth, is what a one-by-one copy waits on.
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, copyNext));
  result.failed.sort();
  return result;
}

const filesAt = (where: string | ImageFiles) => (typeof where === 'string' ? diskImageFiles(where) : where);

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
