import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SetupGuide } from '@/client/features/admin/setup/components/setup-guide';
import type { SetupGuide as Guide, SetupStep } from '@/shared/admin-types';
import { SETUP_STEP_IDS } from '@/shared/admin-types';
import { DEMO_BANNER_HTML, DEMO_BANNER_ID, DEMO_BODY_ATTRIBUTE } from '@/shared/demo-banner';
import { deferred, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };

const step = (id: SetupStep['id'], overrides: Partial<SetupStep> = {}): SetupStep => ({
  id,
  done: true,
  missing: [],
  ownerTicks: id === 'policies',
  ...overrides,
});

/** A demo shop on day one: payments and messages wait on approvals, policies not ticked. */
const DAY_ONE: Guide = {
  demoShop: true,
  steps: SETUP_STEP_IDS.map((id) => {
    if (id === 'payments')
      return step(id, {
        done: false,
        missing: [
          { text: 'Paystack has not verified your business yet.', takesDays: true },
          { text: 'No Paystack key is set.', takesDays: false },
        ],
      });
    if (id === 'messages') return step(id, { done: false, missing: [{ text: 'Your SMS sender ID is not approved yet.', takesDays: true }] });
    if (id === 'policies') return step(id, { done: false, missing: [{ text: 'Tick this when your policies are written.', takesDays: false }] });
    if (id === 'delivery') return step(id, { done: false, missing: [{ text: 'Add at least one delivery option.', takesDays: false }] });
    return step(id);
  }),
  canGoLive: true,
  goLiveBlockedBy: null,
  demoData: { products: 38, customers: 1, orders: 12, promoCodes: 1, deliveryOptions: 3 },
};

const ALL_DONE: Guide = { ...DAY_ONE, steps: SETUP_STEP_IDS.map((id) => step(id)) };

const openGuide = async () => {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await renderWithRouter(<SetupGuide />, { path: '/admin' });
  return user;
};
const stepItem = (name: string) => screen.getByRole('listitem', { name });

fakeTimersAndFreshStores();
signedInAs(ADMIN);

