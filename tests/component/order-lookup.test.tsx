import { createRoute } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MyOrdersPage } from '@/client/features/orders/components/my-orders-page';
import { OrderLookupPage } from '@/client/features/orders/components/order-lookup-page';
import { useLookedUpOrders } from '@/client/stores/looked-up-orders';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { OrderLookupAnswer } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { freshStoresWithOrderTokens, makeOrder } from './fixtures';
import { renderRoutes } from './render';

/** /orders/lookup, with /orders beside it (where a found order is listed again). */
const openLookup = () =>
  renderRoutes(
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/orders/lookup', component: OrderLookupPage }),
      createRoute({ getParentRoute: () => root, path: '/orders', component: MyOrdersPage }),
    ],
    { url: '/orders/lookup' },
  );

async function find(orderNumber: string, contact: string) {
  if (orderNumber) await userEvent.type(screen.getByLabelText('Order number'), orderNumber);
  if (contact) await userEvent.type(screen.getByLabelText('Phone or email used for the order'), contact);
  await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
}

freshStoresWithOrderTokens();

describe('find an order', () => {
  it('shows the order found read-only, keeps it on this device, and /orders lists it marked "Looked up"', async () => {
    // A guest's Mobile Money order not paid yet: its own page would offer 'Complete payment'.
    const order = makeOrder({ _id: 'o-found', user: null, holdExpiresAt: '2026-11-22T09:45:00.000Z' }, { paymentMethod: 'Mobile Money' });
    const answer: OrderLookupAnswer = { order, link: 'k3Xq9' };
    const calls = mockApi({ 'POST lookupOrder': () => json(answer) });
    await openLookup();
    expect(screen.getByRole('heading', { level: 1, name: 'Find an order' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Find an order - Nkuto Naturals'));

    await find(' nk 7k3q9p', '024 123 4567');
    const found = await screen.findByRole('heading', { level: 2, name: 'Order NK-7K3Q9P found' });
    expect(found).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
    expect(screen.getByText('Payment method').nextElementSibling).toHaveTextContent('Mobile Money');
    expect(screen.queryByRole('link', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cancel|pay/i })).not.toBeInTheDocument();
    expect(calls).toEqual([{ key: 'POST lookupOrder', body: { orderNumber: 'NK-7K3Q9P', contact: '+233241234567' }, authorization: null }]);
    expect(useLookedUpOrders.getState().lookedUpOrders).toEqual({ 'o-found': 'k3Xq9' });

    await userEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    const section = await screen.findByRole('region', { name: 'Orders you looked up' });
    const card = within(section).getByRole('article', { name: 'Order NK-7K3Q9P' });
    expect(within(card).getByText('Looked up')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details of order NK-7K3Q9P' })).toHaveAttribute('href', '/o/k3Xq9');
    // Read from what the lookup answered: no second call.
    expect(calls.map((c) => c.key)).toEqual(['POST lookupOrder']);
  });

  it("a wrong number or a wrong phone: the server's one answer, no field singled out, nothing kept", async () => {
    mockApi({ 'POST lookupOrder': () => json({ message: ACCOUNT_TEXTS.orderLookupNotFound }, 404) });
    await openLookup();
    await find('NK-7K3Q9P', 'ama@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.orderLookupNotFound);
    expect(screen.getByLabelText('Order number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Phone or email used for the order')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Find order' })).toBeEnabled();
    expect(useLookedUpOrders.getState().lookedUpOrders).toEqual({});
  });

  it("too many tries: the server's message", async () => {
    const tooMany = 'Too many requests from your network. Please try again later.';
    mockApi({ 'POST lookupOrder': () => json({ message: tooMany }, 429) });
    await openLookup();
    await find('NK-7K3Q9P', '0241234567');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
  });

  it('says what is missing, at the first such field, and sends nothing', async () => {
    const calls = mockApi({});
    await openLookup();
    await find('', 'not-a-contact');
    // The form library validates after the click's own turn: wait for its answer.
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.orderNumberRequired);
    const number = screen.getByLabelText('Order number');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    await vi.waitFor(() => expect(number).toHaveFocus());
    const contact = screen.getByLabelText('Phone or email used for the order');
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    // Its own error, then the form's message it points at.
    expect(contact).toHaveAccessibleDescription(`${ACCOUNT_TEXTS.contactInvalid} ${ACCOUNT_TEXTS.orderNumberRequired}`);
    expect(calls).toEqual([]);
  });

  it('Find another order brings the form back', async () => {
    mockApi({ 'POST lookupOrder': () => json({ order: makeOrder({ user: null }), link: 'k3Xq9' }) });
    await openLookup();
    await find('NK-7K3Q9P', '0241234567');
    await userEvent.click(await screen.findByRole('button', { name: 'Find another order' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Find an order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('');
  });
});
