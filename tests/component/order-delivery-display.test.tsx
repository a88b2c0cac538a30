// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: accessible names: happy-dom leaves a visually hidden span out of the map link's name.
import { createRoute } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminOrderPage } from '@/client/features/admin/orders/components/admin-order-page';
import { AdminOrdersPage } from '@/client/features/admin/orders/components/admin-orders-page';
import { adminOrdersSearch } from '@/client/features/admin/orders/orders-search';
import { MyOrdersPage } from '@/client/features/orders/components/my-orders-page';
import { OrderDetailPage } from '@/client/features/orders/components/order-detail-page';
import { useSession } from '@/client/stores/session';
import type { DeliveryOption, OrderDelivery } from '@/shared/delivery';
import type { AdminOrder, Order } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { CUSTOMER_SESSION, freshStoresWithOrderTokens, givenShopSettings, makeAdminOrder, makeOrder, SHOP_SETTINGS } from './fixtures';
import { renderRoutes, renderWithRouter } from './render';

/** How the shopper's and the admin's order pages, the confirmation and the order lists show an order's delivery. */

const shopper = { ...CUSTOMER_SESSION, token: 'tok-akosua' };
const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };
const FEE_NOTE = 'NB: Shipping / delivery fee not included in the total.';
const MAP_LINK = 'https://www.google.com/maps/search/?api=1&query=GA-183-8164';

/** Where a rider finds Akosua. */
const WHERE = { region: 'Greater Accra', gpsAddress: 'GA-183-8164', landmark: 'Behind the Total filling station' } as const;

const ACCRA: OrderDelivery = { optionId: 'd-accra', name: 'Accra rider', fee: 20, feePaidWith: 'order', eta: 'Same day', pickup: false };
const KUMASI: OrderDelivery = { optionId: 'd-kumasi', name: 'Kumasi courier', fee: 35, feePaidWith: 'rider', eta: '1-2 days', pickup: false };
const PICKUP: OrderDelivery = { optionId: 'd-pickup', name: 'Shop at Osu', fee: 0, feePaidWith: 'order', eta: '', pickup: true };

/** Akosua's ₵121 order sent with `delivery`: a fee paid with the order is in its total. */
const orderWith = (delivery: OrderDelivery | null, overrides: Partial<Order> = {}): Order =>
  makeOrder({
    ...WHERE,
    delivery,
    shipping: delivery ? delivery.fee : null,
    total: 121 + (delivery?.feePaidWith === 'order' ? delivery.fee : 0),
    ...overrides,
  });

const pairsIn = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

/** The shopper's page of order o1 (signed in), the server answering `order`; `placed`: right after the checkout. */
async function openShopperOrder(order: Order, placed = false) {
  useSession.setState({ session: shopper });
  mockApi({ 'GET getOrderById/o1': () => json({ order }) });
  await renderWithRouter(<OrderDetailPage id="o1" placed={placed} />, { path: '/order/o1' });
  await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
}

/** The admin's page of `order`. */
async function openAdminOrder(order: AdminOrder) {
  useSession.setState({ session: admin });
  mockApi({ 'GET getOrderById/o1': () => json({ order }), 'GET outboxMessages': () => json({ messages: [], total: 0, page: 1, limit: 100 }) });
  await renderWithRouter(<AdminOrderPage id="o1" />, { path: '/admin/orders/o1' });
  await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
}

freshStoresWithOrderTokens();

