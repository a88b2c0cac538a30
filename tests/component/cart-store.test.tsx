import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { get as idbGet } from 'idb-keyval';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '@/client/features/cart/cart-page';
import { configureHttp } from '@/client/lib/http';
import { completeSignIn, sessionExpired } from '@/client/stores/account';
import { type CartProduct, OUT_OF_STOCK_TOAST, useCart } from '@/client/stores/cart';
import { useSession } from '@/client/stores/session';
import type { CartAnswer, CartLine, LoginAnswer, MergeCartAnswer } from '@/shared/types';
import { deferred, json, mockApi } from './api-mock';
import { freshStoresAndStorage } from './fixtures';
import { renderWithRouter } from './render';

const shea: CartProduct = { _id: 'p-shea', name: 'Raw Shea Butter', price: 45.5, stock: 3, productImageUrls: ['/uploads/abc-640.webp'] };
const soap: CartProduct = { _id: 'p-soap', name: 'African Black Soap', price: 30, stock: 10, productImageUrls: [] };
const baobab: CartProduct = { _id: 'p-baobab', name: 'Baobab Oil', price: 60, stock: 0, productImageUrls: [] };
const moringa: CartProduct = { _id: 'p-moringa', name: 'Moringa Hair Mask', price: 55, stock: 8, productImageUrls: [] };

const line = (product: CartProduct, quantity: number): CartLine => ({
  _id: `line-${product._id}`,
  quantity,
  // A product of these tests has no address: as a cart kept from before addresses, its lines have none.
  product: { ...product, slug: product.slug as string, maxPerOrder: product.maxPerOrder ?? null },
});
const cartAnswer = (...lines: CartLine[]): CartAnswer => ({ Cart: [{ items: lines }] });

const session = { token: 'tok-123', role: 'customer' as const, userId: 'u1', fullName: 'Akosua Mensah', email: 'akosua@example.com' };

freshStoresAndStorage();

