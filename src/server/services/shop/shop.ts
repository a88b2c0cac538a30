import { eq } from 'drizzle-orm';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ContactInput } from '@/shared/schemas/shop';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ShopSettings } from '@/shared/types';
import type { Db } from '../../db/client';
import { contactMessages, shopSettings, subscribers } from '../../db/schema';
import { storedFileUrl, UPLOADS_PATH } from '../catalogue/image-urls';
import { imageUrl } from '../catalogue/products';
import { listDeliveryOptions } from '../orders/delivery';
import { type PaymentSetup, paymentOptions } from '../payments/payment-deps';

/**
 * The logo is shown small (the top bar, the admin header: at most ~160 CSS px wide), so its URL is
 * the 320 px WebP: sharp enough on 2x screens and the lightest file for a call every page makes.
 * The client can derive the 640 and 1200 files from the name, as for product images.
 */
export const LOGO_URL_WIDTH = 320;

const IMAGE_KEY = /^[a-f0-9]{16,64}$/;
const UPLOAD_URL = /^\/uploads\/[a-f0-9]{16,64}-\d{2,4}\.webp$/;

/** The `logo` column holds an image key; a stored `/uploads/…webp` URL (older rows) names its file, at the images' base. */
export function logoUrl(stored: string | null): string | null {
  if (!stored) return null;
  if (IMAGE_KEY.test(stored)) return imageUrl(stored, LOGO_URL_WIDTH);
  return UPLOAD_URL.test(stored) ? storedFileUrl(stored.slice(`${UPLOADS_PATH}/`.length)) : null;
}

/** What the database keeps; how the shop takes payment comes from its configuration (routes add it). */
export type StoredSettings = Omit<ShopSettings, 'payments' | 'passwordReset'>;

export const FALLBACK_SETTINGS: StoredSettings = {
  shopName: 'Nkuto Naturals',
  email: '',
  phone: '',
  whatsapp: '',
  address: '',
  logo: null,
  socials: {},
  delivery: [],
  demoShop: false,
  vitalsSamplePercent: 100,
};

/** Whether this database was created as a demo shop (the demo catalogue seeded into it while empty). */
export async function isDemoShop(db: Db): Promise<boolean> {
  const [row] = await db.select({ demoShop: shopSettings.demoShop }).from(shopSettings).where(eq(shopSettings.id, 1));
  return row?.demoShop ?? false;
}

/** The stored settings with the delivery options the checkout offers. */
export async function getSettings(db: Db): Promise<StoredSettings> {
  const [[row], delivery] = await Promise.all([db.select().from(shopSettings).where(eq(shopSettings.id, 1)), listDeliveryOptions(db, { activeOnly: true })]);
  if (!row) return { ...FALLBACK_SETTINGS, delivery };
  return {
    delivery,
    shopName: row.shopName,
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    address: row.address,
    logo: logoUrl(row.logo),
    socials: row.socials,
    demoShop: row.demoShop,
    vitalsSamplePercent: row.vitalsSamplePercent,
  };
}

/** With no SMTP and no SMS gateway, nobody can be sent a reset: the spec's sign-in page, no way to ask. */
const NO_PASSWORD_RESET = { email: false, sms: false };

/** GET /api/settings' answer: what every shopper may see, with the payments the shop takes. */
type ShopSetup = Pick<PaymentSetup, 'payments'> & { config: { passwordReset?: ShopSettings['passwordReset'] } };

/** The stored settings with what the shop's configuration adds: the payments it takes, the resets it can send. */
export function withShopSetup(deps: ShopSetup, stored: StoredSettings): ShopSettings {
  return { ...stored, payments: paymentOptions(deps, stored.demoShop), passwordReset: deps.config.passwordReset ?? NO_PASSWORD_RESET };
}

export async function publicSettings(deps: ShopSetup & { db: Db }): Promise<ShopSettings> {
  return withShopSetup(deps, await getSettings(deps.db));
}

export async function saveContactMessage(db: Db, input: ContactInput, now: Date) {
  await db.insert(contactMessages).values({ ...input, createdAt: now });
  return { message: PAGE_MESSAGES.contactSent };
}

/** A second sign-up with the same address (in any case) is a friendly no-op. */
export async function subscribe(db: Db, email: string, now: Date) {
  const inserted = await db.insert(subscribers).values({ email, createdAt: now }).onConflictDoNothing().returning({ id: subscribers.id });
  return { message: inserted.length > 0 ? SERVER_MESSAGES.subscribed : SERVER_MESSAGES.alreadySubscribed };
}
