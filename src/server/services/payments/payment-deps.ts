import type { ShopSettings } from '@/shared/types';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import type { PaymentProvider } from '../../payments/provider';
import type { PaymentDeps } from './payment-checks';

/** Paystack's default call limit (payments/paystack.ts); a start in flight longer than this plus a margin was cut off. */
const DEFAULT_PROVIDER_TIMEOUT_MS = 8_000;
const START_STALE_MARGIN_MS = 5_000;
/** The hold-expiry run's limit per provider call (shorter still if Paystack's own limit is). */
const EXPIRY_CALL_TIMEOUT_MS = 4_000;

/** What the app's dependencies say about payments (a structural slice of AppDeps). */
export interface PaymentSetup {
  db: Db;
  log: Logger;
  payments: PaymentProvider | null;
  secret: Buffer;
  config: { publicUrl: string; messageLinks?: boolean; paymentCheckIntervalMs?: number; providerTimeoutMs?: number };
}

/** The payment services' dependencies, from the app's; the server's expiry job uses the same. */
export function paymentDepsFor(setup: PaymentSetup): PaymentDeps {
  const providerTimeoutMs = setup.config.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  return {
    db: setup.db,
    provider: setup.payments,
    log: setup.log,
    publicUrl: setup.config.publicUrl,
    messageLinks: setup.config.messageLinks,
    secret: setup.secret,
    checkIntervalMs: setup.config.paymentCheckIntervalMs ?? 10_000,
    startStaleMs: providerTimeoutMs + START_STALE_MARGIN_MS,
    expiryCallTimeoutMs: Math.min(EXPIRY_CALL_TIMEOUT_MS, providerTimeoutMs),
  };
}

/**
 * The provider new payments may start with: a demo-only sandbox counts as none once the shop is no
 * longer a demo (went live, maybe in another process). Payments already started stay checkable.
 */
export function offeredProvider(payments: PaymentProvider | null, demoShop: boolean): PaymentProvider | null {
  return payments?.demoOnly && !demoShop ? null : payments;
}

/** What shoppers are told about paying here (`GET /settings`), given whether the settings row says demo. */
export function paymentOptions(setup: Pick<PaymentSetup, 'payments'>, demoShop: boolean): ShopSettings['payments'] {
  const offered = offeredProvider(setup.payments, demoShop);
  return { mobileMoney: offered !== null, testPayments: offered?.name === 'sandbox' };
}
