import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CustomerProfilePage } from '@/client/features/admin/customers/components/customer-profile-page';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { CustomerProfile, GuestBuyerProfile } from '@/shared/admin-types';
import type { AdminOrder } from '@/shared/types';
import { heldAnswer, json, mockApi } from './api-mock';
import { freshStoresAndStorage, makeAdminOrder, type OrderContact, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

/** Kofi's delivery details, as his orders keep them. */
const KOFI: OrderContact = { fullName: 'Kofi Boateng', email: 'kofi@example.com', phone: '0551234567', address: '7 Cantonments Road', city: 'Accra' };

/** One of Kofi's (u7) orders, ₵10 without lines unless told. */
function makeOrder(overrides: Partial<AdminOrder>): AdminOrder {
  return makeAdminOrder(
    { orderNumber: 'NK-AAAAAA', subtotal: 10, total: 10, user: { _id: 'u7', fullName: KOFI.fullName, email: KOFI.email }, items: [], ...overrides },
    { contact: KOFI },
  );
}

function makeProfile(overrides: Partial<CustomerProfile['user']> = {}, orders?: AdminOrder[]): CustomerProfile {
  const history = orders ?? [
    makeOrder({ _id: 'o2', orderNumber: 'NK-22AB4C', createdAt: '2026-11-20T12:00:00.000Z', total: 1200, orderStatus: 'Delivered', paymentStatus: 'Paid' }),
    makeOrder({ _id: 'o1', orderNumber: 'NK-7K3Q9P', createdAt: '2026-10-03T23:30:00.000Z', total: 34.5, orderStatus: 'Cancelled' }),
  ];
  return {
    user: {
      _id: 'u7',
      fullName: 'Kofi Boateng',
      avatar: null,
      email: 'kofi@example.com',
      role: 'customer',
      createdAt: '2026-02-14T08:00:00.000Z',
      joinDate: '2026-02-14T08:00:00.000Z',
      orderCount: history.length,
      totalSpent: 1234.5,
      // The account's own phone, as the server keeps it.
      phone: '+233551234567',
      accountPhone: '+233551234567',
      kind: 'account',
      lastOrderDate: null,
      address: '7 Cantonments Road',
      ...overrides,
    },
    orders: history,
    totalOrders: history.length,
    totalSpent: 1234.5,
  };
}

const valueAfter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

/** The profile of the customer `id` at its address. */
const openProfile = (id: string) => renderWithRouter(<CustomerProfilePage id={id} />, { path: `/admin/customers/${id}` });

freshStoresAndStorage();

signedInAs(admin);

describe('admin customer profile', () => {
  it('shows contact details, Total Orders, Total Spent in ₵, the order history linking to each order, and ways to get in touch', async () => {
    const { answer, calls } = heldAnswer('GET getUserById/u7');
    await openProfile('u7');
    expect(screen.getByRole('status')).toHaveTextContent('Loading customer…');

    answer.resolve(json(makeProfile()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kofi Boateng - Admin - Nkuto Naturals'));
    expect(calls).toEqual([{ key: 'GET getUserById/u7', body: undefined, authorization: 'Bearer tok-admin' }]);

    const contact = within(screen.getByRole('region', { name: 'Contact Details' }));
    expect(contact.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Email', 'kofi@example.com'],
      ['Phone', '055 123 4567'],
      ['Address', '7 Cantonments Road'],
      ['Joined', '14 Feb 2026'],
    ]);
    expect(valueAfter('Total Orders')).toHaveTextContent(/^2$/);
    expect(valueAfter('Total Spent')).toHaveTextContent(/^₵1,234\.50$/);

    expect(screen.getByRole('link', { name: 'Send email' })).toHaveAttribute('href', 'mailto:kofi@example.com');
    expect(screen.getByRole('link', { name: 'Call 055 123 4567' })).toHaveAttribute('href', 'tel:+233551234567');

    const history = screen.getByRole('table', { name: 'Order History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['NK-22AB4C', '20 Nov 2026', '₵1,200.00', 'Delivered'],
      ['NK-7K3Q9P', '3 Oct 2026', '₵34.50', 'Cancelled'],
    ]);
    expect(within(history).getByRole('link', { name: 'NK-22AB4C' })).toHaveAttribute('href', '/admin/orders/o2');
    expect(within(history).getByRole('link', { name: 'NK-7K3Q9P' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(within(rows[1]!).getByText('Cancelled')).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByRole('link', { name: 'Back to Customers' })).toHaveAttribute('href', '/admin/customers');
  });

  it('has no call link when the account has no phone, and says so for a customer with no orders', async () => {
    mockApi({
      'GET getUserById/u7': () => json({ ...makeProfile({ phone: null, accountPhone: null, address: null, orderCount: 0, totalSpent: 0 }, []), totalSpent: 0 }),
    });
    await openProfile('u7');
    await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng' });
    expect(screen.queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
    expect(valueAfter('Phone')).toHaveTextContent(/^None$/);
    expect(valueAfter('Address')).toHaveTextContent('Not known yet');
    expect(valueAfter('Total Orders')).toHaveTextContent(/^0$/);
    expect(valueAfter('Total Spent')).toHaveTextContent(/^₵0\.00$/);
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'User not found' for a missing account", async () => {
    mockApi({ 'GET getUserById/nope': () => json({ message: 'User not found' }, 404) });
    await openProfile('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Customers' })).toBeInTheDocument();
  });
});

describe('admin customer profile: password reset', () => {
  const resetPanel = () => within(screen.getByRole('region', { name: 'Password reset' }));

  it('sends a reset link by email or a code by SMS and toasts the answer', async () => {
    const calls = mockApi({
      'GET getUserById/u7': () => json(makeProfile()),
      'POST sendPasswordReset/u7': (body) => {
        const { channel } = body as { channel: string };
        return json({ message: ACCOUNT_TEXTS.adminResetSent(channel === 'sms' ? '+233551234567' : 'kofi@example.com') });
      },
    });
    await openProfile('u7');
    await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng' });

    await userEvent.click(resetPanel().getByRole('button', { name: 'Send reset link by email' }));
    expect(await screen.findByText('Reset sent to kofi@example.com.')).toBeInTheDocument();
    await userEvent.click(resetPanel().getByRole('button', { name: 'Send reset code by SMS' }));
    expect(await screen.findByText('Reset sent to +233551234567.')).toBeInTheDocument();

    expect(calls.filter((c) => c.key === 'POST sendPasswordReset/u7')).toEqual([
      { key: 'POST sendPasswordReset/u7', body: { channel: 'email' }, authorization: 'Bearer tok-admin' },
      { key: 'POST sendPasswordReset/u7', body: { channel: 'sms' }, authorization: 'Bearer tok-admin' },
    ]);
    expect(resetPanel().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without a phone on the account the SMS button is off and says why; the email one still works', async () => {
    const calls = mockApi({
      // A phone from the latest order only: reset codes go to the account's own phone, which it has not.
      'GET getUserById/u7': () => json(makeProfile({ phone: '+233201112222', accountPhone: null })),
      'POST sendPasswordReset/u7': () => json({ message: ACCOUNT_TEXTS.adminResetSent('kofi@example.com') }),
    });
    await openProfile('u7');
    await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng' });

    const sms = resetPanel().getByRole('button', { name: 'Send reset code by SMS' });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription(ACCOUNT_TEXTS.adminResetNoPhone);
    const email = resetPanel().getByRole('button', { name: 'Send reset link by email' });
    expect(email).toBeEnabled();
    await userEvent.click(email);
    expect(await screen.findByText('Reset sent to kofi@example.com.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET getUserById/u7', 'POST sendPasswordReset/u7']);
  });

  it("shows the server's refusal under the buttons", async () => {
    mockApi({
      'GET getUserById/u7': () => json(makeProfile()),
      'POST sendPasswordReset/u7': () => json({ message: ACCOUNT_TEXTS.adminResetNoPhone }, 409),
    });
    await openProfile('u7');
    await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng' });
    await userEvent.click(resetPanel().getByRole('button', { name: 'Send reset code by SMS' }));
    expect(await resetPanel().findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.adminResetNoPhone);
    // Ready for another try.
    expect(resetPanel().getByRole('button', { name: 'Send reset link by email' })).toBeEnabled();
  });

  it("shows a guest buyer's profile by their key: the Guest badge, every phone and e-mail used, the orders, and no password reset", async () => {
    const key = 'gAbCdEfGhIjKlMnOpQrStUvWx';
    const profile: GuestBuyerProfile = {
      user: {
        kind: 'guest',
        _id: key,
        avatar: null,
        fullName: 'Akua Guest',
        email: 'akua@example.com',
        phone: '+233241112222',
        address: '4 Ring Road',
        joinDate: '2026-10-03T10:00:00.000Z',
        lastOrderDate: '2026-11-20T12:00:00.000Z',
        orderCount: 2,
        totalSpent: 45,
        phones: ['+233241112222', '+233505556666'],
        emails: ['akua@example.com', 'akua.work@example.com'],
      },
      orders: [makeOrder({ _id: 'o9', orderNumber: 'NK-GUEST1', createdAt: '2026-11-20T12:00:00.000Z', total: 45, user: null })],
      totalOrders: 2,
      totalSpent: 45,
    };
    const calls = mockApi({ [`GET getGuestBuyer/${key}`]: () => json(profile) });
    await openProfile(key);
    expect(await screen.findByRole('heading', { level: 1, name: 'Akua Guest Guest' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual([`GET getGuestBuyer/${key}`]);
    expect(screen.getByText(/Ordered without an account/)).toBeInTheDocument();
    const contact = within(screen.getByRole('region', { name: 'Contact Details' }));
    expect(contact.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Email', 'akua@example.com'],
      ['Phone', '024 111 2222'],
      ['Address', '4 Ring Road'],
      ['First order', '3 Oct 2026'],
      ['Last order', '20 Nov 2026'],
      ['Also used', '050 555 6666, akua.work@example.com'],
    ]);
    expect(valueAfter('Total Orders')).toHaveTextContent(/^2$/);
    expect(valueAfter('Total Spent')).toHaveTextContent(/^₵45\.00$/);
    expect(screen.getByRole('link', { name: 'NK-GUEST1' })).toHaveAttribute('href', '/admin/orders/o9');
    expect(screen.queryByRole('region', { name: 'Password reset' })).not.toBeInTheDocument();
  });

  it('a guest buyer known by phone alone (orders the shop entered without an e-mail): no e-mail, no mail link', async () => {
    const key = 'gPhoneOnlyPhoneOnlyPhoneO';
    const profile: GuestBuyerProfile = {
      user: {
        kind: 'guest',
        _id: key,
        avatar: null,
        fullName: 'Auntie Akos',
        email: '',
        phone: '+233245550101',
        address: 'Madina market',
        joinDate: '2026-11-20T12:00:00.000Z',
        lastOrderDate: '2026-11-20T12:00:00.000Z',
        orderCount: 1,
        totalSpent: 0,
        phones: ['+233245550101'],
        emails: [],
      },
      orders: [],
      totalOrders: 1,
      totalSpent: 0,
    };
    mockApi({ [`GET getGuestBuyer/${key}`]: () => json(profile) });
    await openProfile(key);
    const contact = within(await screen.findByRole('region', { name: 'Contact Details' }));
    expect(contact.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])[0]).toEqual(['Email', 'None']);
    expect(contact.queryByRole('link', { name: /email/i })).not.toBeInTheDocument();
    expect(contact.getByRole('link', { name: 'Call 024 555 0101' })).toHaveAttribute('href', 'tel:+233245550101');
  });

  it("says 'Guest buyer not found' for a key no buyer has", async () => {
    const key = 'gZZZZZZZZZZZZZZZZZZZZZZZZ';
    mockApi({ [`GET getGuestBuyer/${key}`]: () => json({ message: 'Guest buyer not found' }, 404) });
    await openProfile(key);
    expect(await screen.findByText('Guest buyer not found')).toBeInTheDocument();
  });
});
