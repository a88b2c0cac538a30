import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteLayout } from '@/client/features/layout/components/site-layout';
import { configureHttp } from '@/client/lib/http';
import { sessionExpired } from '@/client/stores/account';
import { type Session, useSession } from '@/client/stores/session';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { json, mockApi, notFound } from './api-mock';
import { givenShopSettings, resetStores, SHOP_SETTINGS } from './fixtures';
import { renderWithRouter } from './render';

const SESSION: Session = { token: 'tok-1', role: 'customer', userId: 'u1', fullName: 'Ama Mensah', email: 'ama@example.com' };

/** Answers PATCH /api/updateUser/u1 with `answer` and anything else with 404; returns the calls. */
const mockUpdate = (answer: (body: Record<string, unknown>) => Response) =>
  mockApi({ 'PATCH updateUser/u1': (body) => answer(body as Record<string, unknown>) }, { otherwise: notFound });

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

async function openEditProfile() {
  const u = user();
  await renderWithRouter(
    <SiteLayout>
      <h1>Page</h1>
    </SiteLayout>,
  );
  const profile = await screen.findByRole('button', { name: 'Profile' });
  await u.click(profile);
  await u.click(screen.getByRole('menuitem', { name: 'Edit Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
  return { u, dialog, profile };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save Changes' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: sessionExpired });
  resetStores();
  useSession.setState({ session: SESSION });
  // No settings call in these tests: the settings are already in hand.
  givenShopSettings(SHOP_SETTINGS);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Save refused for want of the current password: the alert says `message`, that field is marked and has the focus. */
function expectCurrentPasswordAsked(dialog: HTMLElement, message: string) {
  expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
  expect(field(dialog, 'Current Password')).toHaveFocus();
  expect(field(dialog, 'Current Password')).toHaveAttribute('aria-invalid', 'true');
}

it('has the five fields, each password with a show/hide toggle, and focus starts inside', async () => {
  const { u, dialog } = await openEditProfile();
  expect(field(dialog, 'Full Name')).toHaveFocus();
  expect(field(dialog, 'Email Address')).toHaveAttribute('type', 'email');
  expect(field(dialog, 'Phone')).toHaveAttribute('type', 'tel');
  expect(field(dialog, 'Phone')).toHaveAttribute('autocomplete', 'tel');
  const current = field(dialog, 'Current Password');
  const next = field(dialog, 'New Password');
  expect(current).toHaveAttribute('type', 'password');
  expect(next).toHaveAttribute('type', 'password');

  const toggle = within(dialog).getByRole('button', { name: 'Show current password' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await u.click(toggle);
  expect(current).toHaveAttribute('type', 'text');
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await u.click(toggle);
  expect(current).toHaveAttribute('type', 'password');
  await u.click(within(dialog).getByRole('button', { name: 'Show new password' }));
  expect(next).toHaveAttribute('type', 'text');
});

it("nothing filled: 'Please provide at least one field to update.' and no call", async () => {
  const sent = mockUpdate(() => json({}));
  const { u, dialog } = await openEditProfile();
  // A current password alone changes nothing either.
  await u.type(field(dialog, 'Current Password'), 'old-secret');
  await u.click(save(dialog));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Please provide at least one field to update.');
  expect(sent).toHaveLength(0);
});

it("a new password without the current one: 'Please provide your current password to change your password.'", async () => {
  const sent = mockUpdate(() => json({}));
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'New Password'), 'new-secret-123');
  await u.click(save(dialog));
  expectCurrentPasswordAsked(dialog, 'Please provide your current password to change your password.');
  expect(sent).toHaveLength(0);
});

it('success: sends only the filled fields, updates the session, toasts and closes with focus back on Profile', async () => {
  const sent = mockUpdate((body) =>
    json({
      message: 'Profile updated successfully',
      data: { _id: 'u1', fullName: body.fullName ?? SESSION.fullName, email: SESSION.email, role: 'customer', createdAt: '2025-01-01T00:00:00.000Z' },
    }),
  );
  const { u, dialog, profile } = await openEditProfile();
  await u.type(field(dialog, 'Full Name'), '  Ama Serwaa Mensah ');
  await u.type(field(dialog, 'Current Password'), 'old-secret');
  await u.type(field(dialog, 'New Password'), 'new-secret-123');
  await u.click(save(dialog));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual([
    {
      key: 'PATCH updateUser/u1',
      authorization: 'Bearer tok-1',
      body: { fullName: 'Ama Serwaa Mensah', password: 'new-secret-123', currentPassword: 'old-secret' },
    },
  ]);
  expect(useSession.getState().session).toMatchObject({ fullName: 'Ama Serwaa Mensah', email: 'ama@example.com', token: 'tok-1' });
  expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
  expect(profile).toHaveFocus();
});

it('a new e-mail asks for the current password (the hint, then the error on that field) and makes no call without it', async () => {
  const sent = mockUpdate(() => json({}));
  const { u, dialog } = await openEditProfile();
  expect(within(dialog).queryByText('A new email needs your current password.')).not.toBeInTheDocument();
  await u.type(field(dialog, 'Email Address'), 'ama.new@example.com');
  expect(within(dialog).getByText('A new email needs your current password.')).toBeInTheDocument();
  await u.click(save(dialog));
  expectCurrentPasswordAsked(dialog, 'Please provide your current password to change your email.');
  expect(sent).toHaveLength(0);
});

it('a new e-mail goes with the current password', async () => {
  const sent = mockUpdate(() =>
    json({
      message: 'Profile updated successfully',
      data: { _id: 'u1', fullName: 'Ama Mensah', email: 'ama.new@example.com', role: 'customer', createdAt: '' },
    }),
  );
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'Email Address'), 'ama.new@example.com');
  await u.type(field(dialog, 'Current Password'), 'old-secret');
  await u.click(save(dialog));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.map((s) => s.body)).toEqual([{ email: 'ama.new@example.com', currentPassword: 'old-secret' }]);
  expect(useSession.getState().session?.email).toBe('ama.new@example.com');
});

it('the stored e-mail in another case is no change: no current password needed or sent', async () => {
  const sent = mockUpdate(() =>
    json({ message: 'Profile updated successfully', data: { _id: 'u1', fullName: 'Ama', email: 'ama@example.com', role: 'customer', createdAt: '' } }),
  );
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'Full Name'), 'Ama');
  await u.type(field(dialog, 'Email Address'), 'AMA@example.com');
  expect(within(dialog).queryByText('A new email needs your current password.')).not.toBeInTheDocument();
  await u.click(save(dialog));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.map((s) => s.body)).toEqual([{ fullName: 'Ama', email: 'AMA@example.com' }]);
});

