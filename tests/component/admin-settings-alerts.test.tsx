import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { SettingsPage } from '@/client/features/admin/settings/components/settings-page';
import type { Session } from '@/client/stores/session';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { deferred, heldAnswer, json, mockApi, type Route } from './api-mock';
import { fakeTimersAndFreshStores, SHOP_SETTINGS, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN: Session = { token: 'admin-tok', role: 'admin', userId: 'a1', fullName: 'Adwoa Admin', email: 'admin@nkutonaturals.com.gh' };

const ALERTS: OwnerAlertSettings = { phones: ['+233241234567'], emails: ['owner@nkutonaturals.com.gh'], newOrder: true, paymentFlag: true, lowStock: false };

fakeTimersAndFreshStores();

signedInAs(ADMIN);

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** The settings page, the alert settings answered as `ALERTS` and a save by `save`; the alerts section once its form is in. */
async function openAlerts(save?: Route) {
  const calls = mockApi({
    'GET settings': () => json({ data: SHOP_SETTINGS }),
    'GET ownerAlerts': () => json({ data: ALERTS }),
    ...(save ? { 'PUT ownerAlerts': save } : {}),
  });
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  const section = screen.getByRole('region', { name: 'Alerts for the owner' });
  await within(section).findByLabelText('Phones for alerts');
  return { calls, section };
}

const box = (section: HTMLElement, name: string) => within(section).getByRole('checkbox', { name });
const PAYMENT_PROBLEMS = 'Payment problems (paid late, wrong amount, paid twice, refund failed, dispute)';

it('says who sees the alerts, loads them, then fills the form: one phone and e-mail a line, the kinds ticked', async () => {
  const { answer, calls } = heldAnswer('GET ownerAlerts');
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  const section = screen.getByRole('region', { name: 'Alerts for the owner' });
  expect(section).toHaveAccessibleDescription('Only you see these. Shoppers never do.');
  expect(within(section).getByRole('status')).toHaveTextContent('Loading alert settings');

  answer.resolve(json({ data: { ...ALERTS, emails: ['owner@nkutonaturals.com.gh', 'manager@nkutonaturals.com.gh'] } }));
  expect(await within(section).findByLabelText('Phones for alerts')).toHaveValue('+233241234567');
  expect(within(section).getByLabelText('E-mails for alerts')).toHaveValue('owner@nkutonaturals.com.gh\nmanager@nkutonaturals.com.gh');
  expect(within(section).getByLabelText('Phones for alerts')).toHaveAccessibleDescription(/^One a line, up to 5: Ghana numbers/);
  expect(within(section).getByRole('group', { name: 'Send alerts for' })).toBeInTheDocument();
  expect(box(section, 'New orders')).toBeChecked();
  expect(box(section, PAYMENT_PROBLEMS)).toBeChecked();
  expect(box(section, 'Low stock')).not.toBeChecked();
  expect(calls.find((call) => call.key === 'GET ownerAlerts')?.authorization).toBe('Bearer admin-tok');
});

it('saves the lines and the kinds, shows Saving… meanwhile, then the stored settings and a toast', async () => {
  const saved = deferred();
  const { calls, section } = await openAlerts(() => saved.promise);
  const phones = within(section).getByLabelText('Phones for alerts');
  const u = user();
  await u.clear(phones);
  await u.type(phones, '024 123 4567{Enter}{Enter}  0201112233 ');
  await u.click(box(section, 'Low stock'));
  await u.click(box(section, 'New orders'));
  await u.click(within(section).getByRole('button', { name: 'Save Alerts' }));

  expect(within(section).getByRole('button', { name: 'Saving…' })).toBeDisabled();
  expect(calls.at(-1)).toEqual({
    key: 'PUT ownerAlerts',
    // Blank lines dropped; the phones as the shared schema writes them.
    body: { phones: ['+233241234567', '+233201112233'], emails: ['owner@nkutonaturals.com.gh'], newOrder: false, paymentFlag: true, lowStock: true },
    authorization: 'Bearer admin-tok',
  });

  const stored = { phones: ['+233241234567', '+233201112233'], emails: ['owner@nkutonaturals.com.gh'], newOrder: false, paymentFlag: true, lowStock: true };
  saved.resolve(json({ message: SERVER_MESSAGES.ownerAlertsSaved, data: stored }));
  expect(await screen.findByText(SERVER_MESSAGES.ownerAlertsSaved)).toBeInTheDocument();
  expect(phones).toHaveValue('+233241234567\n+233201112233');
  expect(within(section).getByRole('button', { name: 'Save Alerts' })).toBeEnabled();
});

it("shows the server's field errors under their field, naming the entry", async () => {
  const { section } = await openAlerts(() =>
    json(
      {
        message: 'Check the alert settings.',
        errors: [
          { path: ['emails', 0], message: 'This address cannot receive mail.' },
          { path: ['phones'], message: SERVER_MESSAGES.tooManyAlertContacts },
        ],
      },
      400,
    ),
  );
  await user().click(within(section).getByRole('button', { name: 'Save Alerts' }));

  expect(await within(section).findByRole('alert')).toHaveTextContent('Check the alert settings.');
  const emails = within(section).getByLabelText('E-mails for alerts');
  expect(emails).toHaveAttribute('aria-invalid', 'true');
  expect(emails).toHaveAccessibleDescription(expect.stringContaining('owner@nkutonaturals.com.gh: This address cannot receive mail.'));
  const phones = within(section).getByLabelText('Phones for alerts');
  expect(phones).toHaveAccessibleDescription(expect.stringContaining(SERVER_MESSAGES.tooManyAlertContacts));
  expect(phones).toHaveFocus();

  // Editing a field takes its error away.
  await user().type(emails, 'x');
  expect(emails).not.toHaveAttribute('aria-invalid');
});

it('checks the phones and e-mails before asking the server', async () => {
  const { calls, section } = await openAlerts();
  const emails = within(section).getByLabelText('E-mails for alerts');
  await user().type(emails, '{Enter}not-an-email');
  await user().click(within(section).getByRole('button', { name: 'Save Alerts' }));

  expect(within(section).getByRole('alert')).toHaveTextContent('Some phones or e-mails are not right: see below.');
  expect(emails).toHaveAttribute('aria-invalid', 'true');
  expect(emails).toHaveAccessibleDescription(expect.stringMatching(/^not-an-email: /));
  expect(emails).toHaveFocus();
  expect(calls.filter((call) => call.key === 'PUT ownerAlerts')).toEqual([]);
});

it("a failed load says so and 'Try again' loads the form", async () => {
  let fail = true;
  mockApi({
    'GET settings': () => json({ data: SHOP_SETTINGS }),
    'GET ownerAlerts': () => (fail ? json({ message: 'Database unavailable' }, 503) : json({ data: ALERTS })),
  });
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  const section = screen.getByRole('region', { name: 'Alerts for the owner' });
  expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to fetch alert settings');
  fail = false;
  await user().click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByLabelText('Phones for alerts')).toHaveValue('+233241234567');
});
