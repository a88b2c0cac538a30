import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages';
import type { ContactInput } from '../../shared/schemas/shop';
import type { ShopSettings } from '../../shared/types';
import type { Db } from '../db/client';
import { contactMessages, shopSettings, subscribers } from '../db/schema';

const FALLBACK_SETTINGS: ShopSettings = {
  shopName: 'Nkuto Naturals',
  email: '',
  phone: '',
  whatsapp: '',
  address: '',
  logo: null,
  socials: {},
};

export async function getSettings(db: Db): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) return FALLBACK_SETTINGS;
  return {
    shopName: row.shopName,
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    address: row.address,
    logo: row.logo,
    socials: row.socials,
  };
}

export async function saveContactMessage(db: Db, input: ContactInput, now: Date) {
  await db.insert(contactMessages).values({ ...input, createdAt: now });
  return { message: MESSAGES.contactSent };
}

/** A second sign-up with the same address (in any case) is a friendly no-op. */
export async function subscribe(db: Db, email: string, now: Date) {
  const inserted = await db.insert(subscribers).values({ email, createdAt: now }).onConflictDoNothing().returning({ id: subscribers.id });
  return { message: inserted.length > 0 ? MESSAGES.subscribed : MESSAGES.alreadySubscribed };
}
