import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { get as idbGet } from 'idb-keyval';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '@/client/features/pwa/components/offline-banner';
import { configureHttp } from '@/client/lib/http';
import { productPageQuery } from '@/client/lib/queries/catalogue';
import { queryClient } from '@/client/lib/query-client';
import { logout } from '@/client/stores/account';
import { type CartProduct, useCart } from '@/client/stores/cart';
import { useOutbox } from '@/client/stores/outbox';
import { useSession } from '@/client/stores/session';
import { flushOutbox, startOutboxSync } from '@/client/stores/sync';
import { DELIVERY_TEXTS, type DeliveryOption } from '@/shared/delivery';
import type { ApiError, CartAnswer, CartLine, Order, OrderAnswer } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { BILLING, freshStoresAndStorage, makeOrder, productPageOf } from './fixtures';

/**
 * The outbox (ARCHITECTURE section 6): a customer's cart changes made offline wait on the phone as
 * absolute setCartItem calls and reach the server in order once online; the server's stock rules
 * win; a queued Cash-on-Delivery order is sent exactly once, with its key; logging out asks first.
 */

const shea: CartProduct = { _id: 'p-shea', name: 'Raw Shea Butter', price: 45.5, stock: 5, productImageUrls: [] };
const soap: CartProduct = { _id: 'p-soap', name: 'African Black Soap', price: 30, stock: 10, productImageUrls: [] };
const session = { token: 'tok-123', role: 'customer' as const, userId: 'u1', fullName: 'Akosua Mensah', email: 'akosua@example.com' };
const line = (product: CartProduct, quantity: number): CartLine => ({
  _id: `line-${product._id}`,
  quantity,
  // A product of these tests has no address: as a cart kept from before addresses, its lines have none.
  product: { ...product, slug: product.slug as string, maxPerOrder: product.maxPerOrder ?? null },
});
const cartAnswer = (...lines: CartLine[]): CartAnswer => ({ Cart: [{ items: lines }] });

let online = true;
const goOffline = () => {
  online = false;
  window.dispatchEvent(new Event('offline'));
};
const goOnline = () => {
  online = true;
  window.dispatchEvent(new Event('online'));
};

freshStoresAndStorage();

let stopSync: (() => void) | undefined;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: () => {} });
});

afterEach(() => {
  stopSync?.();
  stopSync = undefined;
  configureHttp({ token: () => null, unauthorized: () => {} });
});

async function signedInWith(...lines: CartLine[]) {
  useSession.setState({ session });
  useCart.setState({
    items: lines.map((l) => ({
      productId: l.product._id,
      name: l.product.name,
      price: l.product.price,
      image: null,
      quantity: l.quantity,
      stock: l.product.stock,
      lineId: l._id,
    })),
  });
  stopSync = await startOutboxSync();
}

const quantities = () => Object.fromEntries(useCart.getState().items.map((i) => [i.productId, i.quantity]));

