import { createRoute } from '@tanstack/react-router';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '@/client/features/admin/layout/components/admin-layout';
import { requireSignedIn } from '@/client/features/admin/layout/guard';
import { useCart } from '@/client/stores/cart';
import { type Session, useSession } from '@/client/stores/session';
import { json, mockApi, notFound, type Route } from './api-mock';
import { fakeTimersAndFreshStores, SHOP_SETTINGS, sessionTokenOnCalls } from './fixtures';
import { screenMatches } from './media-query';
import { renderRoutes } from './render';

const ADMIN: Session = { token: 'tok-admin', role: 'admin', userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };
const CUSTOMER: Session = { token: 'tok-ama', role: 'customer', userId: 'u1', fullName: 'Ama Mensah', email: 'ama@example.com' };

/** Answers the shell's calls; anything else gets the server's 404. */
const serve = (routes: Record<string, Route> = {}) =>
  mockApi({ 'GET settings': () => json({ data: { ...SHOP_SETTINGS, shopName: 'Adwoa Shea' } }), ...routes }, { otherwise: notFound });

/** Pages of the admin area, each telling which one it is; other paths show where the app went. */
function Page({ name }: { name: string }) {
  return <h1>{name} page</h1>;
}

/** The real /admin layout route (guard and layout) with three pages under it, opened at `path` (see renderRoutes). */
async function renderAdmin(path = '/admin') {
  const { router } = await renderRoutes(
    (root) => {
      const adminRoute = createRoute({
        getParentRoute: () => root,
        path: '/admin',
        beforeLoad: ({ location }) => requireSignedIn(location),
        component: AdminLayout,
      });
      const dashboard = createRoute({ getParentRoute: () => adminRoute, path: '/', component: () => <Page name="Dashboard" /> });
      const messages = createRoute({ getParentRoute: () => adminRoute, path: '/messages', component: () => <Page name="Messages" /> });
      const orders = createRoute({ getParentRoute: () => adminRoute, path: '/orders', component: () => <Page name="Orders" /> });
      return [adminRoute.addChildren([dashboard, messages, orders])];
    },
    { url: path },
  );
  return router;
}

/** A landscape tablet or wider: the menu is always there. */
function wideScreen() {
  screenMatches((query) => query.includes('min-width: 1024px'));
}

const adminMenu = () => screen.getByRole('navigation', { name: 'Admin' });

fakeTimersAndFreshStores();

sessionTokenOnCalls();

afterEach(() => {
  document.body.style.overflow = '';
});