it("a wrong current password with a new e-mail: the server's 'Incorrect old password' on that field", async () => {
  mockUpdate(() => json({ message: 'Incorrect old password', errors: [{ path: ['currentPassword'], message: 'Incorrect old password' }] }, 400));
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'Email Address'), 'ama.new@example.com');
  await u.type(field(dialog, 'Current Password'), 'wrong');
  await u.click(save(dialog));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect old password');
  expect(field(dialog, 'Current Password')).toHaveAttribute('aria-invalid', 'true');
  expect(useSession.getState().session?.email).toBe('ama@example.com');
});

it("shows the server's message ('Incorrect old password') and stays open", async () => {
  mockUpdate(() => json({ message: 'Incorrect old password' }, 400));
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'Current Password'), 'wrong');
  await u.type(field(dialog, 'New Password'), 'new-secret-123');
  await u.click(save(dialog));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect old password');
  expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  expect(useSession.getState().session?.fullName).toBe('Ama Mensah');
});

it("says 'Failed to update profile' without a message, and 'Server error: ' with the start of a reply that is not JSON", async () => {
  const html = `<html><body>${'Bad gateway '.repeat(20)}</body></html>`;
  let reply = json({}, 500);
  mockUpdate(() => reply);
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'Full Name'), 'Ama');
  await u.click(save(dialog));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to update profile$/);

  reply = new Response(html, { status: 502, headers: { 'content-type': 'text/html' } });
  await u.click(save(dialog));
  await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(`Server error: ${html.slice(0, 100)}`));
});

it("401: the session ends ('Session expired, please sign in') and the modal closes", async () => {
  mockUpdate(() => json({ message: 'Session expired' }, 401));
  const { u, dialog } = await openEditProfile();
  await u.type(field(dialog, 'Full Name'), 'Ama');
  await u.click(save(dialog));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(useSession.getState().session).toBeNull();
  expect(await screen.findByText('Session expired, please sign in')).toBeInTheDocument();
});

