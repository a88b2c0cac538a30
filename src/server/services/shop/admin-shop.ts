import { asc, desc, eq } from 'drizzle-orm';
import type { ContactMessage, PromoCode } from '@/shared/admin-types';
import { LIMITS } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import {
  type ChangePasswordInput,
  type ContactMessagesQuery,
  endsAfterStart,
  PROMO_CODE_PATTERN,
  type PromoCodeCreateInput,
  type PromoCodeUpdateInput,
  type ShopSettingsInput,
  SOCIAL_NETWORKS,
} from '@/shared/schemas/shop';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Listed } from '@/shared/types';
import type { Db } from '../../db/client';
import { countRows, pageOf } from '../../db/paging';
import { contactMessages, promoCodes, shopSettings } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { type AuthUser, type UpdateUserOptions, updateUser } from '../accounts/auth';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { removeUnusedImages } from '../catalogue/image-cleanup';
import { imageKeyOfUrl } from '../catalogue/image-urls';
import { type ImageStore, saveUpload } from '../catalogue/images';
import { promoStateOf, usesByCode } from '../orders/promo';
import { getSettings, type StoredSettings } from './shop';

/* ---------- Shop settings ---------- */

const IMAGE_KEY = /^[a-f0-9]{16,64}$/;

/** What a first save starts from when the row does not exist yet (a fresh, unseeded shop). */
const EMPTY_ROW = { whatsapp: '', address: '', logo: null as string | null, socials: {} as Record<string, string>, vitalsSamplePercent: 100 };

/** Stores the logo's WebP widths; anything that is not a readable raster image is 400 logoNotImage. */
async function saveLogo(images: ImageStore, file: Blob): Promise<string> {
  if (file.size > LIMITS.maxImageBytes) throw new AppError(413, SERVER_MESSAGES.imageTooLarge);
  const logoNotImage = badRequest(SERVER_MESSAGES.logoNotImage, [{ path: ['logo'], message: SERVER_MESSAGES.logoNotImage }]);
  if (file.size === 0) throw logoNotImage;
  try {
    return await saveUpload(images, Buffer.from(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof AppError && error.status === 400) throw logoNotImage;
    throw error;
  }
}

/**
 * Saves the shop's details (the single row id = 1, created on the first save). Fields left out keep
 * their value; blank ones are cleared; social links are merged one by one (blank removes a link).
 * The logo is replaced by `logoFile`, kept when none is sent, and dropped with `removeLogo`. The
 * input is validated before this is called, so a refused form never stores an image.
 */
export async function updateSettings(db: Db, images: ImageStore, input: ShopSettingsInput, logoFile: Blob | undefined, now: Date): Promise<StoredSettings> {
  const newLogo = logoFile ? await saveLogo(images, logoFile) : undefined;

  const { previous, logo } = await db.transaction(async (tx) => {
    const [current = EMPTY_ROW] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
    const socials: Record<string, string> = { ...current.socials };
    for (const network of SOCIAL_NETWORKS) {
      const link = input.socials?.[network];
      if (link === undefined) continue;
      if (link === '') delete socials[network];
      else socials[network] = link;
    }
    const values = {
      shopName: input.shopName,
      email: input.email,
      phone: input.phone,
      whatsapp: input.whatsapp ?? current.whatsapp,
      address: input.address ?? current.address,
      logo: newLogo ?? (input.removeLogo ? null : current.logo),
      socials,
      vitalsSamplePercent: input.vitalsSamplePercent ?? current.vitalsSamplePercent,
      updatedAt: now,
    };
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: shopSettings.id, set: values });
    return { previous: current.logo, logo: values.logo };
  });
  catalogueChanged(db);
  // The replaced logo's files go once the row has changed, unless another row names them.
  const previousKey = previous && previous !== logo ? (IMAGE_KEY.test(previous) ? previous : imageKeyOfUrl(previous)) : undefined;
  if (previousKey) await removeUnusedImages(db, images, [previousKey]);
  return getSettings(db);
}

/* ---------- Password ---------- */

/**
 * The signed-in admin's own password. The profile call's rules apply (services/accounts/auth.ts `updateUser`):
 * a wrong current password is 400 'Incorrect old password', the caller's session stays signed in and
 * every other session of the account is revoked.
 */
export async function changePassword(db: Db, caller: AuthUser, input: ChangePasswordInput, now: Date, options: UpdateUserOptions = {}) {
  await updateUser(db, caller, { password: input.newPassword, currentPassword: input.currentPassword }, now, options);
  return { message: SERVER_MESSAGES.passwordChanged };
}

