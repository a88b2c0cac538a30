import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PromoCodesPage } from '@/client/features/admin/promo-codes/components/promo-codes-page';
import type { PromoCode } from '@/shared/admin-types';
import { deferred, json, mockApi, type Route } from './api-mock';
import { fakeTimersAndFreshStores, makePromoCode, signedInAs, textsOf } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };

const SAVE10 = makePromoCode({ code: 'SAVE10', percent: 10 });
const HARMATTAN = makePromoCode({ code: 'HARMATTAN5', percent: 5, active: false, state: 'inactive', createdAt: '2026-11-10T10:00:00.000Z' });
const FIESTA20 = makePromoCode({ code: 'FIESTA20', percent: 20, createdAt: '2026-11-22T10:00:00.000Z' });

/** The standing the server gives a code at the tests' clock (2026-11-22T10:00Z). */
function stateOf(c: PromoCode): PromoCode['state'] {
  const now = Date.parse('2026-11-22T10:00:00.000Z');
  if (!c.active) return 'inactive';
  if (c.startsAt && now < Date.parse(c.startsAt)) return 'scheduled';
  if (c.endsAt && now > Date.parse(c.endsAt)) return 'expired';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'used_up';
  return 'active';
}

/** A date alone as the server stores it: the start of the day, or the end of it. */
const stored = (value: unknown, bound: 'start' | 'end') =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T${bound === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`
    : (value as string | null);

/** A change as the server applies it. */
function applied(c: PromoCode, body: Record<string, unknown>): PromoCode {
  const next = { ...c, ...body } as PromoCode;
  if ('startsAt' in body) next.startsAt = stored(body.startsAt, 'start');
  if ('endsAt' in body) next.endsAt = stored(body.endsAt, 'end');
  return { ...next, state: stateOf(next) };
}

/** The codes as the server keeps them (in code order), and its answers to the admin's changes. */
function promoServer(initial: PromoCode[], extra: Record<string, Route> = {}) {
  let codes = [...initial];
  const list = () => [...codes].sort((a, b) => a.code.localeCompare(b.code));
  return mockApi({
    'GET promoCodes': () => json({ data: list() }),
    'POST promoCodes': (body) => {
      const { code, ...rest } = body as { code: string; percent: number };
      if (codes.some((c) => c.code === code)) return json({ message: 'That promo code already exists.' }, 409);
      codes.push(applied({ ...SAVE10, code, createdAt: '2026-11-22T10:00:00.000Z' }, rest));
      return json({ message: 'Promo code saved', data: list() }, 201);
    },
    ...Object.fromEntries(
      initial.flatMap((promo) => [
        [
          `PATCH promoCodes/${promo.code}`,
          (body: unknown) => {
            codes = codes.map((c) => (c.code === promo.code ? applied(c, body as Record<string, unknown>) : c));
            return json({ message: 'Promo code saved', data: list() });
          },
        ],
        [
          `DELETE promoCodes/${promo.code}`,
          () => {
            codes = codes.filter((c) => c.code !== promo.code);
            return json({ message: 'Promo code deleted', data: list() });
          },
        ],
      ]),
    ),
    ...extra,
  });
}

const row = (code: string) => screen.getByRole('row', { name: new RegExp(`^${code}\\b`) });
const cells = (code: string) => Array.from(row(code).querySelectorAll('th, td'), (c) => c.textContent);

async function renderPage() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await renderWithRouter(<PromoCodesPage />, { path: '/admin/promo-codes' });
  return user;
}

fakeTimersAndFreshStores();

signedInAs(ADMIN);

describe('promo codes list', () => {
  it('lists every code with its discount, status and date', async () => {
    const calls = promoServer([SAVE10, HARMATTAN]);
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Promo Codes - Admin - Nkuto Naturals'));

    const table = await screen.findByRole('table', { name: 'All promo codes' });
    expect(textsOf(table, 'columnheader')).toEqual(['Code', 'Discount (%)', 'Status', 'Uses', 'Valid', 'Created', 'Actions']);
    expect(cells('HARMATTAN5').slice(2, 6)).toEqual(['Inactive', '0', 'Any time', '10 Nov 2026']);
    expect(screen.getByRole('textbox', { name: 'Discount (%) for HARMATTAN5' })).toHaveValue('5');
    expect(within(row('HARMATTAN5')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(cells('SAVE10').slice(2, 6)).toEqual(['Active', '0', 'Any time', '1 Nov 2026']);
    expect(within(row('SAVE10')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(calls).toEqual([{ key: 'GET promoCodes', body: undefined, authorization: 'Bearer tok-admin' }]);
  });

  it("says 'No promo codes yet' when there are none", async () => {
    promoServer([]);
    await renderPage();
    expect(await screen.findByText('No promo codes yet')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    promoServer([SAVE10], { 'GET promoCodes': () => (fail ? json({ message: 'Something went wrong.' }, 500) : json({ data: [SAVE10] })) });
    const user = await renderPage();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load promo codes$/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /^SAVE10/ })).toBeInTheDocument();
  });
});

describe('adding a code', () => {
  it('sends the code in capitals with its percent, waits with a spinner, then toasts and lists it', async () => {
    const held = deferred();
    const calls = promoServer([SAVE10], { 'POST promoCodes': () => held.promise });
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });

    await user.type(screen.getByRole('textbox', { name: 'Code' }), ' fiesta20 ');
    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '20');
    await user.click(screen.getByRole('button', { name: 'Add code' }));

    expect(calls.at(-1)).toEqual({ key: 'POST promoCodes', body: { code: 'FIESTA20', percent: 20 }, authorization: 'Bearer tok-admin' });
    expect(screen.getByRole('button', { name: 'Add code' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add code' }).querySelector('[aria-label="Saving"]')).not.toBeNull();
    held.resolve(json({ message: 'Promo code saved', data: [FIESTA20, SAVE10] }, 201));

    expect(await screen.findByText('Promo code saved')).toBeInTheDocument();
    expect(cells('FIESTA20').slice(2)).toEqual(['Active', '0', 'Any time', '22 Nov 2026', 'LimitsDeactivateDelete']);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add code' })).toBeEnabled();
  });

  it('refuses a bad code or percent before sending, marking and focusing the field', async () => {
    const calls = promoServer([SAVE10]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });
    const code = screen.getByRole('textbox', { name: 'Code' });
    const percent = screen.getByRole('textbox', { name: 'Discount (%)' });

    await user.type(percent, '20');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/^Use 3 to 40 letters or digits for the code\./);

    await user.type(code, 'SAVE-15');
    expect(code).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(code).toHaveAccessibleDescription(/^Use 3 to 40 letters or digits for the code\./);

    await user.clear(code);
    await user.type(code, 'SAVE15');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(percent).toHaveFocus();
    expect(percent).toHaveAccessibleDescription(/^The discount must be a whole percent from 1 to 100\./);
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(calls.map((c) => c.key)).toEqual(['GET promoCodes']);
  });

  it("shows the server's refusal of a code that exists under the Code field", async () => {
    promoServer([SAVE10]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'save10');
    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '15');
    await user.click(screen.getByRole('button', { name: 'Add code' }));

    const code = screen.getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/^That promo code already exists\./));
    expect(code).toHaveFocus();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it("shows a failure that is not a field's as the form's message", async () => {
    promoServer([SAVE10], { 'POST promoCodes': () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'NEW5');
    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save promo code');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('NEW5');
  });
});

describe('changing a code', () => {
  it('saves a new percent in place with the server message', async () => {
    const calls = promoServer([SAVE10]);
    const user = await renderPage();
    const percent = await screen.findByRole('textbox', { name: 'Discount (%) for SAVE10' });

    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(row('SAVE10')).getByRole('button', { name: 'Save' }));
    expect(percent).toHaveFocus();
    expect(percent).toHaveAccessibleDescription('The discount must be a whole percent from 1 to 100.');
    expect(calls).toHaveLength(1);

    await user.clear(percent);
    await user.type(percent, '15{Enter}');
    expect(await screen.findByText('Promo code saved')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ key: 'PATCH promoCodes/SAVE10', body: { percent: 15 }, authorization: 'Bearer tok-admin' });
    expect(percent).toHaveValue('15');
    expect(percent).not.toHaveAttribute('aria-invalid');
  });

  it('deactivates and activates a code', async () => {
    const calls = promoServer([SAVE10]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });

    await user.click(within(row('SAVE10')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Promo code saved')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ key: 'PATCH promoCodes/SAVE10', body: { active: false }, authorization: 'Bearer tok-admin' });
    expect(within(row('SAVE10')).getByText('Inactive')).toBeInTheDocument();
    const activate = within(row('SAVE10')).getByRole('button', { name: 'Activate' });
    expect(activate).toHaveFocus();

    await user.click(activate);
    await waitFor(() => expect(within(row('SAVE10')).getByText('Active')).toBeInTheDocument());
    expect(calls.at(-1)?.body).toEqual({ active: true });
  });

  it('toasts the server message when a change is refused', async () => {
    promoServer([SAVE10], { 'PATCH promoCodes/SAVE10': () => json({ message: 'Promo code not found' }, 404) });
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });
    await user.click(within(row('SAVE10')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Promo code not found')).toBeInTheDocument();
    expect(within(row('SAVE10')).getByText('Active')).toBeInTheDocument();
  });

  it('deletes a code after asking, and Cancel keeps it', async () => {
    const calls = promoServer([SAVE10, HARMATTAN]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });

    await user.click(within(row('HARMATTAN5')).getByRole('button', { name: 'Delete' }));
    const confirm = within(row('HARMATTAN5')).getByRole('group', { name: 'Delete HARMATTAN5?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(row('HARMATTAN5')).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(calls).toHaveLength(1);

    await user.click(within(row('HARMATTAN5')).getByRole('button', { name: 'Delete' }));
    await user.click(within(row('HARMATTAN5')).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Promo code deleted')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ key: 'DELETE promoCodes/HARMATTAN5', body: undefined, authorization: 'Bearer tok-admin' });
    expect(screen.queryByRole('row', { name: /^HARMATTAN5/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'All promo codes' })).toHaveFocus();
  });
});

describe('limits', () => {
  const LIMITED: PromoCode = {
    ...SAVE10,
    code: 'FIRST10',
    maxUses: 10,
    uses: 3,
    onePerCustomer: true,
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-31T23:59:59.999Z',
  };
  const SCHEDULED: PromoCode = { ...SAVE10, code: 'XMAS25', percent: 25, startsAt: '2026-12-24T00:00:00.000Z', state: 'scheduled' };
  const EXPIRED: PromoCode = { ...SAVE10, code: 'OCT5', percent: 5, endsAt: '2026-10-31T23:59:59.999Z', state: 'expired' };
  const USED_UP: PromoCode = { ...SAVE10, code: 'ONCE', uses: 1, maxUses: 1, state: 'used_up' };

  it('shows each code uses so far, its dates, one per customer, and whether it is scheduled, expired or used up', async () => {
    promoServer([LIMITED, SCHEDULED, EXPIRED, USED_UP]);
    await renderPage();
    await screen.findByRole('table', { name: 'All promo codes' });
    expect(cells('FIRST10').slice(2, 5)).toEqual(['Active', '3 of 10', '1 Nov 2026 – 31 Dec 2026One per customer']);
    expect(cells('XMAS25').slice(2, 5)).toEqual(['Scheduled', '0', 'From 24 Dec 2026']);
    expect(cells('OCT5').slice(2, 5)).toEqual(['Expired', '0', 'Until 31 Oct 2026']);
    expect(cells('ONCE').slice(2, 4)).toEqual(['Used up', '1 of 1']);
  });

  it('adds a code with its first and last day, max uses and one per customer', async () => {
    const calls = promoServer([SAVE10]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });
    const limits = screen.getByRole('group', { name: 'Limits (optional)' });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'xmas25');
    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '25');
    fireEvent.change(within(limits).getByLabelText('First day'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(limits).getByLabelText('Last day'), { target: { value: '2026-12-26' } });
    await user.type(within(limits).getByRole('textbox', { name: 'Max uses' }), '50');
    await user.click(within(limits).getByRole('checkbox', { name: 'One use per customer' }));
    await user.click(screen.getByRole('button', { name: 'Add code' }));

    expect(calls.at(-1)).toEqual({
      key: 'POST promoCodes',
      body: { code: 'XMAS25', percent: 25, startsAt: '2026-12-24', endsAt: '2026-12-26', maxUses: 50, onePerCustomer: true },
      authorization: 'Bearer tok-admin',
    });
    expect(await screen.findByText('Promo code saved')).toBeInTheDocument();
    expect(cells('XMAS25').slice(2, 5)).toEqual(['Scheduled', '0 of 50', '24 Dec 2026 – 26 Dec 2026One per customer']);
    expect(within(limits).getByLabelText('First day')).toHaveValue('');
    expect(within(limits).getByRole('textbox', { name: 'Max uses' })).toHaveValue('');
    expect(within(limits).getByRole('checkbox', { name: 'One use per customer' })).not.toBeChecked();
  });

  it('refuses an end before the start or max uses of 0 before sending, marking and focusing the field', async () => {
    const calls = promoServer([SAVE10]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^SAVE10/ });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'XMAS25');
    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '25');
    const last = screen.getByLabelText('Last day');
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-12-24' } });
    fireEvent.change(last, { target: { value: '2026-12-20' } });
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last).toHaveAccessibleDescription(/^The end must be after the start\./);

    fireEvent.change(last, { target: { value: '2026-12-26' } });
    expect(last).not.toHaveAttribute('aria-invalid');
    const maxUses = screen.getByRole('textbox', { name: 'Max uses' });
    await user.type(maxUses, '0');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(maxUses).toHaveFocus();
    expect(maxUses).toHaveAccessibleDescription(/^Max uses must be a whole number from 1 to 1,000,000, or empty for no limit\./);
    expect(calls.map((c) => c.key)).toEqual(['GET promoCodes']);
  });

  it("edits a row's limits under it, sending only what changed, then closes with the focus on Limits", async () => {
    const calls = promoServer([LIMITED]);
    const user = await renderPage();
    await screen.findByRole('row', { name: /^FIRST10/ });
    const toggle = within(row('FIRST10')).getByRole('button', { name: 'Limits' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const editor = screen.getByRole('group', { name: 'Limits for FIRST10' });
    expect(within(editor).getByLabelText('First day')).toHaveValue('2026-11-01');
    expect(within(editor).getByLabelText('Last day')).toHaveValue('2026-12-31');
    const maxUses = within(editor).getByRole('textbox', { name: 'Max uses' });
    expect(maxUses).toHaveValue('10');
    expect(within(editor).getByRole('checkbox', { name: 'One use per customer' })).toBeChecked();

    await user.clear(maxUses);
    await user.type(maxUses, '3');
    fireEvent.change(within(editor).getByLabelText('Last day'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(calls.at(-1)).toEqual({ key: 'PATCH promoCodes/FIRST10', body: { endsAt: null, maxUses: 3 }, authorization: 'Bearer tok-admin' });
    expect(await screen.findByText('Promo code saved')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Limits for FIRST10' })).not.toBeInTheDocument();
    expect(cells('FIRST10').slice(2, 5)).toEqual(['Used up', '3 of 3', 'From 1 Nov 2026One per customer']);
    await waitFor(() => expect(within(row('FIRST10')).getByRole('button', { name: 'Limits' })).toHaveFocus());
  });

  it("shows the server's refusal of a limit under its field, and Cancel closes the editor unsaved", async () => {
    const message = 'The end must be after the start.';
    const calls = promoServer([LIMITED], {
      'PATCH promoCodes/FIRST10': () => json({ message, errors: [{ path: ['endsAt'], message }] }, 400),
    });
    const user = await renderPage();
    await screen.findByRole('row', { name: /^FIRST10/ });
    await user.click(within(row('FIRST10')).getByRole('button', { name: 'Limits' }));
    const editor = screen.getByRole('group', { name: 'Limits for FIRST10' });
    fireEvent.change(within(editor).getByLabelText('First day'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    const last = within(editor).getByLabelText('Last day');
    await waitFor(() => expect(last).toHaveAccessibleDescription(/^The end must be after the start\./));
    expect(last).toHaveFocus();
    expect(calls.at(-1)?.body).toEqual({ startsAt: '2026-12-01' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Limits for FIRST10' })).not.toBeInTheDocument();
    expect(within(row('FIRST10')).getByRole('button', { name: 'Limits' })).toHaveFocus();
    expect(cells('FIRST10')[4]).toBe('1 Nov 2026 – 31 Dec 2026One per customer');
  });
});
