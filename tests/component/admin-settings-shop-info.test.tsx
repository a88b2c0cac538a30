import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { adminSettingsQuery } from '@/client/features/admin/settings/api/get-settings';
import { SettingsPage } from '@/client/features/admin/settings/components/settings-page';
import { SiteFooterContents } from '@/client/features/layout/components/site-footer';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { queryClient } from '@/client/lib/query-client';
import type { Session } from '@/client/stores/session';
import type { ShopSettings } from '@/shared/types';
import { deferred, heldAnswer, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, SHOP_SETTINGS, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN: Session = { token: 'admin-tok', role: 'admin', userId: 'a1', fullName: 'Adwoa Admin', email: 'admin@nkutonaturals.com.gh' };
const LOGO = '/uploads/0123456789abcdef0123456789abcdef-320.webp';
const NEW_LOGO = '/uploads/fedcba9876543210fedcba9876543210-320.webp';

fakeTimersAndFreshStores();

signedInAs(ADMIN);

const user = (options: { applyAccept?: boolean } = {}) => userEvent.setup({ advanceTimers: vi.advanceTimersByTime, ...options });

/** The page, with the storefront footer beside it (it reads the shop's settings query, which a save updates). */
async function openSettings() {
  await renderWithRouter(
    <>
      <SettingsPage />
      <footer>
        <SiteFooterContents />
      </footer>
    </>,
    { path: '/admin/settings' },
  );
  const section = screen.getByRole('region', { name: 'Shop Information' });
  await within(section).findByLabelText('Shop name');
  return section;
}

const field = (section: HTMLElement, label: string) => within(section).getByLabelText(label, { exact: true });
const saveButton = (section: HTMLElement) => within(section).getByRole('button', { name: 'Save Settings' });

/** The settings as the server answers a save: what was sent, stored and normalised. */
function savedFrom(body: Record<string, unknown>, logo: string | null = null): ShopSettings {
  const socials = Object.fromEntries(Object.entries(body.socials as Record<string, string>).filter(([, link]) => link !== ''));
  return {
    shopName: String(body.shopName),
    email: String(body.email),
    phone: String(body.phone),
    whatsapp: String(body.whatsapp),
    address: String(body.address),
    delivery: [],
    demoShop: false,
    logo,
    socials,
    payments: { mobileMoney: true, testPayments: false },
    passwordReset: { email: true, sms: true },
    vitalsSamplePercent: Number(body.vitalsSamplePercent ?? 100),
  };
}

it("shows the h1 'Settings', a loading status, then the form filled with the stored settings and the current logo", async () => {
  const { answer } = heldAnswer('GET settings');
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });

  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  expect(document.title).toBe('Settings - Admin - Nkuto Naturals');
  const section = screen.getByRole('region', { name: 'Shop Information' });
  expect(within(section).getByRole('status')).toHaveTextContent('Loading shop settings');
  expect(within(section).queryByLabelText('Shop name')).not.toBeInTheDocument();
  // The password form does not wait for the settings.
  expect(screen.getByRole('heading', { level: 2, name: 'Change Password' })).toBeInTheDocument();

  answer.resolve(json({ data: { ...SHOP_SETTINGS, logo: LOGO } }));
  expect(await within(section).findByLabelText('Shop name')).toHaveValue('Nkuto Naturals');
  expect(field(section, 'Email')).toHaveValue('hello@nkutonaturals.com.gh');
  expect(field(section, 'Phone')).toHaveValue('+233 24 123 4567');
  expect(field(section, 'WhatsApp number')).toHaveValue('+233241234567');
  expect(field(section, 'Address')).toHaveValue('14 Oxford Street, Osu, Accra, Ghana');
  expect(field(section, 'Facebook')).toHaveValue('https://www.facebook.com/nkutonaturals');
  expect(field(section, 'Instagram')).toHaveValue('https://www.instagram.com/nkutonaturals');
  expect(field(section, 'TikTok')).toHaveValue('');
  expect(field(section, 'X')).toHaveValue('');
  expect(field(section, 'Logo')).toHaveAttribute('accept', 'image/*');
  expect(within(section).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', LOGO);
  expect(within(section).queryByRole('status')).not.toBeInTheDocument();
});

