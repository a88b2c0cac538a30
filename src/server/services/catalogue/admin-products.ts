import { asc, eq, lte } from 'drizzle-orm';
import { LIMITS } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { toPesewas } from '@/shared/money';
import { isId } from '@/shared/schemas/fields';
import type { ProductFormValues, ProductUpdateValues } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { catalogueChanged } from './catalogue-signal';
import { removeUnusedImages } from './image-cleanup';
import { imageKeyOfUrl } from './image-urls';
import { type ImageStore, saveUpload } from './images';
import { toProduct } from './products';

/** An uploaded file (a web `File`); only its size and bytes matter, never its name or stated type. */
export type ImageUpload = Pick<Blob, 'size' | 'arrayBuffer'>;

/** One place in a product's image list: an image it already has, or the N-th uploaded file. */
type Slot = { key: string } | { upload: number };

const NEW_UPLOAD = /^new:(\d{1,3})$/i;

/** A key, or an image URL as the client got it in productImageUrls (any width, at /uploads or STORAGE_PUBLIC_URL). */
function keyOf(entry: string): string {
  return imageKeyOfUrl(entry) ?? entry;
}

/**
 * The product's images after an edit, before anything is stored. Without `existingImages` every
 * current image stays and the uploads follow. With it, the listed images stay in that order
 * (a URL or a key, each one the product's own), `new:N` puts the N-th upload at that place, and
 * uploads named nowhere follow. 1 to 4 images in the end.
 */
function planImages(current: readonly string[], existingImages: readonly string[] | undefined, uploads: number): Slot[] {
  const slots: Slot[] = [];
  const placed = new Set<number>();
  if (existingImages === undefined) {
    slots.push(...current.map((key) => ({ key })));
  } else {
    const kept = new Set<string>();
    for (const raw of existingImages) {
      const entry = raw.trim();
      if (entry === '') continue;
      const upload = NEW_UPLOAD.exec(entry);
      if (upload) {
        const index = Number(upload[1]);
        if (index >= uploads) {
          throw badRequest(`existingImages names ${entry}, but ${uploads === 1 ? 'only 1 new image was' : `${uploads} new images were`} sent.`);
        }
        if (placed.has(index)) throw badRequest(`existingImages names ${entry} more than once.`);
        placed.add(index);
        slots.push({ upload: index });
        continue;
      }
      const key = keyOf(entry);
      if (!current.includes(key)) throw badRequest(SERVER_MESSAGES.unknownExistingImage);
      if (kept.has(key)) continue;
      kept.add(key);
      slots.push({ key });
    }
  }
  for (let index = 0; index < uploads; index += 1) if (!placed.has(index)) slots.push({ upload: index });
  checkImageCount(slots.length);
  return slots;
}

function checkImageCount(count: number): void {
  if (count === 0) throw badRequest(SERVER_MESSAGES.firstImageRequired);
  if (count > LIMITS.maxProductImages) throw badRequest(SERVER_MESSAGES.tooManyImages);
}

/** Sizes are known before a byte is read: refuse a large or empty file before any work. */
function checkSizes(files: readonly ImageUpload[]): void {
  for (const file of files) {
    if (file.size > LIMITS.maxImageBytes) throw new AppError(413, SERVER_MESSAGES.imageTooLarge);
    if (file.size === 0) throw badRequest(SERVER_MESSAGES.notAnImage);
  }
}

/** Proves each file is an image and stores its widths; all of them, before the product row changes. */
async function storeAll(images: ImageStore, files: readonly ImageUpload[]): Promise<string[]> {
  const keys: string[] = [];
  // One at a time: each image is decoded and resized three times, and memory matters more than speed here.
  for (const file of files) keys.push(await saveUpload(images, Buffer.from(await file.arrayBuffer())));
  return keys;
}

/** The same picture twice (same bytes, same key) is shown once. */
const unique = (keys: string[]) => [...new Set(keys)];