it('Escape and Cancel close it without a call', async () => {
  const sent = mockUpdate(() => json({}));
  const { u, dialog, profile } = await openEditProfile();
  await u.type(field(dialog, 'Full Name'), 'Ama');
  await u.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(profile).toHaveFocus();

  await u.click(profile);
  await u.click(screen.getByRole('menuitem', { name: 'Edit Profile' }));
  const again = await screen.findByRole('dialog', { name: 'Edit Profile' });
  // It opens empty again.
  expect(field(again, 'Full Name')).toHaveValue('');
  await u.click(within(again).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

describe('the account phone', () => {
  /** The answer of PATCH updateUser: Ama's account with `phone`. */
  const saved = (phone: string | null) =>
    json({
      message: 'Profile updated successfully',
      data: { _id: 'u1', fullName: SESSION.fullName, email: SESSION.email, role: 'customer', createdAt: '2025-01-01T00:00:00.000Z', phone },
    });

  it('shows the phone of the account; a new one needs the current password, at that field, and makes no call without it', async () => {
    useSession.setState({ session: { ...SESSION, phone: '+233241234567' } });
    const sent = mockUpdate(() => saved(null));
    const { u, dialog } = await openEditProfile();
    const phone = field(dialog, 'Phone');
    expect(phone).toHaveValue('024 123 4567');
    expect(phone).toHaveAccessibleDescription('For a password reset by SMS. Clear it to remove it.');

    await u.clear(phone);
    await u.type(phone, '020 765 4321');
    expect(phone).toHaveAccessibleDescription('A new phone needs your current password.');
    await u.click(save(dialog));
    expectCurrentPasswordAsked(dialog, ACCOUNT_TEXTS.profilePhoneNeedsCurrent);
    expect(sent).toHaveLength(0);
  });

  it('a new phone goes as +233… with the current password, and the session keeps it', async () => {
    useSession.setState({ session: { ...SESSION, phone: '+233241234567' } });
    const sent = mockUpdate(() => saved('+233207654321'));
    const { u, dialog } = await openEditProfile();
    await u.clear(field(dialog, 'Phone'));
    await u.type(field(dialog, 'Phone'), '020 765 4321');
    await u.type(field(dialog, 'Current Password'), 'old-secret');
    await u.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((s) => s.body)).toEqual([{ phone: '+233207654321', currentPassword: 'old-secret' }]);
    expect(useSession.getState().session?.phone).toBe('+233207654321');
  });

  it('clearing the phone removes it (null), with the current password', async () => {
    useSession.setState({ session: { ...SESSION, phone: '+233241234567' } });
    const sent = mockUpdate(() => saved(null));
    const { u, dialog } = await openEditProfile();
    await u.clear(field(dialog, 'Phone'));
    expect(field(dialog, 'Phone')).toHaveAccessibleDescription('Removing your phone needs your current password.');
    await u.type(field(dialog, 'Current Password'), 'old-secret');
    await u.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((s) => s.body)).toEqual([{ phone: null, currentPassword: 'old-secret' }]);
    expect(useSession.getState().session?.phone).toBeNull();
  });

  it('the same phone written another way changes nothing', async () => {
    useSession.setState({ session: { ...SESSION, phone: '+233241234567' } });
    const sent = mockUpdate(() => saved('+233241234567'));
    const { u, dialog } = await openEditProfile();
    await u.clear(field(dialog, 'Phone'));
    await u.type(field(dialog, 'Phone'), '+233 24 123 4567');
    await u.type(field(dialog, 'Full Name'), 'Ama');
    await u.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((s) => s.body)).toEqual([{ fullName: 'Ama' }]);
  });

  it('an old session (no phone known): the box is empty, and leaving it so sends nothing about it', async () => {
    // SESSION has no `phone`: as persisted before accounts had phones.
    const sent = mockUpdate(() => saved('+233241234567'));
    const { u, dialog } = await openEditProfile();
    expect(field(dialog, 'Phone')).toHaveValue('');
    await u.type(field(dialog, 'Full Name'), 'Ama');
    await u.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((s) => s.body)).toEqual([{ fullName: 'Ama' }]);
    // The answer tells the phone: now known.
    expect(useSession.getState().session?.phone).toBe('+233241234567');
  });

  it('a phone that is not a Ghana number is pointed out at the phone', async () => {
    const sent = mockUpdate(() => saved(null));
    const { u, dialog } = await openEditProfile();
    await u.type(field(dialog, 'Phone'), '12345');
    await u.type(field(dialog, 'Current Password'), 'old-secret');
    await u.click(save(dialog));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.accountPhoneInvalid);
    expect(field(dialog, 'Phone')).toHaveFocus();
    expect(field(dialog, 'Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it("a phone another account has: the server's words, at the phone", async () => {
    mockUpdate(() => json({ message: ACCOUNT_TEXTS.phoneTaken, errors: [{ path: ['phone'], message: ACCOUNT_TEXTS.phoneTaken }] }, 409));
    const { u, dialog } = await openEditProfile();
    await u.type(field(dialog, 'Phone'), '0241234567');
    await u.type(field(dialog, 'Current Password'), 'old-secret');
    await u.click(save(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.phoneTaken);
    expect(field(dialog, 'Phone')).toHaveFocus();
    expect(field(dialog, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  });
});