describe('admin shell', () => {
  it('gives an admin the top bar, the menu with every area, Home Page and a skip link around the page', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    await renderAdmin('/admin');

    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');

    // The shop's name comes from its settings.
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Adwoa Shea Admin' })).toHaveAttribute('href', '/admin');
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeEnabled();

    const links = within(adminMenu()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['All Products', '/admin/products'],
      ['Add Product', '/admin/products/add'],
      ['Low Stock', '/admin/products/low-stock'],
      ['Orders', '/admin/orders'],
      ['Record an order', '/admin/orders/new'],
      ['Customers', '/admin/customers'],
      ['Messages', '/admin/messages'],
      ['Message log', '/admin/message-log'],
      ['Promo Codes', '/admin/promo-codes'],
      ['Settings', '/admin/settings'],
    ]);
    // The three product links are a group named Products.
    expect(
      within(within(adminMenu()).getByRole('list', { name: 'Products' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All Products', 'Add Product', 'Low Stock']);

    expect(within(adminMenu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(adminMenu()).getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
    // In the top bar's flow, not floating over the page.
    expect(within(header).getByRole('link', { name: 'Home Page' })).toHaveAttribute('href', '/');
  });

  it('marks the page shown in the menu, and Dashboard only on the dashboard', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    wideScreen();
    await renderAdmin('/admin/messages');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages page' })).toBeInTheDocument();
    expect(within(adminMenu()).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(adminMenu()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await user.click(within(adminMenu()).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders page' })).toBeInTheDocument();
    expect(within(adminMenu()).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(adminMenu()).getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
  });

  it("refuses a signed-in customer with 'Admins only', without the shell, the page or any call", async () => {
    useSession.setState({ session: CUSTOMER });
    const calls = serve();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderAdmin('/admin/messages');

    expect(screen.getByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
    expect(screen.getByText('You need an admin account to open the admin area.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Messages page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Home Page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Back to the shop' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
    expect(calls).toEqual([]);
  });

  it('sends a signed-out visitor to /signin, to come back to the page asked for', async () => {
    const calls = serve();
    await renderAdmin('/admin/messages');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signin\?redirect=%2Fadmin%2Fmessages$/);
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the admin to /signin when the session ends while a page is open', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    await renderAdmin('/admin/messages');
    expect(screen.getByRole('heading', { name: 'Messages page' })).toBeInTheDocument();
    act(() => useSession.setState({ session: null }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signin\?redirect=%2Fadmin%2Fmessages$/);
  });

  it('Logout signs out on the server and on the device, then goes to /signin', async () => {
    useSession.setState({ session: ADMIN });
    useCart.setState({ items: [{ productId: 'p1', name: 'Shea', price: 10, image: null, quantity: 1, stock: 5 }] });
    const calls = serve({ 'POST logout': () => json({ message: 'Logged out successfully' }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderAdmin('/admin');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signin$/);
    expect(calls.find((c) => c.key === 'POST logout')?.authorization).toBe('Bearer tok-admin');
    expect(useSession.getState().session).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });
});

describe('side menu below 1024 px', () => {
  it('is a drawer: Menu opens it with focus inside and the page inert; Escape closes it and focus goes back', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderAdmin('/admin');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = adminMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    // Closed, the drawer's links are out of reach.
    expect(menu).toHaveAttribute('inert');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).not.toHaveAttribute('inert');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('inert');
    // Home Page is in the top bar, which stays in reach with Menu and Logout.
    expect(screen.getByRole('link', { name: 'Home Page' })).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(menu).toHaveAttribute('inert');
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('closes when a link is followed, or on the backdrop', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderAdmin('/admin');
    const toggle = screen.getByRole('button', { name: 'Menu' });

    await user.click(toggle);
    await user.click(screen.getByTestId('admin-menu-backdrop'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(adminMenu()).getByRole('link', { name: 'Messages' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages page' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(adminMenu()).toHaveAttribute('inert');
    expect(screen.queryByTestId('admin-menu-backdrop')).not.toBeInTheDocument();
  });

  it('from 1024 px the menu is always there and Menu opens no drawer', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    wideScreen();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderAdmin('/admin');
    expect(adminMenu()).not.toHaveAttribute('inert');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.click(within(adminMenu()).getByRole('link', { name: 'Messages' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages page' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });
});

describe('test payments banner', () => {
  const testPayments = { ...SHOP_SETTINGS, payments: { mobileMoney: true, testPayments: true } };

  it("tells on every admin page that payments are simulated, and how to take real ones in the owner's words, with the way to the setup guide", async () => {
    useSession.setState({ session: ADMIN });
    mockApi({ 'GET settings': () => json({ data: testPayments }) }, { otherwise: notFound });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    wideScreen();
    await renderAdmin('/admin');

    const banner = await within(screen.getByRole('main')).findByRole('region', { name: 'Test payments are on: Mobile Money is simulated.' });
    expect(banner).toHaveTextContent('To take real payments, open a Paystack account; the Payments step of the setup guide shows what to do.');
    // Nothing a developer would say: no setting names, no restarts.
    expect(banner).not.toHaveTextContent(/PAYSTACK_SECRET_KEY|PUBLIC_URL|restart/);
    expect(within(banner).getByRole('link', { name: 'Open the setup guide' })).toHaveAttribute('href', '/admin#setup-guide-title');
    // Above the page itself.
    expect(banner.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(adminMenu()).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders page' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Test payments are on: Mobile Money is simulated.' })).toBeInTheDocument();
  });

  it('is not there with real payments (or before the settings are known)', async () => {
    useSession.setState({ session: ADMIN });
    serve();
    await renderAdmin('/admin');
    expect(screen.queryByRole('region', { name: /Test payments/ })).not.toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Adwoa Shea Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Test payments/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/PAYSTACK_SECRET_KEY/)).not.toBeInTheDocument();
  });
});
