import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '@/client/features/pwa/components/offline-banner';
import { useCatalogueCopy } from '@/client/lib/catalogue-copy-store';
import { timeAgo } from '@/client/lib/format-date';
import { queryClient } from '@/client/lib/query-client';
import { useOutbox } from '@/client/stores/outbox';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { mockApi } from './api-mock';
import { resetStores } from './fixtures';

const MINUTE = 60_000;

/** A guest's Cash on Delivery details, as an order queued offline keeps them. */
const QUEUED_DETAILS = {
  fullName: 'Ama',
  email: 'ama@example.com',
  phone: '0241234567',
  city: 'Accra',
  address: 'Osu',
  paymentMethod: 'Cash on Delivery' as const,
};

/** The bar, once what it says has loaded (its code loads when the phone is offline: offline-banner.tsx). */
async function renderBanner(props: Parameters<typeof OfflineBanner>[0] = {}) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <OfflineBanner {...props} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByRole('status')).not.toBeEmptyDOMElement());
  // Its effects (the minute's timer) run too before the test goes on.
  await act(async () => {});
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetStores();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the offline bar on the storefront', () => {
  it("says how old the prices and stock on screen are (when the phone's copy last synced), and keeps it current each minute", async () => {
    const calls = mockApi({});
    useCatalogueCopy.setState({ kept: 'saved', syncedAt: Date.now() - 12 * MINUTE });
    await renderBanner({ catalogueAge: true });
    expect(screen.getByRole('status')).toHaveTextContent(`${PAGE_MESSAGES.offline} Prices and stock as of 12 minutes ago.`);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByRole('status')).toHaveTextContent('Prices and stock as of 13 minutes ago.');
    // Nothing is asked for: there is no connection.
    expect(calls).toEqual([]);
  });

  it('says nothing of an age when the phone holds no copy of the catalogue, or on the admin bar', async () => {
    mockApi({});
    const { unmount } = await renderBanner({ catalogueAge: true });
    expect(screen.getByRole('status')).toHaveTextContent(PAGE_MESSAGES.offline);
    expect(screen.getByRole('status')).not.toHaveTextContent('Prices and stock');
    unmount();

    useCatalogueCopy.setState({ kept: 'saved', syncedAt: Date.now() - 5 * MINUTE });
    await renderBanner({ message: SERVER_MESSAGES.adminOffline });
    expect(screen.getByRole('status')).toHaveTextContent(SERVER_MESSAGES.adminOffline);
    expect(screen.getByRole('status')).not.toHaveTextContent('Prices and stock');
  });
});

describe('the bar is one line, with its details on a tap', () => {
  it("says 'You are offline.' and the orders waiting on its line; the rest shows when the shopper asks, and goes again", async () => {
    mockApi({});
    useCatalogueCopy.setState({ kept: 'saved', syncedAt: Date.now() - 12 * MINUTE });
    useOutbox.getState().queueOrder({ key: 'order-key-1', userId: null, details: QUEUED_DETAILS, items: [] });
    await renderBanner({ catalogueAge: true });
    const toggle = screen.getByRole('button', { name: /^You are offline\. · 1 order waiting/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const more = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(more).not.toBeVisible();
    expect(more).toHaveTextContent(`${PAGE_MESSAGES.offline} ${PAGE_MESSAGES.ordersWaiting(1)} Prices and stock as of 12 minutes ago.`);

    await act(async () => toggle.click());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(more).toBeVisible();
    await act(async () => toggle.click());
    expect(more).not.toBeVisible();
  });
});

describe('orders waiting to be sent', () => {
  it('counts the orders that go on reconnecting, not one waiting for the shopper to confirm a new delivery fee', async () => {
    mockApi({});
    const outbox = useOutbox.getState();
    outbox.queueOrder({ key: 'order-key-1', userId: null, details: QUEUED_DETAILS, items: [] });
    const changed = outbox.queueOrder({ key: 'order-key-2', userId: null, details: QUEUED_DETAILS, items: [] });
    await renderBanner();
    expect(screen.getByRole('status')).toHaveTextContent(PAGE_MESSAGES.ordersWaiting(2));
    act(() => {
      useOutbox.getState().awaitConfirmation(changed.id, { message: 'The delivery fee is now ₵25.00.', fee: 25, options: [] });
    });
    expect(screen.getByRole('status')).toHaveTextContent(PAGE_MESSAGES.ordersWaiting(1));
  });
});

describe('timeAgo', () => {
  it('reads as a shopper would say it', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0);
    expect(timeAgo(now - 30_000, now)).toBe('just now');
    expect(timeAgo(now - MINUTE, now)).toBe('1 minute ago');
    expect(timeAgo(now - 59 * MINUTE, now)).toBe('59 minutes ago');
    expect(timeAgo(now - 60 * MINUTE, now)).toBe('1 hour ago');
    expect(timeAgo(now - 5 * 60 * MINUTE, now)).toBe('5 hours ago');
    expect(timeAgo(now - 24 * 60 * MINUTE, now)).toBe('1 day ago');
    expect(timeAgo(now - 3 * 24 * 60 * MINUTE, now)).toBe('3 days ago');
    // A clock that moved back is not "in the future".
    expect(timeAgo(now + MINUTE, now)).toBe('just now');
  });
});