export async function addProduct(db: Db, images: ImageStore, input: ProductFormValues, files: readonly ImageUpload[], now: Date): Promise<Product> {
  checkImageCount(files.length);
  checkSizes(files);
  const keys = unique(await storeAll(images, files));
  const [row] = await db
    .insert(products)
    .values({
      name: input.name,
      description: input.description,
      category: input.category,
      pricePesewas: toPesewas(input.price),
      stock: input.stock,
      maxPerOrder: input.maxPerOrder,
      newArrival: input.newArrival,
      images: keys,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no product');
  catalogueChanged(db, { kind: 'products' });
  return toProduct(row);
}

/**
 * Edits the fields given and sets the images (see planImages). The files of images no longer listed
 * go once the row has changed, unless another row names them (past orders, other products).
 */
export async function updateProduct(
  db: Db,
  images: ImageStore,
  id: string,
  input: ProductUpdateValues,
  files: readonly ImageUpload[],
  existingImages: readonly string[] | undefined,
  now: Date,
): Promise<Product> {
  if (!isId(id)) throw notFound(MESSAGES.productNotFound);
  const [current] = await db.select({ images: products.images }).from(products).where(eq(products.id, id));
  if (!current) throw notFound(MESSAGES.productNotFound);
  planImages(current.images, existingImages, files.length);
  checkSizes(files);
  const keys = await storeAll(images, files);

  const { row, previous, dataChanged } = await db.transaction(async (tx) => {
    // Planned again on the locked row: an edit that landed while the images were processed is not lost.
    const [locked] = await tx.select({ images: products.images, dataVersion: products.dataVersion }).from(products).where(eq(products.id, id)).for('update');
    if (!locked) throw notFound(MESSAGES.productNotFound);
    const slots = planImages(locked.images, existingImages, files.length);
    const finalImages = unique(slots.map((slot) => ('key' in slot ? slot.key : (keys[slot.upload] as string))));
    const [updated] = await tx
      .update(products)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.category === undefined ? {} : { category: input.category }),
        ...(input.price === undefined ? {} : { pricePesewas: toPesewas(input.price) }),
        ...(input.stock === undefined ? {} : { stock: input.stock }),
        ...(input.maxPerOrder === undefined ? {} : { maxPerOrder: input.maxPerOrder }),
        ...(input.newArrival === undefined ? {} : { newArrival: input.newArrival }),
        images: finalImages,
        updatedAt: now,
      })
      .where(eq(products.id, id))
      .returning();
    // The trigger moves data_version only when something other than stock changed (a restock does not).
    return { row: updated, previous: locked.images, dataChanged: updated !== undefined && updated.dataVersion !== locked.dataVersion };
  });
  if (!row) throw notFound(MESSAGES.productNotFound);
  catalogueChanged(db, dataChanged ? { kind: 'products' } : { kind: 'stock', productIds: [id] });
  await removeUnusedImages(
    db,
    images,
    previous.filter((key) => !row.images.includes(key)),
  );
  return toProduct(row);
}

/**
 * Carts lose the line (cascade); order lines keep their own snapshot and have no link to the product.
 * The product's image files go with it unless another row names them (its past orders keep theirs).
 */
export async function deleteProduct(db: Db, id: string, images?: ImageStore): Promise<void> {
  if (!isId(id)) throw notFound(MESSAGES.productNotFound);
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id, images: products.images });
  if (deleted.length === 0) throw notFound(MESSAGES.productNotFound);
  catalogueChanged(db, { kind: 'products' });
  if (images)
    await removeUnusedImages(
      db,
      images,
      deleted.flatMap((row) => row.images),
    );
}

/** Products with `threshold` or fewer in stock, lowest first, then by name. */
export async function lowStockProducts(db: Db, threshold: number): Promise<Product[]> {
  const rows = await db.select().from(products).where(lte(products.stock, threshold)).orderBy(asc(products.stock), asc(products.name), asc(products.id));
  return rows.map(toProduct);
}
