import { and, eq, sql } from 'drizzle-orm';
import { SETUP_STEP_IDS, type SetupGap, type SetupGuide, type SetupStep, type SetupStepId } from '@/shared/admin-types';
import type { Db } from '../../db/client';
import { deliveryOptions, outboxMessages, products, shopSettings, users } from '../../db/schema';
import { DEMO_ADMIN } from '../../demo/accounts';
import { verifyPassword } from '../../passwords';
import { DEFAULT_SETTINGS } from '../../shop-basics';
import { demoDataCounts, goLiveBlockedBy } from './go-live';

/** What the setup guide reads from the server's configuration (environment), without the secrets themselves. */
export interface SetupConfig {
  paystackKey: 'none' | 'test' | 'live';
  smsProvider: boolean;
  smtp: boolean;
  publicUrl: string | null;
  trustProxy: boolean;
  storageUrl: boolean;
}

/** Nothing configured: a fresh demo's answer (tests that do not set it). */
export const NO_SETUP_CONFIG: SetupConfig = { paystackKey: 'none', smsProvider: false, smtp: false, publicUrl: null, trustProxy: false, storageUrl: false };

/** From the environment: only whether each key is there (and Paystack's test or live prefix). */
export function setupConfigFromEnv(env: Record<string, string | undefined>): SetupConfig {
  const key = env.PAYSTACK_SECRET_KEY ?? '';
  return {
    paystackKey: key === '' ? 'none' : key.startsWith('sk_live_') ? 'live' : 'test',
    smsProvider: Boolean(env.SMS_PROVIDER),
    smtp: Boolean(env.SMTP_URL),
    publicUrl: env.PUBLIC_URL || null,
    trustProxy: Boolean(env.TRUST_PROXY) && env.TRUST_PROXY !== 'false',
    storageUrl: Boolean(env.STORAGE_URL),
  };
}

const gap = (text: string, takesDays = false): SetupGap => ({ text, takesDays });

/** The admin's setup guide: each step's state, in the owner's words, from the database and the configuration. */
export async function setupGuide(db: Db, config: SetupConfig, callerId?: string): Promise<SetupGuide> {
  const [settings] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const missing: Record<SetupStepId, SetupGap[]> = Object.fromEntries(SETUP_STEP_IDS.map((id) => [id, []])) as unknown as Record<SetupStepId, SetupGap[]>;

  if (!settings || settings.shopName === DEFAULT_SETTINGS.shopName) missing['shop-details'].push(gap("Put in your shop's own name: it still has the demo's."));
  if (!settings || settings.phone === DEFAULT_SETTINGS.phone) missing['shop-details'].push(gap("Put in your shop's phone number: it still has the demo's."));
  if (!settings || settings.email === DEFAULT_SETTINGS.email) missing['shop-details'].push(gap("Put in your shop's e-mail address: it still has the demo's."));
  if (!settings || settings.address === DEFAULT_SETTINGS.address) missing['shop-details'].push(gap("Put in your shop's address: it still has the demo's."));

  const admins = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.role, 'admin'));
  let ownAdmin = false;
  for (const admin of admins) {
    const demo = admin.email.toLowerCase() === DEMO_ADMIN.email.toLowerCase();
    if (!demo || !(await verifyPassword(admin.passwordHash, DEMO_ADMIN.password))) ownAdmin = true;
  }
  if (!ownAdmin) missing['admin-account'].push(gap('Set your own e-mail and password for signing in: the demo password is known to everyone.'));

  if (config.paystackKey === 'none')
    missing.payments.push(gap('Paystack account not yet verified: open one at paystack.com so shoppers can pay by Mobile Money.', true));
  if (config.paystackKey === 'test') missing.payments.push(gap('Switch to your live key once Paystack has verified your business.', true));

  if (!config.smsProvider) {
    // The sender ID is approved by Hubtel (and the networks) in days: asked for first, before the keys are set.
    missing.messages.push(gap('Ask Hubtel to approve your SMS sender ID (your shop name, up to 11 letters): it takes a few days.', true));
    missing.messages.push(gap('No SMS sender yet: set SMS_PROVIDER, SMS_API_KEY and SMS_SENDER_ID so shoppers get texts about their orders.'));
  } else {
    const [sent] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.status, 'sent'), eq(outboxMessages.provider, 'hubtel')));
    // Hubtel refuses a sender ID it has not approved: one text gone through means it is approved.
    if ((sent?.n ?? 0) === 0) missing.messages.push(gap('Hubtel has not yet approved your sender ID: texts go out once it has.', true));
  }
  if (!config.smtp) missing.messages.push(gap('No e-mail sender yet: set SMTP_URL so shoppers get e-mails about their orders.'));

  const [delivery] = await db
    .select({ own: sql<number>`count(*) filter (where not ${deliveryOptions.demo})::int` })
    .from(deliveryOptions)
    .where(eq(deliveryOptions.active, true));
  if ((delivery?.own ?? 0) === 0) missing.delivery.push(gap('Add how you deliver: where, the fee and how long it takes.'));

  const [own] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.demo, false));
  if ((own?.n ?? 0) === 0) missing.products.push(gap('Add your own products: the demo ones go when you go live.'));

  if (!settings?.setupPoliciesDone)
    missing.policies.push(
      gap('Decide your returns, refunds and delivery terms and tell shoppers when you confirm their orders; tick here once they are settled.'),
    );

  if (!config.publicUrl?.startsWith('https://')) missing['going-online'].push(gap("Set your shop's web address (PUBLIC_URL, starting https://)."));
  if (!config.trustProxy) missing['going-online'].push(gap('Put the shop behind Caddy and set TRUST_PROXY.'));
  if (!config.storageUrl) missing['going-online'].push(gap('Backups stay on this machine: set STORAGE_URL to keep a copy elsewhere.'));

  const demoShop = settings?.demoShop ?? false;
  if (demoShop) missing['go-live'].push(gap('Remove the demo data and open your shop.'));
  const blocked = demoShop ? await goLiveBlockedBy(db, callerId) : null;

  const steps: SetupStep[] = SETUP_STEP_IDS.map((id) => ({ id, done: missing[id].length === 0, missing: missing[id], ownerTicks: id === 'policies' }));
  return { demoShop, steps, canGoLive: demoShop && blocked === null, goLiveBlockedBy: demoShop ? blocked : null, demoData: await demoDataCounts(db) };
}

/** The owner's tick on the policies step. */
export async function setPoliciesDone(db: Db, done: boolean): Promise<void> {
  await db.update(shopSettings).set({ setupPoliciesDone: done }).where(eq(shopSettings.id, 1));
}