/* ---------- Contact messages ---------- */

function toContactMessage(row: typeof contactMessages.$inferSelect): ContactMessage {
  return { _id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, createdAt: row.createdAt.toISOString() };
}

/** Newest first; everything unless paged (then also total, page, limit). */
export async function listContactMessages(db: Db, query: ContactMessagesQuery): Promise<Listed<'messages', ContactMessage>> {
  const rowsQuery = db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  const { items, ...meta } = await pageOf(
    query,
    (window) => (window ? rowsQuery.limit(window.limit).offset(window.offset) : rowsQuery),
    () => countRows(db, contactMessages),
  );
  return { messages: items.map(toContactMessage), ...meta };
}

/* ---------- Promo codes ---------- */

/** Every code, active or not, in alphabetical order (a stable list for the admin table), with its uses and standing at `now`. */
export async function listPromoCodes(db: Db, now: Date): Promise<PromoCode[]> {
  const [rows, uses] = await Promise.all([db.select().from(promoCodes).orderBy(asc(promoCodes.code)), usesByCode(db)]);
  return rows.map((row) => {
    const used = uses.get(row.code) ?? 0;
    return {
      code: row.code,
      percent: row.percent,
      active: row.active,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      maxUses: row.maxUses,
      onePerCustomer: row.onePerCustomer,
      uses: used,
      state: promoStateOf(row, used, now),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A code from the URL, compared as stored; one that cannot exist is simply not found. */
function codeFromPath(code: string): string {
  const normalized = code.trim().toUpperCase();
  if (!PROMO_CODE_PATTERN.test(normalized)) throw notFound(SERVER_MESSAGES.promoNotFound);
  return normalized;
}

const endBeforeStart = () => badRequest(PAGE_MESSAGES.promoEndBeforeStart, [{ path: ['endsAt'], message: PAGE_MESSAGES.promoEndBeforeStart }]);

export async function createPromoCode(db: Db, input: PromoCodeCreateInput, now: Date): Promise<PromoCode[]> {
  const inserted = await db
    .insert(promoCodes)
    .values({
      code: input.code,
      percent: input.percent,
      active: input.active,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      maxUses: input.maxUses,
      onePerCustomer: input.onePerCustomer,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ code: promoCodes.code });
  if (inserted.length === 0) throw conflict(SERVER_MESSAGES.promoExists);
  return listPromoCodes(db, now);
}

/**
 * Changes a code's percent, dates, uses or one-per-customer, or switches it on or off; orders already
 * placed keep their discount. A new start or end is checked against the one kept (the end after the
 * start); a limit lowered below the uses so far simply leaves the code used up.
 */
export async function updatePromoCode(db: Db, code: string, input: PromoCodeUpdateInput, now: Date): Promise<PromoCode[]> {
  const stored = codeFromPath(code);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, stored)).for('update');
    if (!row) throw notFound(SERVER_MESSAGES.promoNotFound);
    const changes: Partial<typeof promoCodes.$inferInsert> = {};
    if (input.percent !== undefined) changes.percent = input.percent;
    if (input.active !== undefined) changes.active = input.active;
    if (input.startsAt !== undefined) changes.startsAt = input.startsAt;
    if (input.endsAt !== undefined) changes.endsAt = input.endsAt;
    if (input.maxUses !== undefined) changes.maxUses = input.maxUses;
    if (input.onePerCustomer !== undefined) changes.onePerCustomer = input.onePerCustomer;
    const dates = {
      startsAt: changes.startsAt === undefined ? row.startsAt : changes.startsAt,
      endsAt: changes.endsAt === undefined ? row.endsAt : changes.endsAt,
    };
    if (!endsAfterStart(dates)) throw endBeforeStart();
    await tx.update(promoCodes).set(changes).where(eq(promoCodes.code, stored));
  });
  return listPromoCodes(db, now);
}

/** Orders keep the code and percent they were placed with (stored on the order, not referenced); its uses go with it. */
export async function deletePromoCode(db: Db, code: string, now: Date): Promise<PromoCode[]> {
  const deleted = await db
    .delete(promoCodes)
    .where(eq(promoCodes.code, codeFromPath(code)))
    .returning({ code: promoCodes.code });
  if (deleted.length === 0) throw notFound(SERVER_MESSAGES.promoNotFound);
  return listPromoCodes(db, now);
}