describe("a customer's cart offline", () => {
  it('changes wait on the phone (also in IndexedDB), then reach the server in order as absolute quantities', async () => {
    render(<Toaster />);
    let server = cartAnswer(line(shea, 1));
    const calls = mockApi({
      'GET getMyCart': () => json(server),
      'POST setCartItem': (body) => {
        const { productId, quantity } = body as { productId: string; quantity: number };
        const others = server.Cart[0].items.filter((l) => l.product._id !== productId);
        const product = productId === shea._id ? shea : soap;
        server = cartAnswer(...others, ...(quantity > 0 ? [line(product, quantity)] : []));
        return json(server);
      },
    });
    await signedInWith(line(shea, 1));
    calls.length = 0;

    goOffline();
    await act(() => useCart.getState().setQuantity('p-shea', 2));
    await act(() => useCart.getState().setQuantity('p-shea', 3));
    await act(() => useCart.getState().add(soap, 2));
    expect(await screen.findByText('African Black Soap added to cart')).toBeInTheDocument();
    expect(quantities()).toEqual({ 'p-shea': 3, 'p-soap': 2 });
    expect(calls).toEqual([]);
    // Only the newest quantity of each product waits; the queue survives a reload.
    expect(useOutbox.getState().entries.map((e) => e.kind === 'cart' && [e.productId, e.quantity])).toEqual([
      ['p-shea', 3],
      ['p-soap', 2],
    ]);
    expect(JSON.parse((await idbGet<string>('outbox')) ?? '{}').state.entries).toHaveLength(2);
    // Loading the server cart meanwhile would undo the changes: it waits.
    await act(() => useCart.getState().load());
    expect(quantities()).toEqual({ 'p-shea': 3, 'p-soap': 2 });

    goOnline();
    await vi.waitFor(() => expect(useOutbox.getState().entries).toEqual([]));
    expect(calls.map((c) => [c.key, c.body, c.authorization])).toEqual([
      ['POST setCartItem', { productId: 'p-shea', quantity: 3 }, 'Bearer tok-123'],
      ['POST setCartItem', { productId: 'p-soap', quantity: 2 }, 'Bearer tok-123'],
      ['GET getMyCart', undefined, 'Bearer tok-123'],
    ]);
    expect(quantities()).toEqual({ 'p-shea': 3, 'p-soap': 2 });
  });

  it("the server's stock wins: a refused change is dropped with a toast, and the cart shows the server's", async () => {
    render(<Toaster />);
    mockApi({
      'GET getMyCart': () => json(cartAnswer(line(shea, 1))),
      'POST setCartItem': () => json({ message: 'Only 1 items available in stock' }, 409),
    });
    await signedInWith(line(shea, 1));
    goOffline();
    await act(() => useCart.getState().setQuantity('p-shea', 4));
    goOnline();
    expect(await screen.findByText('Raw Shea Butter: Only 1 items available in stock. Your cart now shows what the shop has.')).toBeInTheDocument();
    await vi.waitFor(() => expect(quantities()).toEqual({ 'p-shea': 1 }));
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('a change whose answer never came is queued and sent again after a pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let tries = 0;
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswer(line(shea, tries >= 3 ? 2 : 1))),
      'POST setCartItem': () => {
        tries += 1;
        if (tries < 3) throw new TypeError('Failed to fetch');
        return json(cartAnswer(line(shea, 2)));
      },
    });
    await signedInWith(line(shea, 1));
    await act(() => useCart.getState().setQuantity('p-shea', 2));
    expect(quantities()).toEqual({ 'p-shea': 2 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(useOutbox.getState().entries).toEqual([]));
    expect(calls.filter((c) => c.key === 'POST setCartItem').map((c) => c.body)).toEqual([
      { productId: 'p-shea', quantity: 2 },
      { productId: 'p-shea', quantity: 2 },
      { productId: 'p-shea', quantity: 2 },
    ]);
    vi.useRealTimers();
  });
});

describe("a customer's cart changed on another device", () => {
  /** The shopper leaves the app and comes back. */
  const comeBack = () => {
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
  };

  it('is read again when the shopper comes back or the network returns, once 30 s old, unless their changes wait in the outbox', async () => {
    render(<Toaster />);
    let server = cartAnswer(line(shea, 1));
    const calls = mockApi({ 'GET getMyCart': () => json(server) });
    // The app provides the cache to React, which starts its focus and network listening.
    queryClient.mount();
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      await signedInWith(line(shea, 1));
      expect(calls.map((c) => c.key)).toEqual(['GET getMyCart']);

      // Back within 30 s: nothing is asked.
      server = cartAnswer(line(shea, 1), line(soap, 2));
      comeBack();
      await act(async () => {});
      expect(calls).toHaveLength(1);

      now += 31_000;
      comeBack();
      await vi.waitFor(() => expect(quantities()).toEqual({ 'p-shea': 1, 'p-soap': 2 }));
      expect(calls.map((c) => c.key)).toEqual(['GET getMyCart', 'GET getMyCart']);

      now += 31_000;
      server = cartAnswer(line(soap, 3));
      act(() => onlineManager.setOnline(false));
      act(() => onlineManager.setOnline(true));
      await vi.waitFor(() => expect(quantities()).toEqual({ 'p-soap': 3 }));
      expect(calls).toHaveLength(3);

      // An order waiting for the shopper's answer: what the phone holds stays, and nothing is read.
      useOutbox.getState().queueOrder({ key: 'co-waiting', userId: 'u1', details: { ...BILLING, paymentMethod: 'Cash on Delivery' }, items: [] });
      const waiting = useOutbox.getState().entries[0];
      if (!waiting) throw new Error('nothing queued');
      useOutbox.getState().awaitConfirmation(waiting.id, { message: 'The delivery fee changed', fee: 25, options: [] });
      server = cartAnswer();
      now += 31_000;
      comeBack();
      await act(async () => {});
      expect(calls.map((c) => c.key).filter((key) => key === 'GET getMyCart')).toHaveLength(3);
      expect(quantities()).toEqual({ 'p-soap': 3 });
    } finally {
      queryClient.unmount();
      focusManager.setFocused(undefined);
    }
  });
});