describe("the shopper's order page", () => {
  it('a fee paid with the order: its line in the summary, in the total; the note about the fee is gone', async () => {
    await openShopperOrder(orderWith(ACCRA));
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount', '₵0.00'],
      ['Delivery: Accra rider', '₵20.00'],
      ['Total', '₵141.00'],
    ]);
    expect(screen.queryByText(FEE_NOTE)).not.toBeInTheDocument();
    expect(screen.queryByText(/paid to the rider/)).not.toBeInTheDocument();
  });

  it('shows where the order goes: region, the GPS address as a map link, landmark, the option and its time', async () => {
    await openShopperOrder(orderWith(ACCRA));
    expect(pairsIn('Customer Information')).toEqual([
      ['Full name', 'Akosua Mensah'],
      ['Email', 'akosua@example.com'],
      ['Phone', '0241234567'],
      ['Address', '14 Oxford Street, Osu'],
      ['City', 'Accra'],
      ['Region', 'Greater Accra'],
      ['GPS address', 'GA-183-8164, find on map ↗'],
      ['Landmark', 'Behind the Total filling station'],
      ['Delivery', 'Accra rider'],
      ['Estimated time', 'Same day'],
    ]);
    const map = screen.getByRole('link', { name: 'GA-183-8164, find on map' });
    expect(map).toHaveAttribute('href', MAP_LINK);
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
  });

  it('a fee paid to the rider is said under the total and not added to it', async () => {
    await openShopperOrder(orderWith(KUMASI));
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount', '₵0.00'],
      ['Total', '₵121.00'],
    ]);
    expect(summary.getByText('Delivery ₵35.00, paid to the rider', { exact: false }).textContent).toBe('Kumasi courier: Delivery ₵35.00, paid to the rider');
    expect(screen.queryByText(FEE_NOTE)).not.toBeInTheDocument();
  });

  it("free delivery (the order reached the option's free-from amount) says Free", async () => {
    await openShopperOrder(orderWith({ ...ACCRA, fee: 0 }, { discount: 12.1, total: 108.9, promoCode: 'SAVE10' }));
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount (SAVE10)', '−₵12.10'],
      ['Delivery: Accra rider', 'Free'],
      ['Total', '₵108.90'],
    ]);
    expect(screen.queryByText(FEE_NOTE)).not.toBeInTheDocument();
  });

  it('a pickup says Pickup with the place, and shows no street address', async () => {
    await openShopperOrder(orderWith(PICKUP, { address: '', region: null, gpsAddress: null, landmark: null }));
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount', '₵0.00'],
      ['Pickup: Shop at Osu', 'Free'],
      ['Total', '₵121.00'],
    ]);
    expect(pairsIn('Customer Information')).toEqual([
      ['Full name', 'Akosua Mensah'],
      ['Email', 'akosua@example.com'],
      ['Phone', '0241234567'],
      ['City', 'Accra'],
      ['Pickup', 'Shop at Osu'],
    ]);
    expect(screen.queryByRole('link', { name: /find on map/ })).not.toBeInTheDocument();
  });

  it('without a delivery option: the totals as before, and the note that the fee is not included', async () => {
    await openShopperOrder(orderWith(null, { region: null, gpsAddress: null, landmark: null }));
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount', '₵0.00'],
      ['Total', '₵121.00'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).getByText(FEE_NOTE)).toBeInTheDocument();
    expect(pairsIn('Customer Information').map(([label]) => label)).toEqual(['Full name', 'Email', 'Phone', 'Address', 'City']);
  });

  it('a past order shows the delivery it was placed with, not the option as the shop has it now', async () => {
    const now: DeliveryOption = {
      _id: 'd-accra',
      name: 'Accra express',
      regions: ['Greater Accra'],
      cities: [],
      fee: 30,
      freeFrom: null,
      eta: '2 hours',
      feePaidWith: 'rider',
      pickup: false,
      active: true,
    };
    givenShopSettings({ ...SHOP_SETTINGS, delivery: [now] });
    await openShopperOrder(orderWith(ACCRA));
    expect(pairsIn('Order Summary')).toContainEqual(['Delivery: Accra rider', '₵20.00']);
    expect(pairsIn('Customer Information')).toContainEqual(['Estimated time', 'Same day']);
    expect(screen.queryByText(/Accra express|2 hours/)).not.toBeInTheDocument();
  });
});

describe('the confirmation after checkout', () => {
  const block = () => within(screen.getByRole('region', { name: 'Thank you for your order!' }));

  it('names the delivery chosen, with its time, instead of the note about the fee', async () => {
    await openShopperOrder(orderWith(ACCRA), true);
    expect(block().getByText('Delivery: Accra rider (Same day).')).toBeInTheDocument();
    expect(screen.queryByText(FEE_NOTE)).not.toBeInTheDocument();
  });

  it('says a fee to pay the rider once on the page, in the summary under the total', async () => {
    await openShopperOrder(orderWith(KUMASI), true);
    expect(block().getByText('Delivery: Kumasi courier (1-2 days).')).toBeInTheDocument();
    expect(screen.getAllByText(/Delivery ₵35\.00, paid to the rider/)).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).getByText(/paid to the rider/)).toBeInTheDocument();
  });

  it('a pickup says where', async () => {
    await openShopperOrder(orderWith(PICKUP, { address: '' }), true);
    expect(block().getByText('Pickup: Shop at Osu.')).toBeInTheDocument();
  });

  it('without an option says once on the page that the fee is not included', async () => {
    await openShopperOrder(orderWith(null), true);
    expect(screen.getAllByText(FEE_NOTE)).toHaveLength(1);
    expect(block().queryByText(/^Delivery:/)).not.toBeInTheDocument();
  });
});

