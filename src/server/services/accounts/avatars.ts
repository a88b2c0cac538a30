import { eq } from 'drizzle-orm';
import { LIMITS } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { User } from '@/shared/types';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { removeUnusedImages } from '../catalogue/image-cleanup';
import { type ImageStore, saveUpload } from '../catalogue/images';
import { toUser } from './auth';

/** Stores the photo's WebP widths; anything that is not a readable raster image is 400 notAnImage. */
async function savePhoto(images: ImageStore, file: Blob): Promise<string> {
  if (file.size > LIMITS.maxImageBytes) throw new AppError(413, SERVER_MESSAGES.imageTooLarge);
  const notAnImage = badRequest(SERVER_MESSAGES.notAnImage, [{ path: ['avatar'], message: SERVER_MESSAGES.notAnImage }]);
  if (file.size === 0) throw notAnImage;
  try {
    return await saveUpload(images, Buffer.from(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof AppError && error.status === 400) throw notAnImage;
    throw error;
  }
}

/** Sets (a key) or clears (null) the account's avatar; the replaced image's files go when nothing else names them. */
async function setAvatar(db: Db, images: ImageStore, userId: string, key: string | null): Promise<User> {
  const { row, previous } = await db.transaction(async (tx) => {
    const [current] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw notFound(SERVER_MESSAGES.notFound);
    const [row] = await tx.update(users).set({ avatar: key }).where(eq(users.id, userId)).returning();
    return { row: row as typeof users.$inferSelect, previous: current.avatar };
  });
  if (previous && previous !== key) await removeUnusedImages(db, images, [previous]);
  return toUser(row);
}

/** `PUT /myAvatar`: the signed-in account's photo, stored through the image pipeline. */
export async function uploadAvatar(db: Db, images: ImageStore, userId: string, file: Blob): Promise<User> {
  return setAvatar(db, images, userId, await savePhoto(images, file));
}

/** `DELETE /myAvatar`: the account has no photo afterwards (initials are shown). */
export async function removeAvatar(db: Db, images: ImageStore, userId: string): Promise<User> {
  return setAvatar(db, images, userId, null);
}
