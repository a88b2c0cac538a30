import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { SettingsPage } from '@/client/features/admin/settings/components/settings-page';
import type { Session } from '@/client/stores/session';
import { deferred, json, mockApi, type Route } from './api-mock';
import { fakeTimersAndFreshStores, SHOP_SETTINGS, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN: Session = { token: 'admin-tok', role: 'admin', userId: 'a1', fullName: 'Adwoa Admin', email: 'admin@nkutonaturals.com.gh' };

fakeTimersAndFreshStores();

signedInAs(ADMIN);

/** The settings page with PATCH /changePassword answered by `answer`; returns the section and the calls. */
async function openPasswordForm(answer: Route = () => json({ message: 'Password changed successfully' })) {
  const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }), 'PATCH changePassword': answer });
  const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  const section = screen.getByRole('region', { name: 'Change Password' });
  const sent = () => calls.filter((c) => c.key === 'PATCH changePassword');
  return { u, section, sent };
}

const field = (section: HTMLElement, label: string) => within(section).getByLabelText(label, { exact: true });
const submit = (section: HTMLElement) => within(section).getByRole('button', { name: 'Change Password' });

async function fill(u: ReturnType<typeof userEvent.setup>, section: HTMLElement, current: string, next: string, confirm: string) {
  if (current) await u.type(field(section, 'Current password'), current);
  if (next) await u.type(field(section, 'New password'), next);
  if (confirm) await u.type(field(section, 'Confirm new password'), confirm);
}

it('has three password fields, each with a show/hide button', async () => {
  const { u, section } = await openPasswordForm();
  for (const label of ['Current password', 'New password', 'Confirm new password']) {
    expect(field(section, label)).toHaveAttribute('type', 'password');
  }
  expect(field(section, 'Current password')).toHaveAttribute('autocomplete', 'current-password');
  expect(field(section, 'New password')).toHaveAttribute('autocomplete', 'new-password');
  await u.click(within(section).getByRole('button', { name: 'Show new password' }));
  expect(field(section, 'New password')).toHaveAttribute('type', 'text');
  await u.click(within(section).getByRole('button', { name: 'Hide new password' }));
  expect(field(section, 'New password')).toHaveAttribute('type', 'password');
});

it.each<{ name: string; typed: [current: string, next: string, confirm: string]; alert: string; focus: string; marked: string[]; unmarked: string[] }>([
  {
    name: "a missing field: 'Please fill in all fields.', the empty ones marked, focus on the first, nothing sent",
    typed: ['', 'new-password-1', ''],
    alert: 'Please fill in all fields.',
    focus: 'Current password',
    marked: ['Current password', 'Confirm new password'],
    unmarked: ['New password'],
  },
  {
    name: "different new passwords: 'New passwords do not match', focus on the confirmation, nothing sent",
    typed: ['old-password-1', 'new-password-1', 'new-password-2'],
    alert: 'New passwords do not match',
    focus: 'Confirm new password',
    marked: ['Confirm new password'],
    unmarked: [],
  },
  {
    name: "a new password under 8 characters: 'Password must be at least 8 characters long', nothing sent",
    typed: ['old-password-1', 'short7!', 'short7!'],
    alert: 'Password must be at least 8 characters long',
    focus: 'New password',
    marked: ['New password'],
    unmarked: [],
  },
])('$name', async ({ typed, alert, focus, marked, unmarked }) => {
  const { u, section, sent } = await openPasswordForm();
  await fill(u, section, ...typed);
  await u.click(submit(section));

  expect(within(section).getByRole('alert')).toHaveTextContent(alert);
  expect(field(section, focus)).toHaveFocus();
  for (const label of marked) expect(field(section, label)).toHaveAttribute('aria-invalid', 'true');
  for (const label of unmarked) expect(field(section, label)).not.toHaveAttribute('aria-invalid');
  expect(sent()).toHaveLength(0);
});

it("sends the three fields with the bearer token, disabled while out, then 'Password changed successfully' and empty fields", async () => {
  const answer = deferred();
  const { u, section, sent } = await openPasswordForm(() => answer.promise);
  await fill(u, section, 'old-password-1', 'new-password-12', 'new-password-12');
  await u.click(submit(section));

  const busy = within(section).getByRole('button', { name: 'Changing…' });
  expect(busy).toBeDisabled();
  await u.click(busy);
  expect(sent()).toEqual([
    {
      key: 'PATCH changePassword',
      authorization: 'Bearer admin-tok',
      body: { currentPassword: 'old-password-1', newPassword: 'new-password-12', confirmPassword: 'new-password-12' },
    },
  ]);

  answer.resolve(json({ message: 'Password changed successfully' }));
  expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
  for (const label of ['Current password', 'New password', 'Confirm new password']) expect(field(section, label)).toHaveValue('');
  expect(submit(section)).toBeEnabled();
  expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
});

it("a wrong current password: the server's 'Incorrect old password', focus back on the current password, the typing kept", async () => {
  const { u, section, sent } = await openPasswordForm(() => json({ message: 'Incorrect old password' }, 400));
  await fill(u, section, 'not-my-password', 'new-password-12', 'new-password-12');
  await u.click(submit(section));

  expect(await within(section).findByRole('alert')).toHaveTextContent('Incorrect old password');
  expect(field(section, 'Current password')).toHaveFocus();
  expect(field(section, 'Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(field(section, 'New password')).toHaveValue('new-password-12');
  expect(submit(section)).toBeEnabled();
  expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  expect(sent()).toHaveLength(1);
});

it("no answer at all: 'Failed to change password'", async () => {
  const { u, section } = await openPasswordForm(() => {
    throw new TypeError('Failed to fetch');
  });
  await fill(u, section, 'old-password-1', 'new-password-12', 'new-password-12');
  await u.click(submit(section));
  expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to change password');
  expect(submit(section)).toBeEnabled();
});