describe("the admin's order page", () => {
  it('shows the rider where to go (the GPS address on a map), the option and the fee in the total', async () => {
    await openAdminOrder(makeAdminOrder({ ...orderWith(ACCRA), orderStatus: 'Processing' }));
    expect(pairsIn('Customer Information')).toEqual([
      ['Name', 'Akosua Mensah'],
      ['Email', 'akosua@example.com'],
      ['Phone', '0241234567'],
      ['Address', '14 Oxford Street, Osu, Accra'],
      ['Region', 'Greater Accra'],
      ['GPS address', 'GA-183-8164, find on map ↗'],
      ['Landmark', 'Behind the Total filling station'],
      ['Delivery', 'Accra rider'],
      ['Estimated time', 'Same day'],
      ['Payment method', 'Cash on Delivery'],
      ['Account', 'View customer profile'],
    ]);
    const map = screen.getByRole('link', { name: 'GA-183-8164, find on map' });
    expect(map).toHaveAttribute('href', MAP_LINK);
    expect(map).toHaveAttribute('target', '_blank');
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount', '₵0.00'],
      ['Delivery: Accra rider', '₵20.00'],
      ['Total', '₵141.00'],
    ]);
  });

  it('a fee to collect on delivery is said under the total, not in it', async () => {
    await openAdminOrder(makeAdminOrder(orderWith(KUMASI)));
    expect(pairsIn('Order Summary').at(-1)).toEqual(['Total', '₵121.00']);
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).getByText(/paid to the rider/).textContent).toBe(
      'Kumasi courier: Delivery ₵35.00, paid to the rider',
    );
  });

  it('a pickup: the town only, and Pickup with the place', async () => {
    await openAdminOrder(makeAdminOrder(orderWith(PICKUP, { address: '', region: null, gpsAddress: null, landmark: null })));
    const pairs = pairsIn('Customer Information');
    expect(pairs).toContainEqual(['Address', 'Accra']);
    expect(pairs).toContainEqual(['Pickup', 'Shop at Osu']);
    expect(pairsIn('Order Summary')).toContainEqual(['Pickup: Shop at Osu', 'Free']);
  });
});

describe('order lists', () => {
  it("the shopper's order cards name the delivery beside the total", async () => {
    useSession.setState({ session: shopper });
    mockApi({
      'GET getAllMyOrders': () =>
        json({
          Orders: [orderWith(ACCRA), orderWith(PICKUP, { _id: 'o2', orderNumber: 'NK-22AB4C' }), orderWith(null, { _id: 'o3', orderNumber: 'NK-33CD5E' })],
        }),
    });
    await renderWithRouter(<MyOrdersPage />, { path: '/orders' });
    const accra = await screen.findByRole('article', { name: 'Order NK-7K3Q9P' });
    expect(within(accra).getByText('Total').nextElementSibling).toHaveTextContent('₵141.00');
    expect(within(accra).getByText('Delivery').nextElementSibling).toHaveTextContent('Accra rider');
    const pickup = screen.getByRole('article', { name: 'Order NK-22AB4C' });
    expect(within(pickup).getByText('Pickup').nextElementSibling).toHaveTextContent('Shop at Osu');
    const none = screen.getByRole('article', { name: 'Order NK-33CD5E' });
    expect(within(none).queryByText('Delivery')).not.toBeInTheDocument();
  });

  it("the admin's list says the delivery under the customer, with no new column", async () => {
    useSession.setState({ session: admin });
    mockApi({
      'GET getAllOrders': () =>
        json({
          orders: [makeAdminOrder(orderWith(ACCRA)), makeAdminOrder(orderWith(null, { _id: 'o2', orderNumber: 'NK-000002' }))],
          total: 2,
          page: 1,
          limit: 10,
        }),
    });
    await renderRoutes(
      (root) => [createRoute({ getParentRoute: () => root, path: '/admin/orders', validateSearch: adminOrdersSearch, component: AdminOrdersPage })],
      {
        url: '/admin/orders',
      },
    );
    const row = (await screen.findByRole('cell', { name: 'NK-7K3Q9P' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'NK-7K3Q9P',
      'Akosua Mensah0241234567akosua@example.comAccra · Delivery: Accra rider',
      '22 Nov 202609:15',
      '₵141.00',
      'Pending',
      'Pending',
      'View',
    ]);
    const other = screen.getByRole('cell', { name: 'NK-000002' }).closest('tr') as HTMLElement;
    expect(within(other).getAllByRole('cell')[1]).toHaveTextContent(/^Akosua Mensah0241234567akosua@example\.comAccra$/);
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Order', 'Customer', 'Date', 'Total', 'Payment', 'Status', 'Actions']),
    );
  });
});
