import { createMemoryHistory } from '@tanstack/react-router';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/client/lib/query-client';
import { createShopRouter } from '@/client/router';
import { type Session, useSession } from '@/client/stores/session';
import { deferred, json, mockApi, type Route } from './api-mock';
import { resetStores, SHOP_SETTINGS, signedInAs } from './fixtures';
import { renderRouter } from './render';

const ADMIN: Session = { token: 'tok-admin', role: 'admin', userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };

/** The app's own router (its route tree, loaders and preloading) opened at `path`. */
async function openApp(path: string) {
  const router = createShopRouter({ queryClient, dataLoading: 'start', history: createMemoryHistory({ initialEntries: [path] }) });
  renderRouter(router);
  await act(() => router.load());
  return router;
}

/**
 * The app at /admin, the dashboard's figures and setup guide never answered (a refused call would be
 * tried again, late enough on a slow day to land in the next test), and `routes` for the list a link may load.
 */
async function openDashboard(routes: Record<string, Route>) {
  const never = deferred();
  const calls = mockApi({
    'GET settings': () => json({ data: SHOP_SETTINGS }),
    'GET getDashboardStats': () => never.promise,
    'GET setupGuide': () => never.promise,
    ...routes,
  });
  return { calls, router: await openApp('/admin') };
}

beforeEach(() => {
  resetStores();
});

signedInAs(ADMIN);

describe("a link starts loading its page's data before it is followed", () => {
  it('on hover: the orders list is asked for while the dashboard is still shown', async () => {
    const { calls, router } = await openDashboard({ 'GET getAllOrders': () => json({ orders: [], total: 0, page: 1, limit: 10 }) });
    expect(calls.map((c) => c.key)).not.toContain('GET getAllOrders');

    await userEvent.hover(screen.getAllByRole('link', { name: 'Orders' })[0] as HTMLElement);
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toContain('GET getAllOrders'));
    expect(router.state.location.pathname).toBe('/admin');
    // The page it preloaded is in the cache: following the link asks nothing more.
    const before = calls.length;
    await act(() => router.navigate({ to: '/admin/orders' }));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(calls.slice(before).map((c) => c.key)).not.toContain('GET getAllOrders');
  });

  it('on touch start (a phone has no hover): the customers list is asked for', async () => {
    const { calls, router } = await openDashboard({ 'GET getAllUsers': () => json({ users: [], total: 0, page: 1, limit: 10 }) });
    fireEvent.touchStart(screen.getAllByRole('link', { name: 'Customers' })[0] as HTMLElement);
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toContain('GET getAllUsers'));
    expect(router.state.location.pathname).toBe('/admin');
  });

  it("a customer's session preloads no admin data", async () => {
    useSession.setState({ session: { ...ADMIN, role: 'customer' } });
    const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
    await openApp('/admin/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET settings']));
    await act(async () => {});
    expect(calls.map((c) => c.key)).toEqual(['GET settings']);
  });
});
