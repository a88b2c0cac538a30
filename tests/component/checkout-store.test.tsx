import { get as idbGet, set as idbSet } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { logout } from '@/client/stores/account';
import { cartFingerprint, EMPTY_FORM, type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { keptPhoneToken, rememberPhoneToken } from '@/client/stores/phone-tokens';
import { useSession } from '@/client/stores/session';
import { json, mockApi } from './api-mock';
import { freshStoresAndStorage } from './fixtures';

/** The persisted checkout store: what a reload, a lost answer or an app restart must not lose, and what a sign-out must. */

const payment: PendingPayment = {
  orderId: 'o1',
  orderNumber: 'NK-7K3Q9P',
  amount: 91,
  email: 'kofi@example.com',
  reference: 'NK-7K3Q9P-0a1b2c3d4e5f',
  paymentLink: '/pay/sandbox/NK-7K3Q9P-0a1b2c3d4e5f',
  startedAt: '2026-11-22T09:00:00.000Z',
  userId: 'u1',
  items: [{ productId: 'p-shea', quantity: 2, name: 'Raw Shea Butter' }],
  state: 'awaiting',
};

/** What IndexedDB holds under 'checkout' (zustand's persist envelope). */
async function stored(): Promise<Record<string, unknown> | undefined> {
  const raw = await idbGet<string>('checkout');
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : undefined;
}

freshStoresAndStorage();

describe('the checkout store', () => {
  it('persists the form, the promo, the attempt key, the payment, guest order tokens and confirmed phones’ tokens to IndexedDB', async () => {
    const store = useCheckout.getState();
    store.setField('city', 'Kumasi');
    store.setPromo({ code: 'SAVE10', percent: 10 });
    const key = store.attemptKey(cartFingerprint([{ productId: 'p-shea', quantity: 2 }]));
    store.startPayment(payment);
    store.rememberOrderToken('o2', 'guest-secret');
    rememberPhoneToken({ message: 'Thank you.', phoneToken: 'phone-secret', phone: '+233241234567', expiresAt: '2099-01-01T00:00:00.000Z' });

    await expect.poll(stored).toEqual({
      form: { ...EMPTY_FORM, city: 'Kumasi' },
      promo: { code: 'SAVE10', percent: 10 },
      attempt: { key, cart: 'p-sheax2' },
      pendingPayment: payment,
      orderTokens: { o2: 'guest-secret' },
      phoneTokens: { '233241234567': { token: 'phone-secret', expiresAt: '2099-01-01T00:00:00.000Z' } },
    });
  });

  it('a confirmed phone’s token is found however the number is written, until it expires; expired ones are dropped', () => {
    rememberPhoneToken({ message: 'Thank you.', phoneToken: 'old', phone: '+233207654321', expiresAt: '2026-01-02T00:00:00.000Z' });
    rememberPhoneToken(
      { message: 'Thank you.', phoneToken: 'phone-secret', phone: '+233241234567', expiresAt: '2026-03-01T00:00:00.000Z' },
      Date.parse('2026-02-01T00:00:00.000Z'),
    );
    expect(Object.keys(useCheckout.getState().phoneTokens)).toEqual(['233241234567']);
    for (const phone of ['0241234567', '024 123 4567', '+233 24 123 4567', '+233241234567']) {
      expect(keptPhoneToken(phone, Date.parse('2026-02-01T00:00:00.000Z'))?.token).toBe('phone-secret');
    }
    expect(keptPhoneToken('0241234567', Date.parse('2026-03-01T00:00:00.000Z'))).toBeUndefined();
    expect(keptPhoneToken('0201234567', Date.parse('2026-02-01T00:00:00.000Z'))).toBeUndefined();
  });

  it('reads it all back after a fresh start', async () => {
    useCheckout.getState().setField('address', '7 Hospital Road');
    useCheckout.getState().startPayment(payment);
    useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
    await expect.poll(async () => (await stored())?.orderTokens).toEqual({ o1: 'guest-secret' });
    const written = await idbGet<string>('checkout');

    // A new page: nothing in memory, the stored bytes as they were, read back.
    await useCheckout.setState({ form: EMPTY_FORM, pendingPayment: null, orderTokens: {} });
    await idbSet('checkout', written);
    await useCheckout.persist.rehydrate();
    const state = useCheckout.getState();
    expect(state.form.address).toBe('7 Hospital Road');
    expect(state.pendingPayment).toEqual(payment);
    expect(state.orderTokens).toEqual({ o1: 'guest-secret' });
  });

  it('reads back a form kept from before the delivery fields, with them empty', async () => {
    const { region: _r, gpsAddress: _g, landmark: _l, deliveryOptionId: _d, ...before } = { ...EMPTY_FORM, city: 'Kumasi' };
    await idbSet('checkout', JSON.stringify({ state: { form: before, promo: null, attempt: null, pendingPayment: null, orderTokens: {} }, version: 0 }));
    await useCheckout.persist.rehydrate();
    expect(useCheckout.getState().form).toEqual({ ...EMPTY_FORM, city: 'Kumasi' });
  });

  it('keeps one key per cart until an order is made or the cart changes', () => {
    const { attemptKey } = useCheckout.getState();
    const cart = cartFingerprint([
      { productId: 'b', quantity: 1 },
      { productId: 'a', quantity: 2 },
    ]);
    const first = attemptKey(cart);
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
    // The same cart in another order of lines is the same cart.
    expect(
      attemptKey(
        cartFingerprint([
          { productId: 'a', quantity: 2 },
          { productId: 'b', quantity: 1 },
        ]),
      ),
    ).toBe(first);
    const changed = attemptKey(
      cartFingerprint([
        { productId: 'a', quantity: 3 },
        { productId: 'b', quantity: 1 },
      ]),
    );
    expect(changed).not.toBe(first);

    useCheckout.getState().finishAttempt();
    expect(useCheckout.getState().attemptKey(cart)).not.toBe(first);
  });

  it('clearPayment forgets the payment, in IndexedDB too, and keeps the rest', async () => {
    useCheckout.getState().setField('city', 'Tamale');
    useCheckout.getState().startPayment(payment);
    await expect.poll(async () => (await stored())?.pendingPayment).toEqual(payment);
    useCheckout.getState().clearPayment();
    expect(useCheckout.getState().pendingPayment).toBeNull();
    await expect.poll(stored).toMatchObject({ pendingPayment: null, form: { city: 'Tamale' } });
  });

  it('logout empties it, in IndexedDB too', async () => {
    useSession.setState({ session: { token: 'tok', role: 'customer', userId: 'u1', fullName: 'Akosua', email: 'akosua@example.com' } });
    mockApi({ 'POST logout': () => json({ message: 'Logged out' }) });
    const store = useCheckout.getState();
    store.setField('fullName', 'Akosua Mensah');
    store.setPromo({ code: 'SAVE10', percent: 10 });
    store.startPayment(payment);
    store.rememberOrderToken('o2', 'guest-secret');
    rememberPhoneToken({ message: 'Thank you.', phoneToken: 'phone-secret', phone: '+233241234567', expiresAt: '2099-01-01T00:00:00.000Z' });
    await expect.poll(async () => (await stored())?.pendingPayment).toEqual(payment);

    await logout();
    const empty = { form: EMPTY_FORM, promo: null, attempt: null, pendingPayment: null, orderTokens: {}, phoneTokens: {} };
    expect(useCheckout.getState()).toMatchObject(empty);
    await expect.poll(stored).toEqual(empty);
  });
});