it('opens at once with the settings read a moment ago (the route loader), and waits for fresh ones over a copy from an earlier visit', async () => {
  const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
  queryClient.setQueryData(adminSettingsQuery().queryKey, { ...SHOP_SETTINGS, shopName: 'Just Read' });
  const { unmount } = await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  let section = screen.getByRole('region', { name: 'Shop Information' });
  expect(field(section, 'Shop name')).toHaveValue('Just Read');
  // Not read again (the alerts section below reads its own).
  expect(calls.filter((call) => call.key === 'GET settings')).toEqual([]);
  unmount();

  const answer = deferred();
  vi.restoreAllMocks();
  mockApi({ 'GET settings': () => answer.promise });
  queryClient.setQueryData(adminSettingsQuery().queryKey, { ...SHOP_SETTINGS, shopName: 'Old Name' }, { updatedAt: Date.now() - 5 * 60_000 });
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  section = screen.getByRole('region', { name: 'Shop Information' });
  expect(within(section).getByRole('status')).toHaveTextContent('Loading shop settings');
  expect(within(section).queryByLabelText('Shop name')).not.toBeInTheDocument();
  answer.resolve(json({ data: SHOP_SETTINGS }));
  expect(await within(section).findByLabelText('Shop name')).toHaveValue('Nkuto Naturals');
});

it("a failed load says 'Failed to fetch settings' and 'Try again' loads the form", async () => {
  let attempts = 0;
  mockApi({
    'GET settings': () => {
      attempts += 1;
      if (attempts <= 2) throw new TypeError('Failed to fetch'); // ky retries a GET once
      return json({ data: SHOP_SETTINGS });
    },
  });
  const u = user();
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  const section = screen.getByRole('region', { name: 'Shop Information' });
  expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to fetch settings');
  expect(within(section).queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();

  await u.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByLabelText('Shop name')).toHaveValue('Nkuto Naturals');
  expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
});

