import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/status-badge';
import { MyOrdersPage } from '@/client/features/orders/components/my-orders-page';
import { useCheckout } from '@/client/stores/checkout';
import { useLookedUpOrders } from '@/client/stores/looked-up-orders';
import { useSession } from '@/client/stores/session';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Order } from '@/shared/types';
import { heldAnswer, json, mockApi } from './api-mock';
import { CUSTOMER_SESSION, freshStoresWithOrderTokens, makeOrder } from './fixtures';
import { renderWithRouter } from './render';

/** Akosua signed in; the calls show her token as `Bearer tok-akosua`. */
const session = { ...CUSTOMER_SESSION, token: 'tok-akosua' };

const pending = makeOrder();
const delivered = makeOrder({
  _id: 'o2',
  orderNumber: 'NK-22AB4C',
  createdAt: '2026-10-03T23:30:00.000Z',
  orderStatus: 'Delivered',
  paymentStatus: 'Paid',
  subtotal: 1234.5,
  total: 1234.5,
  items: [{ product: { _id: 'p-oil', name: 'Baobab Oil', price: 1234.5, productImageUrls: [] }, priceAtPurchase: 1234.5, quantity: 1 }],
});

const openOrders = () => renderWithRouter(<MyOrdersPage />, { path: '/orders' });
const article = (orderNumber: string) => screen.getByRole('article', { name: `Order ${orderNumber}` });

freshStoresWithOrderTokens();

