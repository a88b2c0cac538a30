import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { set as idbSet } from 'idb-keyval';
import { beforeEach, expect, vi } from 'vitest';
import { CheckoutPage } from '@/client/features/checkout/checkout-page';
import { EMPTY_FORM, type PendingPayment, useCheckout } from '@/client/stores/checkout';
import type { MomoNetwork } from '@/shared/momo';
import type { ChargeAnswer, ChargeAttempt, Order, PaymentMethod } from '@/shared/types';
import { json, type Route } from './api-mock';
import { fakeTimersAndFreshStores, givenShopSettings, makeOrder, orderLineOf, SHEA, SHOP_SETTINGS, sessionTokenOnCalls } from './fixtures';
import { renderWithRouter } from './render';

/** The checkout page's tests: the shopper, Kofi's Mobile Money order and the charge on his wallet. */

/** A shopper on the page's fake clock. */
export const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/**
 * Every test of the file on fake timers with fresh stores, the shopper's token on every call, and the
 * shop's settings as the root route's loader leaves them: the checkout reads them, and asks for nothing.
 */
export function checkoutPageSetup() {
  fakeTimersAndFreshStores();
  sessionTokenOnCalls();
  beforeEach(() => givenShopSettings(SHOP_SETTINGS));
}

/** Kofi's billing details: a guest who pays with Mobile Money, his phone an MTN number. */
export const PAYER_BILLING = { fullName: 'Kofi Mensah', email: 'kofi@example.com', phone: '0551234567', city: 'Tamale', address: '7 Hospital Road' };

/** The reference of the in-app charge's attempt on Kofi's wallet. */
export const CHARGE_REF = 'NK-7K3Q9P-c0ffee123456';

/** The server's answer to Kofi's order: a guest's, of shea butter, ₵91, placed at 09:00 and held for 30 minutes. */
export const placedOrder = (overrides: Partial<Order> = {}, paymentMethod: PaymentMethod = 'Mobile Money') =>
  makeOrder(
    {
      createdAt: '2026-11-22T09:00:00.000Z',
      subtotal: 91,
      total: 91,
      user: null,
      items: [orderLineOf(SHEA)],
      holdExpiresAt: '2026-11-22T09:30:00.000Z',
      ...overrides,
    },
    { contact: PAYER_BILLING, paymentMethod },
  );

/** An attempt as the server describes it: by default the prompt is on Kofi's phone, two minutes to approve it from now. */
export const attempt = (overrides: Partial<ChargeAttempt> = {}): ChargeAttempt => ({
  reference: CHARGE_REF,
  state: 'approve',
  phone: '0551234567',
  network: 'mtn',
  displayText: null,
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
  declineReason: null,
  message: 'Approve the prompt on your phone.',
  test: false,
  ...overrides,
});

/** POST chargeMobileMoney's answer about an attempt on order o1, not yet paid. */
export const chargeAnswer = (overrides: Partial<ChargeAttempt> = {}): ChargeAnswer => ({
  ...attempt(overrides),
  orderId: 'o1',
  paymentStatus: 'Pending',
  orderStatus: 'Pending',
});

/** POST chargeMobileMoney's answer: the attempt on the wallet the request named. */
export const charged =
  (overrides: Partial<ChargeAttempt> = {}): Route =>
  (body) => {
    const { phone, network } = body as { phone: string; network: MomoNetwork };
    return json(chargeAnswer({ phone, network, ...overrides }));
  };

/** The checkout at /checkout (`reference`: back from the payment page), once it has loaded. */
export async function openCheckout(reference?: string) {
  const rendered = await renderWithRouter(<CheckoutPage reference={reference} />, { path: '/checkout' });
  await screen.findByRole('heading', { level: 1, name: 'Finalize your purchase' });
  await vi.waitFor(() => expect(screen.queryByRole('status', { name: 'Loading checkout' })).not.toBeInTheDocument());
  return rendered;
}

/** After a reload: the checkout store read back from IndexedDB with `pendingPayment` under way and order o1's guest token. */
export async function reloadedWith(pendingPayment: PendingPayment) {
  await idbSet(
    'checkout',
    JSON.stringify({
      state: { form: EMPTY_FORM, promo: null, attempt: null, pendingPayment, orderTokens: { o1: 'guest-secret' } },
      version: 0,
    }),
  );
  await act(() => useCheckout.persist.rehydrate());
}

/** Time passes in steps of at most 1 s, so renders and checks happen as they would. */
export async function elapse(ms: number) {
  for (let passed = 0; passed < ms; passed += 500) await act(() => vi.advanceTimersByTimeAsync(Math.min(500, ms - passed)));
}