describe('a cash-on-delivery order queued offline', () => {
  const queued = () =>
    useOutbox.getState().queueOrder({
      key: 'co-queued-key-1',
      userId: null,
      details: { ...BILLING, paymentMethod: 'Cash on Delivery' },
      items: [{ productId: 'p-shea', name: 'Raw Shea Butter', price: 45.5, image: null, quantity: 2, stock: 5 }],
    });

  it('is sent once with its key when the connection returns, and the shopper is told', async () => {
    render(<Toaster />);
    const order: Order = makeOrder({ _id: 'o-9', orderNumber: 'NKT-2026-000009', user: null });
    const calls = mockApi({
      'POST createGuestOrder': () => json({ message: 'Order placed successfully!', order, orderToken: 'tok-9' } satisfies OrderAnswer, 201),
    });
    const shownPage = productPageQuery({ sort: 'popularity', limit: 8 });
    queryClient.setQueryData(shownPage.queryKey, productPageOf([]));
    goOffline();
    stopSync = await startOutboxSync();
    queued();
    render(<OfflineBanner />);
    expect(await screen.findByRole('button', { name: /^You are offline\. · 1 order waiting/ })).toBeInTheDocument();

    goOnline();
    expect(await screen.findByText('Your saved order went through: NKT-2026-000009. Order placed successfully!')).toBeInTheDocument();
    expect(calls.map((c) => [c.key, c.headers.get('idempotency-key')])).toEqual([['POST createGuestOrder', 'co-queued-key-1']]);
    expect(calls[0]?.body).toMatchObject({ ...BILLING, cart: [{ productId: 'p-shea', quantity: '2' }] });
    expect(useOutbox.getState().entries).toEqual([]);
    expect(useOutbox.getState().sent).toEqual([expect.objectContaining({ orderId: 'o-9' })]);
    // The order took stock: the catalogue this phone holds is out of date.
    expect(queryClient.getQueryState(shownPage.queryKey)?.isInvalidated).toBe(true);

    // Nothing is sent twice: another flush finds nothing.
    await act(() => flushOutbox());
    expect(calls).toHaveLength(1);
  });

  it('refused by the server (sold out meanwhile): the shopper is told why and the lines go back into the cart', async () => {
    render(<Toaster />);
    mockApi({ 'POST createGuestOrder': () => json({ message: 'This product is out of stock' }, 409) });
    goOffline();
    stopSync = await startOutboxSync();
    queued();
    goOnline();
    expect(await screen.findByText('Your saved order could not be placed: This product is out of stock')).toBeInTheDocument();
    expect(quantities()).toEqual({ 'p-shea': 2 });
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('goes with the phone token it was queued with, and the confirmation it opens reads the server’s answer', async () => {
    const order: Order = makeOrder({ _id: 'o-10', orderNumber: 'NK-AAAA10', user: null, verification: 'required', stockHeld: false });
    const calls = mockApi({
      'POST createGuestOrder': () => json({ message: 'Order placed successfully!', order, orderToken: 'tok-10' } satisfies OrderAnswer, 201),
    });
    goOffline();
    stopSync = await startOutboxSync();
    useOutbox.getState().queueOrder({
      key: 'co-queued-key-3',
      userId: null,
      details: { ...BILLING, paymentMethod: 'Cash on Delivery' },
      items: [{ productId: 'p-shea', name: 'Raw Shea Butter', price: 45.5, image: null, quantity: 1, stock: 5 }],
      proof: { 'x-phone-token': '233241234567.1790000000.sig' },
    });
    goOnline();
    await vi.waitFor(() => expect(useOutbox.getState().sent).toEqual([expect.objectContaining({ orderId: 'o-10' })]));
    expect(calls[0]?.headers.get('x-phone-token')).toBe('233241234567.1790000000.sig');
    expect(calls[0]?.headers.get('idempotency-key')).toBe('co-queued-key-3');
  });

  it('refused because many orders came from the network (429 naming phoneToken): told to confirm the phone, not sent again; the lines go back', async () => {
    render(<Toaster />);
    const busy = 'Many orders came from your network just now. Confirm your phone number, then place your order.';
    const calls = mockApi({
      'POST createGuestOrder': () => json({ message: busy, errors: [{ path: ['phoneToken'], message: busy }] } satisfies ApiError, 429),
    });
    goOffline();
    stopSync = await startOutboxSync();
    queued();
    goOnline();
    expect(await screen.findByText(`Your saved order could not be placed: ${busy}`)).toBeInTheDocument();
    expect(quantities()).toEqual({ 'p-shea': 2 });
    expect(useOutbox.getState().entries).toEqual([]);
    await act(() => flushOutbox());
    expect(calls).toHaveLength(1);
  });

  it("logging out with the customer's order still waiting asks first, and keeps it if the shopper says no", async () => {
    mockApi({ 'POST logout': () => json({ message: 'Logged out' }) });
    useSession.setState({ session });
    goOffline();
    useOutbox.getState().queueOrder({ key: 'co-key-2', userId: 'u1', details: { ...BILLING, paymentMethod: 'Cash on Delivery' }, items: [] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);

    expect(await logout()).toBe(false);
    expect(confirm).toHaveBeenCalledWith('An order is still waiting to be sent from this phone. If you log out now, it will not be sent. Log out anyway?');
    expect(useSession.getState().session).not.toBeNull();
    expect(useOutbox.getState().entries).toHaveLength(1);

    expect(await logout()).toBe(true);
    expect(useSession.getState().session).toBeNull();
    expect(useOutbox.getState().entries).toEqual([]);
  });
});

describe('a queued order refused for its delivery', () => {
  const rider: DeliveryOption = {
    _id: 'd-accra',
    name: 'Accra rider',
    regions: ['Greater Accra'],
    cities: [],
    fee: 25,
    freeFrom: null,
    eta: '',
    feePaidWith: 'order',
    pickup: false,
    active: true,
  };
  const feeChanged = () => json({ message: DELIVERY_TEXTS.feeChanged('₵25.00'), delivery: { fee: 25, options: [rider] } } satisfies ApiError, 409);
  const details = { ...BILLING, paymentMethod: 'Cash on Delivery' as const, region: 'Greater Accra' as const, deliveryOptionId: 'd-accra', deliveryFee: 20 };

  it('stays, unsent, with the server’s words; a guest’s next order still goes', async () => {
    render(<Toaster />);
    const order: Order = makeOrder({ _id: 'o-2', orderNumber: 'NKT-2026-000002', user: null });
    const calls = mockApi({
      'POST createGuestOrder': (body) =>
        (body as { deliveryFee?: number }).deliveryFee === 20
          ? feeChanged()
          : json({ message: 'Order placed successfully!', order, orderToken: 'tok-2' } satisfies OrderAnswer, 201),
    });
    goOffline();
    stopSync = await startOutboxSync();
    const first = useOutbox.getState().queueOrder({ key: 'co-first-key', userId: null, details, items: [] });
    useOutbox.getState().queueOrder({ key: 'co-second-key', userId: null, details: { ...BILLING, paymentMethod: 'Cash on Delivery' }, items: [] });

    goOnline();
    expect(
      await screen.findByText(
        'Your saved order is not placed yet: The delivery fee is now ₵25.00. Please confirm before we place your order. Open the checkout to answer.',
      ),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(useOutbox.getState().sent).toEqual([expect.objectContaining({ orderId: 'o-2' })]));
    expect(useOutbox.getState().entries).toEqual([
      { ...first, awaitingConfirmation: { message: DELIVERY_TEXTS.feeChanged('₵25.00'), fee: 25, options: [rider] } },
    ]);
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['co-first-key', 'co-second-key']);
    // Kept across a restart.
    await vi.waitFor(async () => expect(JSON.parse((await idbGet<string>('outbox')) ?? '{}').state.entries[0].awaitingConfirmation.fee).toBe(25));

    // Answered: sent again at the new fee, under a new key.
    act(() => useOutbox.getState().confirmDelivery(first.id, { optionId: 'd-accra', name: 'Accra rider', fee: 25, feePaidWith: 'order' }));
    await vi.waitFor(() => expect(useOutbox.getState().entries).toEqual([]));
    expect(calls).toHaveLength(3);
    expect(calls[2]?.body).toMatchObject({ deliveryOptionId: 'd-accra', deliveryFee: 25 });
    expect(calls[2]?.headers.get('idempotency-key')).not.toBe('co-first-key');
  });

  it("a customer's cart changes behind it wait too: their order is made from the server cart", async () => {
    const calls = mockApi({ 'GET getMyCart': () => json(cartAnswer(line(shea, 2))), 'POST createOrder': feeChanged });
    await signedInWith(line(shea, 2));
    goOffline();
    useOutbox.getState().queueOrder({ key: 'co-customer-key', userId: 'u1', details, items: [] });
    await act(() => useCart.getState().add(soap, 1));
    calls.length = 0;

    goOnline();
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['POST createOrder']));
    await act(() => flushOutbox());
    expect(calls.map((c) => c.key)).toEqual(['POST createOrder']);
    expect(useOutbox.getState().entries.map((e) => e.kind)).toEqual(['order', 'cart']);
  });
});
