// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: under happy-dom the newsletter form's answer never shows (two tests fail there).
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_NAME_SUFFIX, CHAT_PHRASES, ChatLink } from '@/client/features/layout/components/chat-link';
import { SiteLayout } from '@/client/features/layout/components/site-layout';
import { configureHttp } from '@/client/lib/http';
import { queryClient } from '@/client/lib/query-client';
import { type CartItem, useCart } from '@/client/stores/cart';
import { type Session, useSession } from '@/client/stores/session';
import { json, mockApi, notFound, type Route } from './api-mock';
import { givenShopSettings, resetStores, SHOP_SETTINGS, textsOf } from './fixtures';
import { renderWithRouter } from './render';

const CUSTOMER: Session = { token: 'tok-1', role: 'customer', userId: 'u1', fullName: 'Ama Mensah', email: 'ama@example.com' };
const ADMIN: Session = { ...CUSTOMER, role: 'admin', fullName: 'Kofi Admin' };

/** Answers the layout's API calls; what a test does not answer gets the server's 404. */
const serve = (routes: Record<string, Route>) => mockApi(routes, { otherwise: notFound });

const item = (productId: string, quantity: number): CartItem => ({ productId, name: productId, price: 10, image: null, quantity, stock: 10 });

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** The footer, once its code has loaded (a page drawn from nothing asks for it with the app's code). */
const loadedFooter = () => screen.findByRole('contentinfo');

/** The newsletter's field, once the form (with its form library) has taken the placeholder's place. */
async function newsletterField() {
  const footer = await loadedFooter();
  return vi.waitFor(() => {
    const field = within(footer).getByRole('textbox', { name: 'Email address for the newsletter' });
    expect(field.closest('form')).not.toBeNull();
    return field;
  });
}

function renderLayout(path = '/') {
  return renderWithRouter(
    <SiteLayout>
      <h1>Page</h1>
    </SiteLayout>,
    { path },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: () => {} });
  resetStores();
  queryClient.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('top bar', () => {
  it('has the logo, the category links and Orders, and a skip link to the content', async () => {
    serve({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
    await renderLayout();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Nkuto Naturals, home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Hair', '/hair'],
      ['Skin', '/skin'],
      ['Cleansers', '/cleansers'],
      ['Gift & Sets', '/gifts-and-sets'],
      ['Natural Oils', '/natural-oils'],
      ['Orders', '/orders'],
    ]);
  });

  it('counts the cart items on the badge', async () => {
    serve({});
    await renderLayout();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    act(() => {
      useCart.setState({ items: [item('a', 2), item('b', 1)] });
    });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    act(() => {
      useCart.setState({ items: [item('a', 1)] });
    });
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('signed out: a Sign In link, no Profile menu, no Admin Panel', async () => {
    serve({});
    await renderLayout();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('a customer gets the Profile menu (Edit Profile, Logout) and no Admin Panel', async () => {
    useSession.setState({ session: CUSTOMER });
    serve({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    const profile = await screen.findByRole('button', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    await user.click(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Profile' });
    expect(textsOf(menu, 'menuitem')).toEqual(['Edit Profile', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(profile).toHaveFocus();
  });

  it('an admin also gets the Admin Panel button to /admin', async () => {
    useSession.setState({ session: ADMIN });
    serve({});
    await renderLayout();
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(await screen.findByRole('button', { name: 'Profile' })).toBeInTheDocument();
  });

  it('Logout signs out on the server and on the device, then goes to /signin', async () => {
    useSession.setState({ session: CUSTOMER });
    useCart.setState({ items: [item('a', 2)] });
    const calls = serve({ 'POST logout': () => json({ message: 'Logged out successfully' }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signin$/);
    expect(calls.find((c) => c.key === 'POST logout')?.authorization).toBe('Bearer tok-1');
    expect(useSession.getState().session).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });
});

describe('slide-in menu', () => {
  it('opens with focus inside, and closes on Escape with focus back on the button', async () => {
    serve({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panelId = button.getAttribute('aria-controls')!;
    expect(document.getElementById(panelId)).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Its contents load on the first tap (or when the phone is idle): the panel shows once they are here.
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(panel.id).toBe(panelId);
    await vi.waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    const links = within(within(panel).getByRole('navigation', { name: 'Shop' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'All Products', 'Hair', 'Skin', 'Cleansers', 'Gift & Sets', 'Natural Oils', 'Orders']);
    expect(within(panel).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when a link is followed, or on the backdrop', async () => {
    serve({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.click(await screen.findByTestId('menu-backdrop'));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Skin' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/skin$/);
  });

  it('signed in: the account actions, and Admin Panel for an admin', async () => {
    useSession.setState({ session: ADMIN });
    serve({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(panel).toHaveTextContent('Signed in as Kofi Admin');
    expect(within(panel).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(within(panel).getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('footer', () => {
  it('has the quick links, and the contact details and social links from the settings (fetched once)', async () => {
    const calls = serve({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
    await renderLayout();
    const footer = await loadedFooter();
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['Our Brand', '/our-brand'],
      ['Contact', '/contact'],
    ]);
    expect(await within(footer).findByRole('link', { name: 'Nkuto Naturals on Facebook' })).toHaveAttribute('href', SHOP_SETTINGS.socials.facebook);
    expect(within(footer).getByRole('link', { name: 'Nkuto Naturals on Instagram' })).toHaveAttribute('target', '_blank');
    expect(within(footer).queryByRole('link', { name: /on TikTok/ })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '+233 24 123 4567' })).toHaveAttribute('href', 'tel:+233241234567');
    expect(within(footer).getByRole('link', { name: 'hello@nkutonaturals.com.gh' })).toHaveAttribute('href', 'mailto:hello@nkutonaturals.com.gh');
    expect(footer).toHaveTextContent('14 Oxford Street, Osu, Accra, Ghana');
    expect(calls.filter((c) => c.key === 'GET settings')).toHaveLength(1);
  });

  it('shows nothing broken when the settings cannot be fetched', async () => {
    serve({ 'GET settings': () => json({ message: 'down' }, 500) });
    await renderLayout();
    // The failed GET is tried once more (ky's retry) before the footer gives up on the settings.
    await vi.waitFor(async () => {
      await advance(500);
      expect(queryClient.getQueryState(['settings'])?.status).toBe('error');
    });
    const footer = await loadedFooter();
    expect(within(footer).getByRole('navigation', { name: 'Quick Links' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /on Facebook/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp chat/ })).not.toBeInTheDocument();
  });

  it('the newsletter form posts the email and toasts the answer', async () => {
    const calls = serve({
      'GET settings': () => json({ data: SHOP_SETTINGS }),
      'POST subscribe': (body) =>
        (body as { email: string }).email === 'ama@example.com'
          ? json({ message: 'Thank you for subscribing!' })
          : json({ message: 'You are already subscribed. Thank you!' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    const email = await newsletterField();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(email, 'ama@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST subscribe')?.body).toEqual({ email: 'ama@example.com' });
    expect(email).toHaveValue('');

    await user.type(email, 'kofi@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('You are already subscribed. Thank you!')).toBeInTheDocument();
  });

  it('the newsletter form toasts the server message on failure', async () => {
    serve({ 'POST subscribe': () => json({ message: 'Please enter a valid email address.' }, 400) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderLayout();
    const email = await newsletterField();
    await user.type(email, 'ama@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveValue('ama@example');
  });
});

describe('WhatsApp chat link', () => {
  it('links to the shop number with a preset greeting, and its label changes every 3 s through 13 phrases', async () => {
    givenShopSettings(SHOP_SETTINGS);
    await renderWithRouter(<ChatLink />);
    const link = screen.getByRole('link', { name: /WhatsApp chat/ });
    expect(link).toHaveAttribute('href', `https://wa.me/233241234567?text=${encodeURIComponent('Hello Nkuto Naturals, I need help with my order.')}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    expect(CHAT_PHRASES).toHaveLength(13);
    expect(new Set(CHAT_PHRASES).size).toBe(13);
    const label = () => screen.getByTestId('chat-label').textContent;
    const seen = [label()];
    expect(seen[0]).toBe(CHAT_PHRASES[0]);
    await advance(2900);
    expect(label()).toBe(CHAT_PHRASES[0]);
    await advance(100);
    expect(label()).toBe(CHAT_PHRASES[1]);
    for (let i = 2; i < 13; i++) {
      await advance(3000);
      seen.push(label());
    }
    expect(seen).toEqual([CHAT_PHRASES[0], ...CHAT_PHRASES.slice(2)]);
    // After the 13th it starts again.
    await advance(3000);
    expect(label()).toBe(CHAT_PHRASES[0]);
    expect(screen.getByRole('link', { name: /WhatsApp chat/ })).toBe(link);
  });

  it('its accessible name starts with the phrase on screen (Label in Name), and holds still while focused', async () => {
    givenShopSettings(SHOP_SETTINGS);
    await renderWithRouter(<ChatLink />);
    const link = screen.getByRole('link', { name: /WhatsApp chat/ });
    // No aria-label overriding the visible text: speech-input users can say what they see.
    expect(link).not.toHaveAttribute('aria-label');
    for (const phrase of CHAT_PHRASES.slice(0, 3)) {
      expect(screen.getByTestId('chat-label')).toHaveTextContent(phrase);
      expect(screen.getByTestId('chat-label')).not.toHaveAttribute('aria-hidden');
      expect(link).toHaveAccessibleName(`${phrase} ${CHAT_NAME_SUFFIX}`);
      await advance(3000);
    }
    act(() => link.focus());
    const focusedName = `${CHAT_PHRASES[3]} ${CHAT_NAME_SUFFIX}`;
    expect(link).toHaveAccessibleName(focusedName);
    await advance(9000);
    expect(link).toHaveAccessibleName(focusedName);
    act(() => link.blur());
    await advance(3000);
    expect(link).toHaveAccessibleName(`${CHAT_PHRASES[4]} ${CHAT_NAME_SUFFIX}`);
  });

  it('uses the shop phone when no WhatsApp number is set, and hides without a number', async () => {
    givenShopSettings({ ...SHOP_SETTINGS, whatsapp: '', phone: '024 123 4567' });
    const { unmount } = await renderWithRouter(<ChatLink />);
    expect(screen.getByRole('link', { name: /WhatsApp chat/ })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/233241234567\?/));
    unmount();
    givenShopSettings({ ...SHOP_SETTINGS, whatsapp: '', phone: '' });
    await renderWithRouter(<ChatLink />);
    expect(screen.queryByRole('link', { name: /WhatsApp chat/ })).not.toBeInTheDocument();
  });
});