it("refuses a blank shop name and phone with 'Shop name, email and phone are required.', focusing the shop name, and sends nothing", async () => {
  const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
  const u = user();
  const section = await openSettings();
  await u.clear(field(section, 'Shop name'));
  await u.clear(field(section, 'Phone'));
  await u.type(field(section, 'Phone'), '   ');
  await u.click(saveButton(section));

  expect(within(section).getByRole('alert')).toHaveTextContent('Shop name, email and phone are required.');
  expect(field(section, 'Shop name')).toHaveFocus();
  expect(field(section, 'Shop name')).toHaveAttribute('aria-invalid', 'true');
  expect(field(section, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  expect(field(section, 'Email')).not.toHaveAttribute('aria-invalid');
  expect(calls.filter((c) => c.key === 'PATCH settings')).toHaveLength(0);

  // Editing a marked field clears its mark.
  await u.type(field(section, 'Shop name'), 'Shea Haven');
  expect(field(section, 'Shop name')).not.toHaveAttribute('aria-invalid');
});

it('refuses a bad e-mail, a WhatsApp number without country code and a link that is not https, each under its field', async () => {
  const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
  const u = user();
  const section = await openSettings();
  await u.clear(field(section, 'Email'));
  await u.type(field(section, 'Email'), 'hello-at-nkuto');
  await u.clear(field(section, 'WhatsApp number'));
  await u.type(field(section, 'WhatsApp number'), '12ab');
  await u.type(field(section, 'TikTok'), 'http://tiktok.com/@nkuto');
  await u.clear(field(section, 'Visits measured (%)'));
  await u.type(field(section, 'Visits measured (%)'), '150');
  await u.click(saveButton(section));

  expect(within(section).getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  expect(field(section, 'Email')).toHaveFocus();
  expect(field(section, 'WhatsApp number')).toHaveAccessibleDescription(/Enter the WhatsApp number with its country code/);
  expect(field(section, 'TikTok')).toHaveAttribute('aria-invalid', 'true');
  expect(field(section, 'TikTok')).toHaveAccessibleDescription(/Social links must be full https:\/\/ addresses\./);
  expect(field(section, 'Visits measured (%)')).toHaveAttribute('aria-invalid', 'true');
  expect(field(section, 'Visits measured (%)')).toHaveAccessibleDescription(/Enter a whole number from 0 to 100\./);
  expect(calls.filter((c) => c.key === 'PATCH settings')).toHaveLength(0);
});

it('saves as JSON with the bearer token, shows the spinner meanwhile, toasts, and the storefront footer shows the new name and phone at once', async () => {
  const answer = deferred();
  const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }), 'PATCH settings': () => answer.promise });
  const u = user();
  const section = await openSettings();
  const footer = screen.getByRole('contentinfo');
  await within(footer).findByText('+233 24 123 4567');

  await u.clear(field(section, 'Shop name'));
  await u.type(field(section, 'Shop name'), '  Shea Haven ');
  await u.clear(field(section, 'Phone'));
  await u.type(field(section, 'Phone'), '+233 20 555 0101');
  await u.clear(field(section, 'Instagram'));
  await u.type(field(section, 'X'), 'https://x.com/sheahaven');
  // A busy shop measures a quarter of its visits.
  await u.clear(field(section, 'Visits measured (%)'));
  await u.type(field(section, 'Visits measured (%)'), '25');
  await u.click(saveButton(section));

  const busy = within(section).getByRole('button', { name: 'Saving…' });
  expect(busy).toBeDisabled();
  const patch = calls.filter((c) => c.key === 'PATCH settings');
  expect(patch).toEqual([
    {
      key: 'PATCH settings',
      authorization: 'Bearer admin-tok',
      body: {
        shopName: 'Shea Haven',
        email: 'hello@nkutonaturals.com.gh',
        phone: '+233 20 555 0101',
        whatsapp: '233241234567',
        address: '14 Oxford Street, Osu, Accra, Ghana',
        // Every link goes: a blank one removes it.
        socials: { facebook: 'https://www.facebook.com/nkutonaturals', instagram: '', tiktok: '', x: 'https://x.com/sheahaven' },
        vitalsSamplePercent: 25,
      },
    },
  ]);
  expect(patch[0]?.headers.get('content-type')).toMatch(/^application\/json/);

  answer.resolve(json({ message: 'Shop settings updated successfully', data: savedFrom(patch[0]?.body as Record<string, unknown>) }));
  expect(await screen.findByText('Shop settings updated successfully')).toBeInTheDocument();
  expect(saveButton(section)).toBeEnabled();
  expect(within(footer).getByRole('heading', { name: 'Shea Haven' })).toBeInTheDocument();
  expect(within(footer).getByText('+233 20 555 0101')).toBeInTheDocument();
  expect(within(footer).queryByText('+233 24 123 4567')).not.toBeInTheDocument();
  expect(queryClient.getQueryData(shopSettingsQuery().queryKey)).toMatchObject({ shopName: 'Shea Haven', phone: '+233 20 555 0101' });
  // The settings page's own copy too: it opens with the saved values next time.
  expect(queryClient.getQueryData(adminSettingsQuery().queryKey)).toMatchObject({ shopName: 'Shea Haven', phone: '+233 20 555 0101' });
  // The form shows what the server stored.
  expect(field(section, 'Shop name')).toHaveValue('Shea Haven');
  expect(field(section, 'Instagram')).toHaveValue('');
});

