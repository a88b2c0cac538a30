import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { set as idbSet } from 'idb-keyval';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { CartPage } from '@/client/features/cart/cart-page';
import { type CartItem, useCart } from '@/client/stores/cart';
import { useSession } from '@/client/stores/session';
import type { CartAnswer, CartLine } from '@/shared/types';
import { deferred, json, mockApi } from './api-mock';
import { cartLineOf, freshStoresAndStorage } from './fixtures';
import { renderWithRouter } from './render';

const shea: CartItem = {
  productId: 'p-shea',
  slug: 'raw-shea-butter',
  name: 'Raw Shea Butter',
  price: 45.5,
  image: '/uploads/abc-640.webp',
  quantity: 2,
  stock: 5,
};
const soap: CartItem = { productId: 'p-soap', name: 'African Black Soap', price: 30, image: null, quantity: 1, stock: 10 };

const line = cartLineOf;
const cartAnswer = (...lines: CartLine[]): CartAnswer => ({ Cart: [{ items: lines }] });

const session = { token: 'tok', role: 'customer' as const, userId: 'u1', fullName: 'Akosua Mensah', email: 'akosua@example.com' };

const quantityInput = (name: string) => screen.getByRole('spinbutton', { name: `Quantity of ${name}` }) as HTMLInputElement;

async function setQuantityText(name: string, text: string, commit: 'enter' | 'tab' = 'enter') {
  const input = quantityInput(name);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  if (commit === 'enter') await userEvent.keyboard('{Enter}');
  else await userEvent.tab();
}

freshStoresAndStorage();

describe('cart page', () => {
  it('lists each line with its link, unit price, line total and the subtotal', async () => {
    useCart.setState({ items: [shea, soap] });
    await renderWithRouter(<CartPage />, { path: '/cart' });

    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(document.title).toBe('Shopping Cart - Nkuto Naturals');
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);

    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Raw Shea Butter' })).toHaveAttribute('href', '/product/raw-shea-butter');
    expect(within(first).getByRole('img', { name: 'Raw Shea Butter' })).toHaveAttribute('width', '96');
    // A line kept from before products had addresses links by id (the server sends it on, 301).
    expect(within(rows[1]!).getByRole('link', { name: 'African Black Soap' })).toHaveAttribute('href', '/product/p-soap');
    expect(within(first).getByText('₵45.50')).toBeInTheDocument();
    expect(within(first).getByText('₵91.00')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove Raw Shea Butter from cart' })).toBeEnabled();
    expect(quantityInput('Raw Shea Butter')).toHaveValue(2);
    expect(quantityInput('Raw Shea Butter')).toHaveAttribute('max', '5');

    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('₵121.00');
    expect(screen.getByText('Items').nextElementSibling).toHaveTextContent('3');
  });

  it("refreshes each line's stock (GET /stock): a line above what is left now says so, and a product gone cannot be had", async () => {
    useCart.setState({ items: [shea, soap, { ...soap, productId: 'p-gone', name: 'Gone Soap' }] });
    const calls = mockApi({
      'GET stock': () =>
        json({
          data: [
            { _id: 'p-shea', stock: 1, unitsSold: 40 },
            { _id: 'p-soap', stock: 10, unitsSold: 3 },
          ],
        }),
    });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    expect(await screen.findByText('Only 1 items available in stock')).toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toHaveAttribute('max', '1');
    expect(useCart.getState().items.map((item) => [item.productId, item.stock])).toEqual([
      ['p-shea', 1],
      ['p-soap', 10],
      ['p-gone', 0],
    ]);
    expect(calls.map((c) => [c.key, c.query.get('ids'), c.authorization])).toEqual([['GET stock', 'p-gone,p-shea,p-soap', null]]);
  });

  it('goes to /checkout from Proceed to Checkout', async () => {
    useCart.setState({ items: [shea] });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await userEvent.click(screen.getByRole('link', { name: 'Proceed to Checkout' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
  });

  it('shows the empty state with a way back to the products', async () => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Add items to your cart and come back here to complete your order.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Cart' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Shop Products' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/products$/);
  });

  it('Clear Cart empties the cart', async () => {
    useCart.setState({ items: [shea, soap] });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
  });
});

describe('quantity edits (spec sections 4 and 5)', () => {
  beforeEach(() => {
    useCart.setState({ items: [shea, soap] });
  });

  it('saves a valid whole number and updates the totals', async () => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await setQuantityText('Raw Shea Butter', '4');
    expect(await screen.findByText('Quantity updated')).toBeInTheDocument();
    expect(useCart.getState().items[0]?.quantity).toBe(4);
    expect(quantityInput('Raw Shea Butter')).toHaveValue(4);
    expect(screen.getByText('₵182.00')).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('₵212.00');
  });

  it('the + and − buttons change the quantity by one', async () => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Raw Shea Butter' }));
    expect(quantityInput('Raw Shea Butter')).toHaveValue(3);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Raw Shea Butter' }));
    expect(quantityInput('Raw Shea Butter')).toHaveValue(2);
    // At 1 the minus button stops; removing is the remove button's job.
    expect(screen.getByRole('button', { name: 'Decrease quantity of African Black Soap' })).toBeDisabled();
  });

  it.each([
    ['0', '0'],
    ['a negative number', '-2'],
    ['blank', ''],
    ['not a whole number', '1.5'],
    ['not a number', 'abc'],
  ])('%s: says "Please enter a valid quantity", restores the old value and keeps the line', async (_case, text) => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await setQuantityText('Raw Shea Butter', text, 'tab');
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toHaveValue(2);
    expect(useCart.getState().items.map((i) => [i.productId, i.quantity])).toEqual([
      ['p-shea', 2],
      ['p-soap', 1],
    ]);
    expect(screen.queryByText('Item removed from cart')).not.toBeInTheDocument();
  });

  it('0 committed with Enter is refused the same way: only the remove button removes a line', async () => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await setQuantityText('African Black Soap', '0');
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(quantityInput('African Black Soap')).toHaveValue(1);
    expect(screen.getByRole('link', { name: 'African Black Soap' })).toBeInTheDocument();
    expect(useCart.getState().items.map((i) => i.productId)).toEqual(['p-shea', 'p-soap']);
  });

  it('above the stock: says how many are left and restores the old value', async () => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await setQuantityText('Raw Shea Butter', '9');
    expect(await screen.findByText('Only 5 items available in stock')).toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toHaveValue(2);
    expect(useCart.getState().items[0]?.quantity).toBe(2);
  });

  it('Remove takes the line out', async () => {
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove African Black Soap from cart' }));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'African Black Soap' })).not.toBeInTheDocument();
  });
});