describe('my orders, signed in', () => {
  it('shows skeletons, then each order with its date, badges, total, items and View Details', async () => {
    useSession.setState({ session });
    const { answer, calls } = heldAnswer('GET getAllMyOrders');
    await openOrders();

    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Orders - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');

    answer.resolve(json({ Orders: [pending, delivered] }));
    const first = await screen.findByRole('article', { name: 'Order NK-7K3Q9P' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls).toEqual([{ key: 'GET getAllMyOrders', body: undefined, authorization: 'Bearer tok-akosua' }]);

    // Newest first, as the server sends them.
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Order NK-7K3Q9P', 'Order NK-22AB4C']);
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Order NK-7K3Q9P');
    expect(within(first).getByText('22 Nov 2026')).toHaveAttribute('datetime', '2026-11-22T09:15:00.000Z');
    expect(within(first).getByText('Status').nextElementSibling).toHaveTextContent('Pending');
    expect(within(first).getByText('Payment').nextElementSibling).toHaveTextContent('Pending');
    expect(within(first).getByText('Total').nextElementSibling).toHaveTextContent('₵121.00');

    const items = within(within(first).getByRole('list', { name: 'Items in order NK-7K3Q9P' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Raw Shea ButterQty: 2 · ₵45.50 each', 'African Black SoapQty: 1 · ₵30.00 each']);
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/shea-640.webp');

    const details = within(first).getByRole('link', { name: 'View Details of order NK-7K3Q9P' });
    expect(details).toHaveAttribute('href', '/order/o1');
    expect(details).toHaveTextContent(/^View Details$/);

    // An order placed just before midnight in Accra keeps its Accra date; big totals get their separator.
    const second = article('NK-22AB4C');
    expect(within(second).getByText('3 Oct 2026')).toBeInTheDocument();
    expect(within(second).getByText('Total').nextElementSibling).toHaveTextContent('₵1,234.50');
    expect(within(second).getByText('Delivered')).toHaveAttribute('data-tone', 'success');
    expect(within(second).getByText('Paid')).toHaveAttribute('data-tone', 'success');
    expect(within(second).getByRole('link', { name: 'View Details of order NK-22AB4C' })).toHaveAttribute('href', '/order/o2');
  });

  it('opens the order from View Details', async () => {
    useSession.setState({ session });
    mockApi({ 'GET getAllMyOrders': () => json({ Orders: [pending] }) });
    await openOrders();
    await userEvent.click(await screen.findByRole('link', { name: 'View Details of order NK-7K3Q9P' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/order\/o1$/);
  });

  it("says 'No orders yet. Start shopping!' with a way to the products", async () => {
    useSession.setState({ session });
    mockApi({ 'GET getAllMyOrders': () => json({ Orders: [] }) });
    await openOrders();
    expect(await screen.findByText('No orders yet. Start shopping!')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Shop Products' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/products$/);
  });

  it("says 'Failed to fetch orders' with no list, and Try again loads them", async () => {
    useSession.setState({ session });
    let online = false;
    const calls = mockApi({
      'GET getAllMyOrders': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json({ Orders: [pending] });
      },
    });
    await openOrders();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch orders');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your orders' })).not.toBeInTheDocument();

    online = true;
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.length).toBe(before + 1);
  });

  it("shows the server's message when it sends one", async () => {
    useSession.setState({ session });
    mockApi({ 'GET getAllMyOrders': () => json({ message: 'Orders are being moved. Try again in a minute.' }, 409) });
    await openOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent('Orders are being moved. Try again in a minute.');
  });
});

describe('my orders, signed out', () => {
  it("says 'Please log in to view orders' with a Sign in link back here, and calls nothing", async () => {
    const calls = mockApi({});
    await openOrders();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view orders')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders placed on this device' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/signin?redirect=%2Forders');
    expect(calls).toEqual([]);
  });

  it('lists the guest orders placed on this device, each read with its own token, leaving out the ones gone', async () => {
    const { rememberOrderToken } = useCheckout.getState();
    rememberOrderToken('o2', 'token-delivered');
    rememberOrderToken('o-gone', 'token-gone');
    rememberOrderToken('o1', 'token-pending');
    const guest = (order: Order) => ({ ...order, user: null });
    const calls = mockApi({
      'GET getOrderById/o1': () => json({ order: guest(pending) }),
      'GET getOrderById/o2': () => json({ order: guest(delivered) }),
      'GET getOrderById/o-gone': () => json({ message: 'Order Not Found' }, 404),
    });
    await openOrders();

    expect(screen.getByText('Please log in to view orders')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Orders placed on this device' });
    await within(section).findByRole('article', { name: 'Order NK-7K3Q9P' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Order NK-7K3Q9P', 'Order NK-22AB4C']);
    expect(within(article('NK-22AB4C')).getByRole('link', { name: 'View Details of order NK-22AB4C' })).toHaveAttribute('href', '/order/o2');

    const tokenOf = (key: string) => calls.find((c) => c.key === key)?.headers.get('x-order-token');
    expect(tokenOf('GET getOrderById/o1')).toBe('token-pending');
    expect(tokenOf('GET getOrderById/o2')).toBe('token-delivered');
    expect(tokenOf('GET getOrderById/o-gone')).toBe('token-gone');
    expect(calls.every((c) => c.authorization === null)).toBe(true);
    expect(calls.map((c) => c.key)).not.toContain('GET getAllMyOrders');
  });

  it('shows nothing more when every order on this device is gone', async () => {
    useCheckout.getState().rememberOrderToken('o-gone', 'token-gone');
    const calls = mockApi({ 'GET getOrderById/o-gone': () => json({ message: 'Order Not Found' }, 404) });
    await openOrders();
    expect(screen.getByRole('heading', { name: 'Orders placed on this device' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Orders placed on this device' })).not.toBeInTheDocument());
    expect(calls.map((c) => c.key)).toEqual(['GET getOrderById/o-gone']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Please log in to view orders')).toBeInTheDocument();
  });
});

describe('my orders: orders looked up on this device', () => {
  const lookedUp = () => screen.findByRole('region', { name: 'Orders you looked up' });

  it('signed out: Find an order sits beside Sign in, and the looked-up orders show marked, opened by their link', async () => {
    useLookedUpOrders.getState().remember('o2', 'code-delivered');
    const calls = mockApi({ 'GET orderByLink/code-delivered': () => json({ order: { ...delivered, user: null } }) });
    await openOrders();
    expect(screen.getByRole('link', { name: 'Find an order' })).toHaveAttribute('href', '/orders/lookup');
    const section = await lookedUp();
    const card = await within(section).findByRole('article', { name: 'Order NK-22AB4C' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Order NK-22AB4C');
    expect(within(card).getByText('Looked up')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details of order NK-22AB4C' })).toHaveAttribute('href', '/o/code-delivered');
    expect(calls).toEqual([{ key: 'GET orderByLink/code-delivered', body: undefined, authorization: null }]);
  });

  it('signed in: the customer has the way to Find an order too, and sees their looked-up orders below their own, none twice', async () => {
    useSession.setState({ session });
    // o1 is Akosua's own order as well: listed once, with her orders.
    useLookedUpOrders.getState().remember('o1', 'code-pending');
    useLookedUpOrders.getState().remember('o-friend', 'code-friend');
    const friend = makeOrder({ _id: 'o-friend', orderNumber: 'NK-FR1END', user: null });
    mockApi({
      'GET getAllMyOrders': () => json({ Orders: [pending] }),
      'GET orderByLink/code-pending': () => json({ order: pending }),
      'GET orderByLink/code-friend': () => json({ order: friend }),
    });
    await openOrders();
    expect(screen.getByRole('link', { name: 'Find an order' })).toHaveAttribute('href', '/orders/lookup');
    const section = await lookedUp();
    await within(section).findByRole('article', { name: 'Order NK-FR1END' });
    await screen.findByRole('article', { name: 'Order NK-7K3Q9P' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['order-o1-title', 'order-o-friend-title']);
    expect(within(section).queryByRole('article', { name: 'Order NK-7K3Q9P' })).not.toBeInTheDocument();
  });

  it('an order placed on this device is listed with those, not again as looked up', async () => {
    useCheckout.getState().rememberOrderToken('o1', 'token-pending');
    useLookedUpOrders.getState().remember('o1', 'code-pending');
    const calls = mockApi({ 'GET getOrderById/o1': () => json({ order: { ...pending, user: null } }) });
    await openOrders();
    const device = screen.getByRole('region', { name: 'Orders placed on this device' });
    await within(device).findByRole('article', { name: 'Order NK-7K3Q9P' });
    expect(screen.queryByRole('region', { name: 'Orders you looked up' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET getOrderById/o1']);
  });

  it('a link that now answers 404 leaves the list and the device without a word; the others stay', async () => {
    useLookedUpOrders.getState().remember('o-gone', 'code-expired');
    useLookedUpOrders.getState().remember('o2', 'code-delivered');
    mockApi({
      'GET orderByLink/code-expired': () => json({ message: SERVER_MESSAGES.orderLinkInvalid }, 404),
      'GET orderByLink/code-delivered': () => json({ order: { ...delivered, user: null } }),
    });
    await openOrders();
    const section = await lookedUp();
    await within(section).findByRole('article', { name: 'Order NK-22AB4C' });
    await waitFor(() => expect(useLookedUpOrders.getState().lookedUpOrders).toEqual({ o2: 'code-delivered' }));
    expect(within(section).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when every looked-up link answers 404, the section goes', async () => {
    useLookedUpOrders.getState().remember('o-gone', 'code-expired');
    mockApi({ 'GET orderByLink/code-expired': () => json({ message: SERVER_MESSAGES.orderLinkInvalid }, 404) });
    await openOrders();
    await waitFor(() => expect(useLookedUpOrders.getState().lookedUpOrders).toEqual({}));
    expect(screen.queryByRole('region', { name: 'Orders you looked up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('any other failure says so, with Try again', async () => {
    useLookedUpOrders.getState().remember('o2', 'code-delivered');
    let up = false;
    mockApi({
      'GET orderByLink/code-delivered': () => (up ? json({ order: delivered }) : json({ message: 'Database unavailable' }, 503)),
    });
    await openOrders();
    const section = await lookedUp();
    expect(await within(section).findByRole('alert')).toHaveTextContent('Database unavailable');
    up = true;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('article', { name: 'Order NK-22AB4C' })).toBeInTheDocument();
    expect(useLookedUpOrders.getState().lookedUpOrders).toEqual({ o2: 'code-delivered' });
  });
});

describe('an order card', () => {
  it('tells what was refunded, and a payment that came after the order was cancelled', async () => {
    useSession.setState({ session });
    const refund = { returnedToStock: false, createdAt: '2026-11-24T09:00:00.000Z', updatedAt: '2026-11-24T09:05:00.000Z' };
    const refunded = makeOrder(
      {
        orderStatus: 'Cancelled',
        paymentStatus: 'Paid',
        cancelledAt: '2026-11-22T09:30:00.000Z',
        paidAt: '2026-11-22T09:34:00.000Z',
        refunds: [{ _id: 'r1', amount: 121, status: 'processed', ...refund }],
      },
      { paymentMethod: 'Mobile Money' },
    );
    mockApi({ 'GET getAllMyOrders': () => json({ Orders: [refunded, delivered] }) });
    await openOrders();
    const card = within(await screen.findByRole('article', { name: 'Order NK-7K3Q9P' }));
    expect(card.getByText('Refunded: ₵121.00')).toBeInTheDocument();
    expect(
      card.getByText('Your payment arrived after this order was cancelled. The shop will contact you to refund it or to send your order.'),
    ).toBeInTheDocument();
    expect(within(article('NK-22AB4C')).queryByText(/Refund|cancelled/)).not.toBeInTheDocument();
  });
});

describe('status badges', () => {
  it('say the status in words, Delivered green, Cancelled red, the rest yellow; Paid green, Pending yellow', () => {
    const { container } = render(
      <>
        {(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const).map((status) => (
          <p key={status} data-testid={`order-${status}`}>
            <OrderStatusBadge status={status} />
          </p>
        ))}
        {(['Paid', 'Pending'] as const).map((status) => (
          <p key={status} data-testid={`payment-${status}`}>
            <PaymentStatusBadge status={status} />
          </p>
        ))}
      </>,
    );
    const badges = Array.from(container.querySelectorAll('p'), (p) => [p.dataset.testid, p.textContent, p.firstElementChild?.getAttribute('data-tone')]);
    expect(badges).toEqual([
      ['order-Pending', 'Pending', 'warning'],
      ['order-Processing', 'Processing', 'warning'],
      ['order-Shipped', 'Shipped', 'warning'],
      ['order-Delivered', 'Delivered', 'success'],
      ['order-Cancelled', 'Cancelled', 'danger'],
      ['payment-Paid', 'Paid', 'success'],
      ['payment-Pending', 'Pending', 'warning'],
    ]);

    // Each tone has a class of its own (its colours); the same tone shares it.
    const classOf = (testId: string) => screen.getByTestId(testId).firstElementChild?.className;
    expect(new Set([classOf('order-Delivered'), classOf('order-Cancelled'), classOf('order-Shipped')]).size).toBe(3);
    expect(classOf('order-Delivered')).toBe(classOf('payment-Paid'));
    expect(classOf('order-Processing')).toBe(classOf('payment-Pending'));
  });
});