/** A computed colour as [r, g, b], written `rgb(…)` or `#rrggbb`. */
const rgbOf = (css: string): number[] =>
  css.startsWith('#') ? [1, 3, 5].map((at) => Number.parseInt(css.slice(at, at + 2), 16)) : (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

afterEach(() => {
  configureHttp({ token: () => null, unauthorized: () => {} });
});

describe('adding to the guest cart', () => {
  it('adds, then refuses more than the stock with "Only {n} items available in stock"', async () => {
    render(<Toaster />);
    expect(await act(() => useCart.getState().add(shea, 2))).toBe(true);
    expect(await screen.findByText('Raw Shea Butter added to cart')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([
      expect.objectContaining({ productId: 'p-shea', quantity: 2, stock: 3, price: 45.5, image: '/uploads/abc-640.webp' }),
    ]);

    // 2 in the cart + 2 more would be 4 of 3.
    expect(await act(() => useCart.getState().add(shea, 2))).toBe(false);
    expect(await screen.findByText('Only 3 items available in stock')).toBeInTheDocument();
    expect(useCart.getState().items[0]?.quantity).toBe(2);

    expect(await act(() => useCart.getState().add(shea, 1))).toBe(true);
    expect(useCart.getState().items[0]?.quantity).toBe(3);
  });

  it('refuses an out-of-stock product with "This product is out of stock"', async () => {
    render(<Toaster />);
    expect(await act(() => useCart.getState().add(baobab))).toBe(false);
    expect(await screen.findByText('This product is out of stock')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
  });

  it('shows the out-of-stock toast filled in the error colour (red, white text, 4.5:1 or more), top-right, for 3000 ms', async () => {
    render(<Toaster position="top-center" />);
    expect(await act(() => useCart.getState().add(baobab))).toBe(false);
    const message = await screen.findByText('This product is out of stock');
    const bar = message.closest<HTMLElement>('[role="status"]')?.parentElement;
    if (!bar) throw new Error('no toast bar');
    const background = rgbOf(getComputedStyle(bar).backgroundColor);
    const text = rgbOf(getComputedStyle(bar).color);
    expect(background).toEqual([166, 27, 27]);
    expect(text).toEqual([255, 255, 255]);
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    // Top-right even where the page's toaster says otherwise: the toast's wrapper sits at the right.
    expect(bar.parentElement?.style.justifyContent).toBe('flex-end');
    expect(OUT_OF_STOCK_TOAST).toMatchObject({ position: 'top-right', duration: 3000 });
    // Other refusals keep the plain toast.
    expect(await act(() => useCart.getState().add(shea, 9))).toBe(false);
    const other = (await screen.findByText('Only 3 items available in stock')).closest<HTMLElement>('[role="status"]')?.parentElement;
    if (!other) throw new Error('no toast bar');
    expect(rgbOf(getComputedStyle(other).backgroundColor)).not.toEqual([166, 27, 27]);
  });

  it("one toast at a time of each kind: a second add replaces '… added to cart' (with View cart, which goes to the cart), each +/− the one 'Quantity updated'", async () => {
    await renderWithRouter(<p>A product page</p>, { path: '/product/p-soap' });
    await act(() => useCart.getState().add(soap, 1));
    expect(await screen.findByText('African Black Soap added to cart')).toBeInTheDocument();
    await act(() => useCart.getState().add(moringa, 1));
    expect(await screen.findByText('Moringa Hair Mask added to cart')).toBeInTheDocument();
    expect(screen.queryByText('African Black Soap added to cart')).not.toBeInTheDocument();

    for (const quantity of [2, 3, 2, 3]) await act(() => useCart.getState().setQuantity('p-soap', quantity));
    expect(await screen.findAllByText('Quantity updated')).toHaveLength(1);

    const viewCart = screen.getAllByRole('link', { name: 'View cart' });
    expect(viewCart).toHaveLength(1);
    await userEvent.click(viewCart[0] as HTMLElement);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/cart$/);
  });

  it('a quantity of 0 or below removes the line', async () => {
    render(<Toaster />);
    await act(() => useCart.getState().add(soap, 2));
    await act(() => useCart.getState().add(shea, 1));
    await act(() => useCart.getState().setQuantity('p-soap', 0));
    expect(useCart.getState().items.map((i) => i.productId)).toEqual(['p-shea']);
    await act(() => useCart.getState().setQuantity('p-shea', -1));
    expect(useCart.getState().items).toEqual([]);
    expect(await screen.findAllByText('Item removed from cart')).not.toHaveLength(0);
  });

  it('keeps the guest cart across a reload (IndexedDB, key guestCartItems)', async () => {
    await useCart.getState().add(shea, 2);
    await useCart.getState().add(soap, 1);
    const before = useCart.getState().items;
    // The write reaches IndexedDB under the spec's key.
    await vi.waitFor(async () => expect(JSON.parse((await idbGet<string>('guestCartItems')) ?? '{}').state?.items).toEqual(before));

    // A reload: a fresh module graph, so a new store reads the cart back from IndexedDB.
    vi.resetModules();
    const fresh = await import('@/client/stores/cart');
    expect(fresh.useCart).not.toBe(useCart);
    await fresh.useCart.persist.rehydrate();
    expect(fresh.useCart.getState().items).toEqual(before);
    expect(fresh.cartCount(fresh.useCart.getState().items)).toBe(3);
  });
});

describe('signing in', () => {
  it('merges the guest cart with POST /api/mergeCart, shows the server cart and explains skipped lines', async () => {
    await useCart.getState().add(shea, 2);
    await useCart.getState().add(moringa, 1);
    const serverCart = cartAnswer(line(shea, 2), line(soap, 1));
    const merged: MergeCartAnswer = {
      ...serverCart,
      skipped: [{ productId: 'p-moringa', reason: 'This product is no longer available' }],
      adjusted: [],
    };
    const calls = mockApi({ 'POST mergeCart': () => json(merged), 'GET getMyCart': () => json(serverCart) });
    configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: sessionExpired });

    const answer: LoginAnswer = {
      token: session.token,
      data: { role: 'customer', _id: 'u1', fullName: 'Akosua Mensah', email: session.email, phone: null, avatar: null },
    };
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await act(() => completeSignIn(answer));

    const merge = calls.find((c) => c.key === 'POST mergeCart');
    expect(merge?.body).toEqual({
      items: [
        { productId: 'p-shea', quantity: 2 },
        { productId: 'p-moringa', quantity: 1 },
      ],
    });
    expect(merge?.authorization).toBe('Bearer tok-123');
    expect(await screen.findByText('Welcome back, Akosua Mensah! Ready to explore the shop?')).toBeInTheDocument();
    expect(await screen.findByText('Moringa Hair Mask: This product is no longer available')).toBeInTheDocument();

    // The cart now is the server's: its lines (with their ids), the guest copy gone.
    expect(useCart.getState().items.map((i) => [i.productId, i.quantity, i.lineId])).toEqual([
      ['p-shea', 2, 'line-p-shea'],
      ['p-soap', 1, 'line-p-soap'],
    ]);
    expect(await screen.findByRole('link', { name: 'African Black Soap' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Raw Shea Butter' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Moringa Hair Mask' })).not.toBeInTheDocument();
  });

  it('with an empty guest cart, just loads the server cart', async () => {
    const calls = mockApi({ 'GET getMyCart': () => json(cartAnswer(line(soap, 2))) });
    await act(() =>
      completeSignIn({
        token: session.token,
        data: { role: 'customer', _id: 'u1', fullName: 'Akosua Mensah', email: session.email, phone: null, avatar: null },
      }),
    );
    expect(calls.map((c) => c.key)).toEqual(['GET getMyCart']);
    expect(useCart.getState().items).toEqual([expect.objectContaining({ productId: 'p-soap', quantity: 2 })]);
  });
});

