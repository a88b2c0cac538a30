import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@/client/features/admin/settings/components/settings-page';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { queryClient } from '@/client/lib/query-client';
import type { Session } from '@/client/stores/session';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import type { DeliveryOption } from '@/shared/delivery';
import { DELIVERY_OPTION_TEXTS } from '@/shared/schemas/delivery';
import { type ApiCall, deferred, heldAnswer, json, mockApi, type Route } from './api-mock';
import { fakeTimersAndFreshStores, givenShopSettings, makeDeliveryOption, SHOP_SETTINGS, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN: Session = { token: 'admin-tok', role: 'admin', userId: 'a1', fullName: 'Adwoa Admin', email: 'admin@nkutonaturals.com.gh' };
const ALERTS: OwnerAlertSettings = { phones: [], emails: [], newOrder: true, paymentFlag: true, lowStock: true };

const ACCRA = makeDeliveryOption({
  _id: 'd-accra',
  name: 'Accra',
  regions: ['Greater Accra'],
  cities: ['Osu', 'East Legon'],
  fee: 20,
  freeFrom: 500,
  eta: 'Same day',
});
const KUMASI = makeDeliveryOption({ _id: 'd-kumasi', name: 'Kumasi courier', regions: ['Ashanti', 'Bono'], fee: 35.5, eta: '1-2 days', feePaidWith: 'rider' });
const PICKUP = makeDeliveryOption({ _id: 'd-pickup', name: 'Pick up at the shop', pickup: true, active: false });

const SAVED = DELIVERY_OPTION_TEXTS.saved;

/** The options as the server keeps them (in checkout order), and its answers to the admin's changes. */
function deliveryServer(initial: DeliveryOption[], extra: Record<string, Route> = {}) {
  let options = [...initial];
  let created = 0;
  const answer = (message: string = SAVED, status = 200) => json({ message, data: options }, status);
  return mockApi({
    'GET settings': () => json({ data: SHOP_SETTINGS }),
    'GET ownerAlerts': () => json({ data: ALERTS }),
    'GET deliveryOptions': () => json({ data: options }),
    'POST deliveryOptions': (body) => {
      created += 1;
      options = [...options, { _id: `d-new${created}`, ...(body as Omit<DeliveryOption, '_id'>) }];
      return answer(SAVED, 201);
    },
    'PUT deliveryOptions/order': (body) => {
      const { ids } = body as { ids: string[] };
      options = ids.map((id) => options.find((o) => o._id === id) as DeliveryOption);
      return answer();
    },
    ...Object.fromEntries(
      initial.flatMap((option) => [
        [
          `PATCH deliveryOptions/${option._id}`,
          (body: unknown) => {
            options = options.map((o) => (o._id === option._id ? { ...o, ...(body as Partial<DeliveryOption>) } : o));
            return answer();
          },
        ],
        [
          `DELETE deliveryOptions/${option._id}`,
          () => {
            options = options.filter((o) => o._id !== option._id);
            return answer(DELIVERY_OPTION_TEXTS.deleted);
          },
        ],
      ]),
    ),
    ...extra,
  });
}

fakeTimersAndFreshStores();

signedInAs(ADMIN);

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

const section = () => screen.getByRole('region', { name: 'Delivery options' });
const list = () => within(section()).getByRole('list', { name: 'Delivery options, in checkout order' });
/** The options' names, in the order shown. */
const names = () =>
  within(list())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
/** One option's card: the list item its heading is in. */
const card = (name: string) => within(list()).getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
const factsOf = (name: string) =>
  within(card(name))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
const writes = (calls: ApiCall[]) => calls.filter((call) => !call.key.startsWith('GET'));

async function openSettings() {
  await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
  return user();
}

/** The public settings query as the storefront's checkout reads it. */
const checkoutOptions = () => queryClient.getQueryData(shopSettingsQuery().queryKey)?.delivery.map((o) => o.name);

describe('the delivery options list', () => {
  it('loads, then lists every option in checkout order with what it covers, costs and whether it is on', async () => {
    const { answer, calls } = heldAnswer('GET deliveryOptions');
    await renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    expect(section()).toHaveAccessibleDescription(/^How orders reach shoppers, in the order the checkout lists them\./);
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading delivery options');

    answer.resolve(json({ data: [ACCRA, KUMASI, PICKUP] }));
    await within(section()).findByRole('list', { name: 'Delivery options, in checkout order' });
    expect(names()).toEqual(['Accra', 'Kumasi courier', 'Pick up at the shop']);
    expect(calls.find((call) => call.key === 'GET deliveryOptions')?.authorization).toBe('Bearer admin-tok');

    expect(factsOf('Accra')).toEqual([
      ['Regions', 'Greater Accra'],
      ['Towns', 'Osu, East Legon'],
      ['Fee', '₵20.00, free from ₵500.00'],
      ['Paid', 'Paid with the order'],
      ['Estimated time', 'Same day'],
    ]);
    expect(factsOf('Kumasi courier')).toEqual([
      ['Regions', 'Ashanti, Bono'],
      ['Towns', 'All towns'],
      ['Fee', '₵35.50'],
      ['Paid', 'Paid to the rider'],
      ['Estimated time', '1-2 days'],
    ]);
    expect(factsOf('Pick up at the shop')).toEqual([
      ['Regions', 'All regions'],
      ['Towns', 'All towns'],
      ['Fee', 'Free'],
      ['Paid', 'Paid with the order'],
      ['Estimated time', 'Not said'],
    ]);
    expect(within(card('Pick up at the shop')).getByText('Pickup')).toBeInTheDocument();
    expect(within(card('Pick up at the shop')).getByText('Off')).toBeInTheDocument();
    expect(within(card('Accra')).queryByText('Off')).not.toBeInTheDocument();

    expect(screen.getByRole('switch', { name: 'Offered at checkout (Accra)' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Offered at checkout (Pick up at the shop)' })).not.toBeChecked();
    // The first cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: 'Move Accra up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Accra down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Pick up at the shop down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Kumasi courier' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Kumasi courier' })).toBeInTheDocument();
  });

  it('says what the checkout does without any option', async () => {
    deliveryServer([]);
    await openSettings();
    expect(
      await within(section()).findByText('No delivery options yet. Without any, the checkout says the delivery fee is not included, as today.'),
    ).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Add delivery option' })).toBeInTheDocument();
  });

  it('says when the options cannot be loaded, and Try again loads them', async () => {
    let fail = true;
    deliveryServer([ACCRA], { 'GET deliveryOptions': () => (fail ? json({ message: 'Something went wrong.' }, 500) : json({ data: [ACCRA] })) });
    const u = await openSettings();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await within(section()).findByRole('alert')).toHaveTextContent(/^Failed to fetch delivery options$/);
    fail = false;
    await u.click(within(section()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(['Accra']));
  });
});

describe('adding an option', () => {
  it('sends the form as the server reads it, waits, then toasts, lists it and tells the checkout', async () => {
    const held = deferred();
    const calls = deliveryServer([ACCRA], { 'POST deliveryOptions': () => held.promise });
    givenShopSettings({ ...SHOP_SETTINGS, delivery: [ACCRA] });
    const u = await openSettings();
    await within(section()).findByRole('list');

    await u.click(screen.getByRole('button', { name: 'Add delivery option' }));
    const form = within(screen.getByRole('form', { name: 'New delivery option' }));
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    // Every region, none ticked: all regions.
    const regions = form.getByRole('group', { name: 'Regions' });
    expect(within(regions).getAllByRole('checkbox')).toHaveLength(16);
    expect(regions).toHaveAccessibleDescription('Tick the regions it serves. None ticked: all regions.');
    expect(within(regions).getByText('All regions')).toBeInTheDocument();
    expect(form.getByRole('radio', { name: 'Paid with the order (in its total)' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Offered at checkout' })).toBeChecked();

    await u.type(form.getByRole('textbox', { name: 'Name' }), 'Kumasi courier');
    await u.click(within(regions).getByRole('checkbox', { name: 'Bono' }));
    await u.click(within(regions).getByRole('checkbox', { name: 'Ashanti' }));
    expect(within(regions).getByText('Ashanti, Bono')).toBeInTheDocument();
    await u.type(form.getByRole('textbox', { name: 'Towns (optional)' }), ' Adum, , Asokwa,adum ');
    await u.type(form.getByRole('textbox', { name: 'Fee (₵)' }), '35.50');
    await u.type(form.getByRole('textbox', { name: 'Free from (₵, optional)' }), '400');
    await u.type(form.getByRole('textbox', { name: 'Estimated time (optional)' }), '1-2 days');
    await u.click(form.getByRole('radio', { name: 'Paid to the rider on delivery' }));
    await u.click(form.getByRole('button', { name: 'Add option' }));

    expect(form.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    const kumasi: Omit<DeliveryOption, '_id'> = {
      name: 'Kumasi courier',
      // In Ghana's order, whatever order they were ticked in; each town once.
      regions: ['Ashanti', 'Bono'],
      cities: ['adum', 'Asokwa'],
      fee: 35.5,
      freeFrom: 400,
      eta: '1-2 days',
      feePaidWith: 'rider',
      pickup: false,
      active: true,
    };
    expect(writes(calls)).toEqual([{ key: 'POST deliveryOptions', body: kumasi, authorization: 'Bearer admin-tok' }]);

    held.resolve(json({ message: SAVED, data: [ACCRA, { _id: 'd-kumasi', ...kumasi }] }, 201));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Accra', 'Kumasi courier']));
    expect(screen.queryByRole('form', { name: 'New delivery option' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add delivery option' })).toHaveFocus();
    // The storefront's copy of the settings (the checkout's options) has it too.
    expect(checkoutOptions()).toEqual(['Accra', 'Kumasi courier']);
  });

  it('a pickup with no fee and no regions, added switched off', async () => {
    const calls = deliveryServer([]);
    const u = await openSettings();
    await u.click(await within(section()).findByRole('button', { name: 'Add delivery option' }));
    const form = within(screen.getByRole('form', { name: 'New delivery option' }));
    await u.type(form.getByRole('textbox', { name: 'Name' }), 'Pick up at the shop');
    await u.type(form.getByRole('textbox', { name: 'Fee (₵)' }), '0');
    await u.click(form.getByRole('checkbox', { name: 'Pickup at the shop (no street address needed)' }));
    await u.click(form.getByRole('checkbox', { name: 'Offered at checkout' }));
    await u.click(form.getByRole('button', { name: 'Add option' }));

    expect(writes(calls).map((call) => call.body)).toEqual([
      { name: 'Pick up at the shop', regions: [], cities: [], fee: 0, freeFrom: null, eta: '', feePaidWith: 'order', pickup: true, active: false },
    ]);
    await waitFor(() => expect(names()).toEqual(['Pick up at the shop']));
    expect(within(card('Pick up at the shop')).getByText('Off')).toBeInTheDocument();
  });

  it('checks the fields with the server’s rules first: nothing is sent, each error under its field, the first focused', async () => {
    const calls = deliveryServer([]);
    const u = await openSettings();
    await u.click(await within(section()).findByRole('button', { name: 'Add delivery option' }));
    const form = within(screen.getByRole('form', { name: 'New delivery option' }));
    await u.type(form.getByRole('textbox', { name: 'Fee (₵)' }), '12.345');
    await u.click(form.getByRole('button', { name: 'Add option' }));

    expect(form.getByRole('alert')).toHaveTextContent('Some fields are not right: see below.');
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(DELIVERY_OPTION_TEXTS.nameMissing));
    expect(name).toHaveFocus();
    expect(form.getByRole('textbox', { name: 'Fee (₵)' })).toHaveAccessibleDescription(expect.stringContaining(DELIVERY_OPTION_TEXTS.feeInvalid));
    expect(writes(calls)).toEqual([]);

    // Editing a field takes its error away.
    await u.type(name, 'Accra');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's field errors under their fields, and the first takes the focus", async () => {
    deliveryServer([], {
      'POST deliveryOptions': () =>
        json(
          {
            message: DELIVERY_OPTION_TEXTS.citiesInvalid,
            errors: [
              { path: ['cities', 0], message: DELIVERY_OPTION_TEXTS.citiesInvalid },
              { path: ['regions', 0], message: DELIVERY_OPTION_TEXTS.regionsInvalid },
            ],
          },
          400,
        ),
    });
    const u = await openSettings();
    await u.click(await within(section()).findByRole('button', { name: 'Add delivery option' }));
    const form = within(screen.getByRole('form', { name: 'New delivery option' }));
    await u.type(form.getByRole('textbox', { name: 'Name' }), 'Accra');
    await u.type(form.getByRole('textbox', { name: 'Towns (optional)' }), 'Osu');
    await u.type(form.getByRole('textbox', { name: 'Fee (₵)' }), '20');
    await u.click(form.getByRole('button', { name: 'Add option' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Some fields are not right: see below.');
    const regions = form.getByRole('group', { name: 'Regions' });
    expect(regions).toHaveAccessibleDescription(expect.stringContaining(DELIVERY_OPTION_TEXTS.regionsInvalid));
    expect(within(regions).getByRole('checkbox', { name: 'Ahafo' })).toHaveFocus();
    const towns = form.getByRole('textbox', { name: 'Towns (optional)' });
    expect(towns).toHaveAttribute('aria-invalid', 'true');
    expect(towns).toHaveAccessibleDescription(expect.stringContaining(DELIVERY_OPTION_TEXTS.citiesInvalid));
    // The form stays, as typed.
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Accra');
  });

  it('says so when the shop has too many options (409), and Cancel closes the form', async () => {
    deliveryServer([ACCRA], { 'POST deliveryOptions': () => json({ message: DELIVERY_OPTION_TEXTS.tooMany }, 409) });
    const u = await openSettings();
    await u.click(await within(section()).findByRole('button', { name: 'Add delivery option' }));
    const form = within(screen.getByRole('form', { name: 'New delivery option' }));
    await u.type(form.getByRole('textbox', { name: 'Name' }), 'Tema');
    await u.type(form.getByRole('textbox', { name: 'Fee (₵)' }), '15');
    await u.click(form.getByRole('button', { name: 'Add option' }));
    expect(await form.findByRole('alert')).toHaveTextContent(DELIVERY_OPTION_TEXTS.tooMany);

    await u.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New delivery option' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add delivery option' })).toHaveFocus();
    expect(names()).toEqual(['Accra']);
  });
});

describe('changing an option', () => {
  it('Edit opens the form filled in, in its place; Save changes sends every field and shows the answer', async () => {
    const calls = deliveryServer([ACCRA, KUMASI]);
    givenShopSettings({ ...SHOP_SETTINGS, delivery: [ACCRA, KUMASI] });
    const u = await openSettings();
    await u.click(await within(section()).findByRole('button', { name: 'Edit Accra' }));

    const form = within(screen.getByRole('form', { name: 'Edit Accra' }));
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Accra');
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(form.getByRole('checkbox', { name: 'Greater Accra' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Ashanti' })).not.toBeChecked();
    expect(form.getByRole('textbox', { name: 'Towns (optional)' })).toHaveValue('Osu, East Legon');
    expect(form.getByRole('textbox', { name: 'Fee (₵)' })).toHaveValue('20');
    expect(form.getByRole('textbox', { name: 'Free from (₵, optional)' })).toHaveValue('500');
    expect(form.getByRole('textbox', { name: 'Estimated time (optional)' })).toHaveValue('Same day');
    expect(form.getByRole('radio', { name: 'Paid with the order (in its total)' })).toBeChecked();
    // In its place in the list, the form's title where its name was.
    expect(names()).toEqual(['Edit Accra', 'Kumasi courier']);

    const fee = form.getByRole('textbox', { name: 'Fee (₵)' });
    await u.clear(fee);
    await u.type(fee, '22.5');
    await u.clear(form.getByRole('textbox', { name: 'Free from (₵, optional)' }));
    await u.click(form.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      key: 'PATCH deliveryOptions/d-accra',
      body: {
        name: 'Accra',
        regions: ['Greater Accra'],
        cities: ['Osu', 'East Legon'],
        fee: 22.5,
        freeFrom: null,
        eta: 'Same day',
        feePaidWith: 'order',
        pickup: false,
        active: true,
      },
      authorization: 'Bearer admin-tok',
    });
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Accra', 'Kumasi courier']));
    expect(factsOf('Accra')[2]).toEqual(['Fee', '₵22.50']);
    expect(screen.getByRole('button', { name: 'Edit Accra' })).toHaveFocus();
  });

  it('the switch turns an option off (PATCH active), marks it Off and takes it from the checkout', async () => {
    const held = deferred();
    const calls = deliveryServer([ACCRA, KUMASI], { 'PATCH deliveryOptions/d-kumasi': () => held.promise });
    givenShopSettings({ ...SHOP_SETTINGS, delivery: [ACCRA, KUMASI] });
    const u = await openSettings();
    const kumasiSwitch = await screen.findByRole('switch', { name: 'Offered at checkout (Kumasi courier)' });
    await u.click(kumasiSwitch);

    // Off at once, while it is saved; the list's other buttons wait.
    expect(kumasiSwitch).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Move Accra down' })).toHaveAttribute('aria-disabled', 'true');
    expect(writes(calls)).toEqual([{ key: 'PATCH deliveryOptions/d-kumasi', body: { active: false }, authorization: 'Bearer admin-tok' }]);

    held.resolve(json({ message: SAVED, data: [ACCRA, { ...KUMASI, active: false }] }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    await waitFor(() => expect(within(card('Kumasi courier')).getByText('Off')).toBeInTheDocument());
    expect(kumasiSwitch).not.toBeChecked();
    expect(kumasiSwitch).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move Accra down' })).not.toHaveAttribute('aria-disabled');
    expect(checkoutOptions()).toEqual(['Accra']);
  });

  it('a switch the server refuses goes back, with the reason in a toast', async () => {
    deliveryServer([ACCRA], { 'PATCH deliveryOptions/d-accra': () => json({ message: 'Something went wrong.' }, 500) });
    const u = await openSettings();
    const accraSwitch = await screen.findByRole('switch', { name: 'Offered at checkout (Accra)' });
    await u.click(accraSwitch);
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(accraSwitch).toBeChecked();
  });

  it('moves an option up and down: PUT with every id in the new order; the focus stays with the moved option', async () => {
    const calls = deliveryServer([ACCRA, KUMASI, PICKUP]);
    const u = await openSettings();
    await u.click(await screen.findByRole('button', { name: 'Move Kumasi courier up' }));

    expect(writes(calls)).toEqual([
      { key: 'PUT deliveryOptions/order', body: { ids: ['d-kumasi', 'd-accra', 'd-pickup'] }, authorization: 'Bearer admin-tok' },
    ]);
    await waitFor(() => expect(names()).toEqual(['Kumasi courier', 'Accra', 'Pick up at the shop']));
    // At the top now, 'up' is off: the focus is on its 'down'.
    expect(screen.getByRole('button', { name: 'Move Kumasi courier up' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Kumasi courier down' })).toHaveFocus());

    await u.click(screen.getByRole('button', { name: 'Move Accra down' }));
    expect(writes(calls).at(-1)?.body).toEqual({ ids: ['d-kumasi', 'd-pickup', 'd-accra'] });
    await waitFor(() => expect(names()).toEqual(['Kumasi courier', 'Pick up at the shop', 'Accra']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Accra up' })).toHaveFocus());
  });

  it('a move refused because the list changed meanwhile reads the list again', async () => {
    let listed = [ACCRA, KUMASI];
    deliveryServer([ACCRA, KUMASI], {
      'GET deliveryOptions': () => json({ data: listed }),
      'PUT deliveryOptions/order': () => {
        listed = [ACCRA, KUMASI, PICKUP];
        return json({ message: DELIVERY_OPTION_TEXTS.orderInvalid, errors: [{ path: ['ids'], message: DELIVERY_OPTION_TEXTS.orderInvalid }] }, 400);
      },
    });
    const u = await openSettings();
    await u.click(await screen.findByRole('button', { name: 'Move Kumasi courier up' }));
    expect(await screen.findByText(DELIVERY_OPTION_TEXTS.orderInvalid)).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Accra', 'Kumasi courier', 'Pick up at the shop']));
  });

  it('Delete asks first: Cancel sends nothing and gives the focus back; Delete removes it and tells the checkout', async () => {
    const calls = deliveryServer([ACCRA, KUMASI]);
    givenShopSettings({ ...SHOP_SETTINGS, delivery: [ACCRA, KUMASI] });
    const u = await openSettings();
    const deleteAccra = await screen.findByRole('button', { name: 'Delete Accra' });
    await u.click(deleteAccra);

    let dialog = screen.getByRole('dialog', { name: 'Delete Accra?' });
    expect(dialog).toHaveTextContent('Orders placed with it keep their delivery as it was.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(deleteAccra).toHaveFocus());
    expect(writes(calls)).toEqual([]);

    await u.click(deleteAccra);
    dialog = screen.getByRole('dialog', { name: 'Delete Accra?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(writes(calls)).toEqual([{ key: 'DELETE deliveryOptions/d-accra', body: undefined, authorization: 'Bearer admin-tok' }]);
    expect(await screen.findByText(DELIVERY_OPTION_TEXTS.deleted)).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Kumasi courier']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Delivery options' })).toHaveFocus());
    expect(checkoutOptions()).toEqual(['Kumasi courier']);
  });
});