it("refuses a logo that is not an image: 'The logo must be an image file.', no preview, and Save sends nothing until it is cleared", async () => {
  const calls = mockApi({
    'GET settings': () => json({ data: { ...SHOP_SETTINGS, logo: LOGO } }),
    'PATCH settings': (body) => json({ message: 'Shop settings updated successfully', data: savedFrom(body as Record<string, unknown>, LOGO) }),
  });
  const u = user({ applyAccept: false });
  const section = await openSettings();
  const logoInput = field(section, 'Logo');
  await u.upload(logoInput, new File(['just some notes'], 'notes.txt', { type: 'text/plain' }));

  expect(within(section).getByText('The logo must be an image file.')).toBeInTheDocument();
  expect(logoInput).toHaveAttribute('aria-invalid', 'true');
  expect(within(section).queryByRole('img', { name: /new logo/i })).not.toBeInTheDocument();

  await u.click(saveButton(section));
  expect(within(section).getByRole('alert')).toHaveTextContent('The logo must be an image file.');
  expect(field(section, 'Logo')).toHaveFocus();
  expect(calls.filter((c) => c.key === 'PATCH settings')).toHaveLength(0);

  // Keeping the current logo instead: the form saves (as JSON, no file).
  await u.click(within(section).getByRole('button', { name: 'Clear chosen logo' }));
  expect(field(section, 'Logo')).not.toHaveAttribute('aria-invalid');
  expect(field(section, 'Logo')).toHaveFocus();
  expect(within(section).queryByText('The logo must be an image file.')).not.toBeInTheDocument();
  await u.click(saveButton(section));
  expect(await screen.findByText('Shop settings updated successfully')).toBeInTheDocument();
  expect(calls.filter((c) => c.key === 'PATCH settings')).toHaveLength(1);
  expect(within(section).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', LOGO);
});

it('previews a chosen image, sends it with the fields as multipart, then shows the stored logo as the current one', async () => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chosen-logo');
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const sent: { authorization: string | null; contentType: string | null; raw: string }[] = [];
  // The multipart body is read here (the JSON-only mockApi cannot parse it).
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' && path === '/api/settings') return json({ data: SHOP_SETTINGS });
    if (request.method === 'PATCH' && path === '/api/settings') {
      sent.push({ authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type'), raw: await request.text() });
      return json({ message: 'Shop settings updated successfully', data: { ...SHOP_SETTINGS, logo: NEW_LOGO } });
    }
    throw new TypeError(`Failed to fetch (${request.method} ${path})`);
  });
  const u = user();
  const section = await openSettings();
  expect(within(section).getByText('No logo yet.')).toBeInTheDocument();

  await u.upload(field(section, 'Logo'), new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
  expect(within(section).getByRole('img', { name: 'New logo, not saved yet' })).toHaveAttribute('src', 'blob:chosen-logo');
  expect(within(section).queryByText('The logo must be an image file.')).not.toBeInTheDocument();

  await u.click(saveButton(section));
  expect(await screen.findByText('Shop settings updated successfully')).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.authorization).toBe('Bearer admin-tok');
  expect(sent[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  const part = (name: string) => new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(sent[0]?.raw ?? '')?.[1];
  expect(part('shopName')).toBe('Nkuto Naturals');
  expect(part('email')).toBe('hello@nkutonaturals.com.gh');
  expect(part('phone')).toBe('+233 24 123 4567');
  expect(part('whatsapp')).toBe('233241234567');
  expect(part('socials[facebook]')).toBe('https://www.facebook.com/nkutonaturals');
  expect(part('socials[tiktok]')).toBe('');
  // the test DOM cannot hand the file's bytes to Node's fetch; the part and its type are there.
  expect(sent[0]?.raw).toMatch(/name="logo"; filename="[^"]*"\r\nContent-Type: image\/png/);

  expect(within(section).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', NEW_LOGO);
  expect(within(section).queryByRole('img', { name: 'New logo, not saved yet' })).not.toBeInTheDocument();
  expect(field(section, 'Logo')).toHaveValue('');
  expect(revoke).toHaveBeenCalledWith('blob:chosen-logo');
  expect(queryClient.getQueryData(shopSettingsQuery().queryKey)?.logo).toBe(NEW_LOGO);
});

it("shows the server's refusal, marks its field and lets the admin try again", async () => {
  let refuse = true;
  const calls = mockApi({
    'GET settings': () => json({ data: SHOP_SETTINGS }),
    'PATCH settings': (body) =>
      refuse
        ? json({ message: 'Shop name, email and phone are required.', errors: [{ path: ['phone'], message: 'Shop name, email and phone are required.' }] }, 400)
        : json({ message: 'Shop settings updated successfully', data: savedFrom(body as Record<string, unknown>) }),
  });
  const u = user();
  const section = await openSettings();
  await u.click(saveButton(section));

  expect(await within(section).findByRole('alert')).toHaveTextContent('Shop name, email and phone are required.');
  await waitFor(() => expect(field(section, 'Phone')).toHaveFocus());
  expect(field(section, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  expect(saveButton(section)).toBeEnabled();
  expect(screen.queryByText('Shop settings updated successfully')).not.toBeInTheDocument();

  refuse = false;
  await u.click(saveButton(section));
  expect(await screen.findByText('Shop settings updated successfully')).toBeInTheDocument();
  expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.key === 'PATCH settings')).toHaveLength(2);
});