describe('an expired session (401)', () => {
  it('signs out, empties the cart, says "Session expired, please sign in" and goes to /signin', async () => {
    useSession.setState({ session });
    useCart.setState({ items: [{ productId: 'p-shea', name: 'Raw Shea Butter', price: 45.5, image: null, quantity: 1, stock: 3, lineId: 'line-p-shea' }] });
    const cart = deferred();
    const calls = mockApi({ 'GET getMyCart': () => cart.promise });

    // As main.tsx wires it: the 401 hook signs out and goes to /signin.
    let navigateToSignIn = () => {};
    configureHttp({
      token: () => useSession.getState().session?.token ?? null,
      unauthorized: () => {
        sessionExpired();
        navigateToSignIn();
      },
    });
    const { router } = await renderWithRouter(<CartPage />, { path: '/cart' });
    navigateToSignIn = () => void router.navigate({ to: '/signin' });
    await act(async () => cart.resolve(json({ message: 'Session expired, please sign in' }, 401)));

    expect(await screen.findByText('Session expired, please sign in')).toBeInTheDocument();
    expect(useSession.getState().session).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signin$/);
    // The cart's own call met the 401 (the lines' stock is asked apart).
    expect(calls.map((call) => call.key)).toContain('GET getMyCart');
  });

  it('a 401 on a cart change does the same', async () => {
    useSession.setState({ session });
    useCart.setState({ items: [{ productId: 'p-shea', name: 'Raw Shea Butter', price: 45.5, image: null, quantity: 1, stock: 3, lineId: 'line-p-shea' }] });
    mockApi({ 'POST setCartItem': () => json({ message: 'Session expired, please sign in' }, 401) });
    configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: sessionExpired });
    render(<Toaster />);

    expect(await act(() => useCart.getState().setQuantity('p-shea', 2))).toBe(false);
    expect(useSession.getState().session).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect((await screen.findAllByText('Session expired, please sign in')).length).toBeGreaterThan(0);
  });
});