describe('most per order', () => {
  /** Baobab oil: 20 in stock, at most 3 per order, 2 in the cart. */
  const oil: CartItem = { productId: 'p-oil', name: 'Baobab Oil', price: 60, image: null, quantity: 2, stock: 20, maxPerOrder: 3 };

  it('says "At most N per order" on a line whose product has its own limit, and its quantity stops there', async () => {
    useCart.setState({ items: [oil, soap] });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    const input = quantityInput('Baobab Oil');
    expect(input).toHaveAttribute('max', '3');
    expect(input).toHaveAccessibleDescription('At most 3 per order');
    // A line without a limit of its own says nothing of one.
    expect(quantityInput('African Black Soap')).not.toHaveAttribute('aria-describedby');
    expect(screen.getAllByText(/per order/)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Baobab Oil' }));
    expect(await screen.findByText('Quantity updated')).toBeInTheDocument();
    expect(input).toHaveValue(3);
    expect(screen.getByRole('button', { name: 'Increase quantity of Baobab Oil' })).toBeDisabled();

    act(() => toast.remove());
    await setQuantityText('Baobab Oil', '5');
    // The toast, besides the line's note.
    await waitFor(() => expect(screen.getAllByText('At most 3 per order')).toHaveLength(2));
    expect(input).toHaveValue(3);
    expect(useCart.getState().items[0]?.quantity).toBe(3);
  });

  it('a cart saved before the limit existed still loads: its lines have no limit of their own', async () => {
    const { maxPerOrder: _, ...oldLine } = oil;
    await idbSet('guestCartItems', JSON.stringify({ state: { items: [{ ...oldLine, quantity: 4 }] }, version: 0 }));
    await useCart.persist.rehydrate();
    await renderWithRouter(<CartPage />, { path: '/cart' });
    const input = quantityInput('Baobab Oil');
    expect(input).toHaveValue(4);
    expect(input).toHaveAttribute('max', '20');
    expect(screen.queryByText(/per order/)).not.toBeInTheDocument();
    await setQuantityText('Baobab Oil', '6');
    expect(await screen.findByText('Quantity updated')).toBeInTheDocument();
    expect(useCart.getState().items[0]?.quantity).toBe(6);
  });

  it("signed in: the server cart's limit shows on the line, and the server's 409 'At most N per order' is said like a stock refusal", async () => {
    useSession.setState({ session });
    const unlimited: CartItem = { ...oil, maxPerOrder: null };
    mockApi({
      'GET getMyCart': () => json(cartAnswer(line(unlimited), line({ ...shea, maxPerOrder: 2 }, 1))),
      // The shop set a limit on the oil after this page read the cart.
      'POST setCartItem': () => json({ message: 'At most 2 per order' }, 409),
    });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await screen.findByRole('link', { name: 'Baobab Oil' });
    expect(quantityInput('Raw Shea Butter')).toHaveAccessibleDescription('At most 2 per order');
    expect(quantityInput('Raw Shea Butter')).toHaveAttribute('max', '2');
    expect(quantityInput('Baobab Oil')).not.toHaveAttribute('aria-describedby');

    await setQuantityText('Baobab Oil', '4');
    // The toast, besides the shea butter's note.
    await waitFor(() => expect(screen.getAllByText('At most 2 per order')).toHaveLength(2));
    expect(quantityInput('Baobab Oil')).toHaveValue(2);
  });
});

describe('signed in', () => {
  beforeEach(() => {
    useSession.setState({ session });
  });

  it('loads the server cart on arrival', async () => {
    const calls = mockApi({ 'GET getMyCart': () => json(cartAnswer(line(shea, 3))) });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    expect(await screen.findByRole('link', { name: 'Raw Shea Butter' })).toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toHaveValue(3);
    expect(calls.map((c) => c.key)).toContain('GET getMyCart');
  });

  it('shows a spinner and disables the row while its change is saved', async () => {
    const saved = deferred();
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswer(line(shea), line(soap))),
      'POST setCartItem': () => saved.promise,
    });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await screen.findByRole('link', { name: 'Raw Shea Butter' });

    await setQuantityText('Raw Shea Butter', '3');
    const status = await screen.findByRole('status', { name: 'Saving Raw Shea Butter' });
    const row = status.closest('li')!;
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(quantityInput('Raw Shea Butter')).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Remove Raw Shea Butter from cart' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Increase quantity of Raw Shea Butter' })).toBeDisabled();
    // The other line stays usable.
    expect(quantityInput('African Black Soap')).toBeEnabled();
    expect(calls.find((c) => c.key === 'POST setCartItem')?.body).toEqual({ productId: 'p-shea', quantity: 3 });

    await act(async () => saved.resolve(json(cartAnswer(line(shea, 3), line(soap)))));
    expect(await screen.findByText('Quantity updated')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Saving Raw Shea Butter' })).not.toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toBeEnabled();
    expect(quantityInput('Raw Shea Butter')).toHaveValue(3);
  });

  it('disables every row while the cart is being cleared', async () => {
    const cleared = deferred();
    mockApi({
      'GET getMyCart': () => json(cartAnswer(line(shea), line(soap))),
      'DELETE clearCart': () => cleared.promise,
    });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await screen.findByRole('link', { name: 'Raw Shea Butter' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('status', { name: 'Saving Raw Shea Butter' })).toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toBeDisabled();
    expect(quantityInput('African Black Soap')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeDisabled();
    await act(async () => cleared.resolve(json(cartAnswer())));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('a failed save says so and keeps the old quantity', async () => {
    mockApi({
      'GET getMyCart': () => json(cartAnswer(line(shea))),
      'POST setCartItem': () => json({ message: 'Only 4 items available in stock' }, 409),
    });
    await renderWithRouter(<CartPage />, { path: '/cart' });
    await screen.findByRole('link', { name: 'Raw Shea Butter' });
    await setQuantityText('Raw Shea Butter', '5');
    expect(await screen.findByText('Only 4 items available in stock')).toBeInTheDocument();
    expect(quantityInput('Raw Shea Butter')).toHaveValue(2);
  });
});
