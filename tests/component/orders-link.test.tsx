import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderLinkPage } from '@/client/features/orders/components/order-link-page';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { heldAnswer, json, mockApi } from './api-mock';
import { freshStoresWithOrderTokens, makeOrder } from './fixtures';
import { renderWithRouter } from './render';

/** The page of the link /o/{code}, in a fresh browser: nobody signed in, no order token (freshStoresWithOrderTokens). */
const openLink = (code = 'k3Xq9') => renderWithRouter(<OrderLinkPage code={code} />, { path: `/o/${code}` });

const pairsIn = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

freshStoresWithOrderTokens();

describe('order by link', () => {
  it('shows the order read-only to whoever holds the link: no session, no token, no way to pay or cancel', async () => {
    const { answer, calls } = heldAnswer('GET orderByLink/k3Xq9');
    await openLink();
    expect(screen.getByRole('status')).toHaveTextContent('Loading order…');

    // Mobile Money, not paid yet: the shopper's own page would offer 'Complete payment'.
    answer.resolve(
      json({
        order: makeOrder({ promoCode: 'SAVE10', discount: 12.1, total: 108.9, holdExpiresAt: '2026-11-22T09:45:00.000Z' }, { paymentMethod: 'Mobile Money' }),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order NK-7K3Q9P - Nkuto Naturals'));
    expect(calls).toEqual([{ key: 'GET orderByLink/k3Xq9', body: undefined, authorization: null }]);
    expect(calls[0]!.headers.get('x-order-token')).toBeNull();

    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Pending');
    expect(screen.getByText('Payment status').nextElementSibling).toHaveTextContent('Pending');
    expect(screen.getByText('Payment method').nextElementSibling).toHaveTextContent('Mobile Money');
    expect(screen.getByText(PAGE_MESSAGES.paymentAwaited)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Items' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Raw Shea ButterQty: 2 · ₵45.50 eachTotal for Raw Shea Butter: ₵91.00',
      'African Black SoapQty: 1 · ₵30.00 eachTotal for African Black Soap: ₵30.00',
    ]);
    expect(pairsIn('Order Summary')).toEqual([
      ['Subtotal', '₵121.00'],
      ['Discount (SAVE10)', '−₵12.10'],
      ['Total', '₵108.90'],
    ]);

    expect(screen.queryByRole('link', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cancel|pay/i })).not.toBeInTheDocument();
    // The way back does not go through 'My orders' (the holder may have no account).
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it("says the server's message for a link that is not valid, with ways to sign in, to find the order and to the shop", async () => {
    mockApi({ 'GET orderByLink/expired': () => json({ message: SERVER_MESSAGES.orderLinkInvalid }, 404) });
    await openLink('expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order link not valid' })).toBeInTheDocument();
    expect(screen.getByText(SERVER_MESSAGES.orderLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin?redirect=%2Forders');
    expect(screen.getByRole('link', { name: 'Find an order' })).toHaveAttribute('href', '/orders/lookup');
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/products');
    await waitFor(() => expect(document.title).toBe('Order link not valid - Nkuto Naturals'));
  });

  it('says when the order cannot be loaded, with Try again', async () => {
    mockApi({ 'GET orderByLink/k3Xq9': () => json({ message: 'Database unavailable' }, 503) });
    await openLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
