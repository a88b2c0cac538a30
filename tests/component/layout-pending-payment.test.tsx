import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PendingPaymentBanner } from '@/client/features/layout/components/pending-payment-banner';
import { PendingPaymentNotice } from '@/client/features/layout/components/pending-payment-notice';
import { type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import { freshStoresAndStorage } from './fixtures';
import { renderWithRouter } from './render';

const pending: PendingPayment = {
  orderId: 'o1',
  orderNumber: 'NK-7K3Q9P',
  amount: 91,
  email: 'kofi@example.com',
  reference: 'ref-123456',
  paymentLink: '/pay/sandbox/ref-123456',
  startedAt: '2026-11-22T09:00:00.000Z',
  userId: null,
  items: [{ productId: 'p1', quantity: 2 }],
  state: 'awaiting',
};

freshStoresAndStorage();

describe('the pending payment banner', () => {
  it('leads back to the checkout from any other page while a payment is open', async () => {
    useCheckout.getState().startPayment(pending);
    // The banner loads its notice once the page has settled, 3 s after it loaded, when the phone is
    // idle (the first screen does not start with the checkout's store): the clock is moved on to then.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderWithRouter(<PendingPaymentBanner />, { path: '/products' });
      expect(screen.queryByText('Your Mobile Money payment for order NK-7K3Q9P is not confirmed yet.')).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(5000);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Your Mobile Money payment for order NK-7K3Q9P is not confirmed yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute('href', '/checkout');
  });

  it('says when the payment did not go through', async () => {
    useCheckout.getState().startPayment({ ...pending, state: 'failed' });
    await renderWithRouter(<PendingPaymentNotice />, { path: '/products' });
    expect(screen.getByText('The Mobile Money payment for order NK-7K3Q9P did not go through.')).toBeInTheDocument();
  });

  it('is not shown on the checkout itself, with no payment, or for another shopper', async () => {
    useCheckout.getState().startPayment(pending);
    const { unmount } = await renderWithRouter(<PendingPaymentNotice />, { path: '/checkout' });
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
    unmount();

    // A guest's payment is not a signed-in customer's business.
    useSession.setState({ session: { token: 't', role: 'customer', userId: 'u9', fullName: 'Esi', email: 'esi@example.com' } });
    const second = await renderWithRouter(<PendingPaymentNotice />, { path: '/products' });
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
    second.unmount();

    useSession.setState({ session: null });
    useCheckout.getState().clearPayment();
    await renderWithRouter(<PendingPaymentNotice />, { path: '/products' });
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });
});