describe('setup guide', () => {
  it('lists the nine steps in order, done or not in words, with the gaps in the owner’s words and where to fix them', async () => {
    const calls = mockApi({ 'GET setupGuide': () => json({ data: DAY_ONE }) });
    await openGuide();
    await screen.findByRole('listitem', { name: 'Go live' });
    const guide = screen.getByRole('region', { name: 'Set up your shop' });
    const steps = within(guide)
      .getAllByRole('listitem')
      .filter((li) => li.getAttribute('aria-labelledby'));
    expect(steps.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Shop details',
      'Admin account',
      'Payments',
      'SMS and e-mail',
      'Delivery',
      'Products',
      'Policies',
      'Going online',
      'Go live',
    ]);
    expect(within(stepItem('Shop details')).getByText('Done')).toBeInTheDocument();
    expect(within(stepItem('Payments')).getByText('Not done')).toBeInTheDocument();
    expect(within(stepItem('Payments')).getByText('No Paystack key is set.')).toBeInTheDocument();
    expect(within(stepItem('Payments')).getByText(/docs\/going-online\.md on the server/)).toBeInTheDocument();
    expect(within(stepItem('Delivery')).getByRole('link', { name: 'Open the delivery options' })).toHaveAttribute(
      'href',
      '/admin/settings#delivery-options-title',
    );
    expect(screen.getByText('5 of 9 steps done', { exact: false })).toBeInTheDocument();
    expect(calls[0]).toEqual({ key: 'GET setupGuide', body: undefined, authorization: 'Bearer tok-admin' });
  });

  it('puts the gaps that take days first, in their own block', async () => {
    mockApi({ 'GET setupGuide': () => json({ data: DAY_ONE }) });
    await openGuide();
    const slow = await screen.findByRole('region', { name: 'Start these today: they take days' });
    expect(
      within(slow)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Payments: Paystack has not verified your business yet.', 'SMS and e-mail: Your SMS sender ID is not approved yet.']);
    // Before the steps.
    expect(slow.compareDocumentPosition(stepItem('Shop details')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends the owner’s policies tick and shows the answered guide', async () => {
    const ticked: Guide = { ...DAY_ONE, steps: DAY_ONE.steps.map((s) => (s.id === 'policies' ? { ...s, done: true, missing: [] } : s)) };
    const calls = mockApi({ 'GET setupGuide': () => json({ data: DAY_ONE }), 'PATCH setupGuide': () => json({ data: ticked }) });
    const user = await openGuide();
    const tick = await screen.findByRole('checkbox', { name: /policies are written/ });
    expect(tick).not.toBeChecked();
    await user.click(tick);
    expect(calls.find((c) => c.key === 'PATCH setupGuide')?.body).toEqual({ policiesDone: true });
    await waitFor(() => expect(within(stepItem('Policies')).getByText('Done')).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /policies are written/ })).toBeChecked();
  });

  it('goes live after the confirm dialog lists what goes and the backup; then toasts, reloads the guide and drops the banner', async () => {
    document.body.insertAdjacentHTML('afterbegin', DEMO_BANNER_HTML);
    document.body.setAttribute(DEMO_BODY_ATTRIBUTE, '');
    const held = deferred();
    let live = false;
    const calls = mockApi({
      'GET setupGuide': () => json({ data: live ? { ...ALL_DONE, demoShop: false } : DAY_ONE }),
      'POST goLive': () => held.promise,
      'GET settings': () => json({ data: {} }),
    });
    const user = await openGuide();
    await user.click(await within(await screen.findByRole('listitem', { name: 'Go live' })).findByRole('button', { name: 'Go live' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Go live and remove the demo data?' });
    expect(dialog).toHaveTextContent('38 demo products');
    expect(dialog).toHaveTextContent('12 demo orders');
    expect(dialog).toHaveTextContent('3 delivery options');
    expect(dialog).toHaveTextContent('A backup of the whole shop is taken first.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Go live' }));
    expect(calls.find((c) => c.key === 'POST goLive')?.body).toEqual({ confirm: true });

    live = true;
    held.resolve(json({ data: { removed: { ...DAY_ONE.demoData, images: 92 }, backupFile: 'backups/x.dump' } }));
    expect(await screen.findByText('Your shop is live. The demo data is gone.')).toBeInTheDocument();
    expect(document.getElementById(DEMO_BANNER_ID)).toBeNull();
    expect(document.body).not.toHaveAttribute(DEMO_BODY_ATTRIBUTE);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Set up your shop' })).not.toBeInTheDocument());
  });

  it('cannot go live while blocked, and says why', async () => {
    const blocked: Guide = { ...DAY_ONE, canGoLive: false, goLiveBlockedBy: 'Change the demo admin password first.' };
    mockApi({ 'GET setupGuide': () => json({ data: blocked }) });
    await openGuide();
    const button = await within(await screen.findByRole('listitem', { name: 'Go live' })).findByRole('button', { name: 'Go live' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You cannot go live yet: Change the demo admin password first.');
  });

  it('collapses once every step is done, and is gone once the shop is also live', async () => {
    mockApi({ 'GET setupGuide': () => json({ data: ALL_DONE }) });
    const user = await openGuide();
    const show = await screen.findByRole('button', { name: 'Show the setup guide' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem', { name: 'Go live' })).not.toBeInTheDocument();
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Hide the setup guide' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listitem', { name: 'Go live' })).toBeInTheDocument();
  });

  it('says so when it cannot load, and Try again loads it', async () => {
    let fail = true;
    mockApi({ 'GET setupGuide': () => (fail ? json({ message: 'Something went wrong.' }, 500) : json({ data: DAY_ONE })) });
    const user = await openGuide();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the setup guide.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Payments' })).toBeInTheDocument();
  });
});
