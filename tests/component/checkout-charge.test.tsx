// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: window.event: the Paystack tab must open inside the tap, which happy-dom cannot show.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { useCart } from '@/client/stores/cart';
import { type CheckoutForm, EMPTY_FORM, type PendingPayment, useCheckout } from '@/client/stores/checkout';
import type { ChargeAttempt, Order, OrderAnswer, VerifyPaymentAnswer, VerifyStatus } from '@/shared/types';
import { type ApiCall, json, mockApi, type Route } from './api-mock';
import {
  attempt,
  CHARGE_REF,
  chargeAnswer,
  charged,
  checkoutPageSetup,
  elapse,
  openCheckout,
  PAYER_BILLING,
  placedOrder,
  reloadedWith,
  user,
} from './checkout-page';
import { SHEA } from './fixtures';

/**
 * Mobile Money approved on the phone (the charge panel): the wallet on the form, the code or voucher,
 * an attempt that ended unpaid and its retry, a charge resumed after a reload, stopping an attempt,
 * and the payment page as the way out.
 */

/** The hosted payment page's reference ("Pay on Paystack's page instead"). */
const PAGE_REF = 'NK-7K3Q9P-0a1b2c3d4e5f';
const PAGE_LINK = `/pay/sandbox/${PAGE_REF}`;

const created =
  (order: Order): Route =>
  () =>
    json({ message: 'Order created.', order, orderToken: 'guest-secret' } satisfies OrderAnswer, 201);

const verified =
  (status: VerifyStatus, charge?: Partial<ChargeAttempt>): Route =>
  () =>
    json({
      status,
      orderId: 'o1',
      paymentStatus: status === 'success' ? 'Paid' : 'Pending',
      orderStatus: 'Pending',
      ...(charge ? { charge: attempt(charge) } : {}),
    } satisfies VerifyPaymentAnswer);

/** A charge on Kofi's order as the persisted store keeps it: by default sent, its answer not yet in. */
const chargePayment = (overrides: Partial<PendingPayment> = {}): PendingPayment => ({
  orderId: 'o1',
  orderNumber: 'NK-7K3Q9P',
  amount: 91,
  email: PAYER_BILLING.email,
  reference: null,
  paymentLink: null,
  startedAt: '2026-11-22T09:00:00.000Z',
  userId: null,
  items: [{ productId: 'p-shea', quantity: 2, name: 'Raw Shea Butter' }],
  state: 'awaiting',
  channel: 'charge',
  wallet: { phone: '0551234567', network: 'mtn' },
  charge: null,
  ...overrides,
});

/** Kofi's charge is under way on this device (his cart and the order's token kept). */
function seedCharge(overrides: Partial<PendingPayment> = {}) {
  useCart.setState({ items: [SHEA] });
  useCheckout.getState().startPayment(chargePayment(overrides));
  useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
}

const keys = (calls: ApiCall[]) => calls.map((c) => c.key);
const charges = (calls: ApiCall[]) => calls.filter((c) => c.key === 'POST chargeMobileMoney');
const verifies = (calls: ApiCall[]) => calls.filter((c) => c.key.startsWith('GET verifyPayment/'));
const chargePanel = () => screen.getByRole('region', { name: 'Pay with Mobile Money' });
const chargeStatus = () => within(chargePanel()).getByRole('status');
const walletGroup = () => screen.getByRole('group', { name: 'Mobile Money wallet' });
const numberField = (within_: HTMLElement = document.body) => within(within_).getByRole('textbox', { name: 'Mobile Money number' });
const networkField = (within_: HTMLElement = document.body) => within(within_).getByRole<HTMLSelectElement>('combobox', { name: 'Network' });

/** The form as Kofi left it, with his cart. */
async function openForm(form: Partial<CheckoutForm>) {
  useCart.setState({ items: [SHEA] });
  useCheckout.setState({ form: { ...EMPTY_FORM, ...PAYER_BILLING, ...form } });
  await openCheckout();
}

/** Paid: the payment forgotten, the cart emptied, and the order's confirmation opened 1.5 s later. */
async function expectPaidAndConfirmationOpened() {
  expect(useCheckout.getState().pendingPayment).toBeNull();
  expect(useCart.getState().items).toEqual([]);
  await elapse(1500);
  expect(screen.getByTestId('navigated')).toHaveTextContent(/^\/order\/o1\?placed=true$/);
}

checkoutPageSetup();

describe('the Mobile Money wallet on the form', () => {
  it('appears with Mobile Money, starts as the billing phone, its network found from the number', async () => {
    await openForm({ paymentMethod: 'Cash on Delivery' });
    expect(screen.queryByRole('group', { name: 'Mobile Money wallet' })).not.toBeInTheDocument();

    await user().click(screen.getByRole('radio', { name: 'Mobile Money' }));
    expect(numberField(walletGroup())).toHaveValue('0551234567');
    expect(networkField(walletGroup())).toHaveDisplayValue('MTN MoMo');
    expect(networkField()).toHaveAccessibleDescription('Found from the number. Change it if the number moved network.');
    expect(useCheckout.getState().form).toMatchObject({ momoPhone: '0551234567', momoNetwork: 'mtn' });
  });

  it('a wallet the shopper already gave is kept, not replaced by the billing phone', async () => {
    await openForm({ paymentMethod: 'Mobile Money', momoPhone: '0271234567', momoNetwork: 'atl' });
    expect(numberField()).toHaveValue('0271234567');
    expect(networkField()).toHaveDisplayValue('AirtelTigo Money');
  });

  it('a Telecel number (020) picks Telecel Cash; the shopper can still change the network, and the order charges what was chosen', async () => {
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()), 'POST chargeMobileMoney': charged() });
    await openForm({ paymentMethod: 'Mobile Money' });
    await user().clear(numberField());
    await user().type(numberField(), '020 123 4567');
    expect(networkField()).toHaveDisplayValue('Telecel Cash');

    // The number moved network: its prefix still says Telecel.
    await user().selectOptions(networkField(), 'AirtelTigo Money');
    expect(networkField()).toHaveDisplayValue('AirtelTigo Money');
    expect(networkField()).toHaveAccessibleDescription('Choose the network of this number.');

    await user().click(screen.getByRole('button', { name: 'Place order' }));
    expect(await within(chargePanel()).findByText('020 123 4567 · AirtelTigo Money')).toBeInTheDocument();
    expect(charges(calls)[0]?.body).toEqual({ orderId: 'o1', phone: '0201234567', network: 'atl' });
  });

  it('a number no network owns: the network must be chosen, said and focused on Place order, and nothing is sent until it is', async () => {
    const calls = mockApi({ 'POST createGuestOrder': created(placedOrder()), 'POST chargeMobileMoney': charged() });
    await openForm({ phone: '030 123 4567', paymentMethod: 'Mobile Money' });
    expect(numberField()).toHaveValue('030 123 4567');
    expect(networkField()).toHaveDisplayValue('Choose the network');
    expect(networkField()).toHaveAccessibleDescription('Choose the network of this number.');

    await user().click(screen.getByRole('button', { name: 'Place order' }));
    expect(networkField()).toHaveFocus();
    // The field is focused as the errors are set; their render may follow the focus (seen once under load).
    await waitFor(() => expect(networkField()).toBeInvalid());
    expect(networkField()).toHaveAccessibleDescription(expect.stringContaining('Choose the Mobile Money network of this number.'));
    expect(calls).toEqual([]);

    await user().selectOptions(networkField(), 'Telecel Cash');
    expect(screen.queryByText('Choose the Mobile Money network of this number.')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(keys(calls)).toEqual(['POST createGuestOrder', 'POST chargeMobileMoney']));
    expect(calls[1]?.body).toEqual({ orderId: 'o1', phone: '0301234567', network: 'vod' });
  });

  it('a number that is not a Ghana mobile number, then none: said under the field, which gets the focus; nothing is sent', async () => {
    const calls = mockApi({});
    await openForm({ paymentMethod: 'Mobile Money', momoPhone: '55 123', momoNetwork: '' });

    await user().click(screen.getByRole('button', { name: 'Place order' }));
    expect(numberField()).toHaveFocus();
    expect(numberField()).toBeInvalid();
    expect(numberField()).toHaveAccessibleDescription(expect.stringContaining('Enter a Ghana mobile number: 0XX XXX XXXX or +233 XX XXX XXXX.'));
    // Both fields are said at once.
    expect(networkField()).toHaveAccessibleDescription(expect.stringContaining('Choose the Mobile Money network of this number.'));

    await user().clear(numberField());
    await user().click(screen.getByRole('button', { name: 'Place order' }));
    expect(numberField()).toHaveFocus();
    expect(numberField()).toHaveAccessibleDescription(expect.stringContaining('Enter the Mobile Money number to charge.'));
    expect(calls).toEqual([]);
    expect(useCheckout.getState().pendingPayment).toBeNull();
  });

  it('the billing details come first: their error takes the focus before the wallet’s', async () => {
    const calls = mockApi({});
    await openForm({ email: 'kofi@', paymentMethod: 'Mobile Money', momoPhone: '55 123' });
    await user().click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(numberField()).toBeInvalid();
    expect(calls).toEqual([]);
  });
});

describe('the code or voucher the network asks for', () => {
  it('a wrong code is said under the field; the right one pays the order, which is confirmed', async () => {
    seedCharge({ wallet: { phone: '0201234567', network: 'vod' } });
    const VOUCHER_STEPS = 'Dial *110#, choose 6 (My Wallet), then 6 (Generate Voucher). Enter the voucher here.';
    const otpState = { state: 'otp', message: 'Enter the code or voucher your network gives you.', displayText: VOUCHER_STEPS } as const;
    let paid = false;
    const calls = mockApi({
      'POST chargeMobileMoney': charged(otpState),
      'POST submitPaymentOtp': (body) => {
        if ((body as { otp: string }).otp !== '123456') {
          return json(chargeAnswer({ ...otpState, phone: '0201234567', network: 'vod', message: 'That code was not accepted. Check it and enter it again.' }));
        }
        paid = true;
        return json(chargeAnswer({ state: 'paid', phone: '0201234567', network: 'vod', message: 'Payment received.', expiresAt: null }));
      },
      [`GET verifyPayment/${CHARGE_REF}`]: (body, request) => (paid ? verified('success') : verified('pending', otpState))(body, request),
    });
    await openCheckout();

    expect(await within(chargePanel()).findByText(VOUCHER_STEPS)).toBeInTheDocument();
    expect(chargeStatus()).toHaveTextContent('Enter the code or voucher your network gives you.');
    const code = screen.getByRole('textbox', { name: 'Code or voucher' });

    // Nothing typed: said here, nothing sent.
    await user().click(screen.getByRole('button', { name: 'Send code' }));
    expect(code).toHaveAccessibleDescription('Enter the code or voucher from your network.');
    expect(keys(calls)).not.toContain('POST submitPaymentOtp');

    await user().type(code, '111111');
    await user().click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('That code was not accepted. Check it and enter it again.'));
    const first = calls.find((c) => c.key === 'POST submitPaymentOtp');
    expect(first?.body).toEqual({ reference: CHARGE_REF, otp: '111111' });
    expect(first?.headers.get('x-order-token')).toBe('guest-secret');
    // Still waiting for a code: the field stays, with what was typed.
    expect(code).toHaveValue('111111');
    expect(screen.queryByText('Order confirmed successfully!')).not.toBeInTheDocument();

    await user().clear(code);
    await user().type(code, '123456');
    await user().click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    await expectPaidAndConfirmationOpened();
  });
});

describe('an attempt that ended unpaid', () => {
  it("declined for want of money: the reason, no more checks, and 'Try again' with another number charges that one", async () => {
    seedCharge();
    const NEXT_REF = 'NK-7K3Q9P-222222222222';
    const answers: Route[] = [
      charged({
        state: 'failed',
        declineReason: 'insufficient_funds',
        expiresAt: null,
        message: 'There is not enough money in this wallet. Top it up, or pay from another number.',
      }),
      charged({ reference: NEXT_REF }),
    ];
    const calls = mockApi({
      'POST chargeMobileMoney': (body, request) => (answers.shift() as Route)(body, request),
      [`GET verifyPayment/${NEXT_REF}`]: verified('pending', { reference: NEXT_REF, phone: '0201234567', network: 'vod' }),
    });
    await openCheckout();

    await waitFor(() => expect(chargeStatus()).toHaveTextContent('There is not enough money in this wallet. Top it up, or pay from another number.'));
    const panel = chargePanel();
    expect(within(panel).queryByRole('button', { name: 'Check payment now' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Stop and use another number' })).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Time left to approve');
    expect(numberField(panel)).toHaveValue('0551234567');
    expect(networkField(panel)).toHaveDisplayValue('MTN MoMo');
    await elapse(10_000);
    expect(verifies(calls)).toHaveLength(0);
    expect(charges(calls)).toHaveLength(1);

    // Not a number: said, nothing sent.
    await user().clear(numberField(panel));
    await user().type(numberField(panel), '020 123');
    await user().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(numberField(panel)).toHaveAccessibleDescription(expect.stringContaining('Enter a Ghana mobile number: 0XX XXX XXXX or +233 XX XXX XXXX.'));
    expect(charges(calls)).toHaveLength(1);

    await user().type(numberField(panel), ' 4567');
    expect(networkField(panel)).toHaveDisplayValue('Telecel Cash');
    await user().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
    expect(charges(calls)).toHaveLength(2);
    expect(charges(calls)[1]?.body).toEqual({ orderId: 'o1', phone: '0201234567', network: 'vod' });
    expect(charges(calls)[1]?.headers.get('x-order-token')).toBe('guest-secret');
    expect(chargePanel()).toHaveTextContent('020 123 4567 · Telecel Cash');
    expect(keys(calls)).not.toContain('POST createGuestOrder');

    // The new attempt is the one checked from now on.
    await elapse(5000);
    expect(verifies(calls).map((c) => c.key)).toEqual([`GET verifyPayment/${NEXT_REF}`]);
  });

  it("'Try again' that gets no answer (502): the new wallet is charged again every 4 s, and the ended attempt is not checked meanwhile", async () => {
    seedCharge();
    const NEXT_REF = 'NK-7K3Q9P-333333333333';
    const unavailable: Route = () => json({ message: 'Mobile Money is not available right now. Please try again, or choose Cash on Delivery.' }, 502);
    const answers: Route[] = [
      charged({ state: 'failed', declineReason: 'declined', expiresAt: null, message: 'The payment was declined on your phone. Nothing was charged.' }),
      unavailable,
      unavailable,
      charged({ reference: NEXT_REF }),
    ];
    const calls = mockApi({
      'POST chargeMobileMoney': (body, request) => (answers.shift() as Route)(body, request),
      [`GET verifyPayment/${CHARGE_REF}`]: verified('failed', { state: 'failed', declineReason: 'declined', expiresAt: null }),
      [`GET verifyPayment/${NEXT_REF}`]: verified('pending', { reference: NEXT_REF, phone: '0241234567' }),
    });
    await openCheckout();
    await waitFor(() => expect(chargeStatus()).toHaveTextContent('The payment was declined on your phone. Nothing was charged.'));

    await user().clear(numberField(chargePanel()));
    await user().type(numberField(chargePanel()), '0241234567');
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(charges(calls)).toHaveLength(2));
    expect(chargeStatus()).toHaveTextContent('Sending the payment request to your phone…');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await elapse(4000);
    expect(charges(calls)).toHaveLength(3);
    expect(chargeStatus()).toHaveTextContent('Sending the payment request to your phone…');
    await elapse(4000);
    expect(charges(calls)).toHaveLength(4);
    for (const call of charges(calls).slice(1)) expect(call.body).toEqual({ orderId: 'o1', phone: '0241234567', network: 'mtn' });
    expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
    expect(verifies(calls)).toHaveLength(0);
  });

  it('not approved before the countdown ends: the server is asked once, it says timed out, and checking stops', async () => {
    seedCharge();
    const calls = mockApi({
      'POST chargeMobileMoney': charged({ expiresAt: new Date(Date.now() + 3000).toISOString() }),
      [`GET verifyPayment/${CHARGE_REF}`]: verified('pending', {
        state: 'timed_out',
        expiresAt: null,
        declineReason: 'timeout',
        message: 'The payment request was not approved in time. Nothing was charged.',
      }),
    });
    await openCheckout();
    await waitFor(() => expect(chargePanel()).toHaveTextContent('Time left to approve: 0:03'));

    await elapse(3500);
    expect(chargeStatus()).toHaveTextContent('The payment request was not approved in time. Nothing was charged.');
    expect(chargePanel()).not.toHaveTextContent('Time left to approve');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await vi.waitFor(() => expect(verifies(calls)).toHaveLength(1));
    expect(useCheckout.getState().pendingPayment).toMatchObject({ state: 'failed', charge: { state: 'timed_out' } });
    await elapse(10_000);
    expect(verifies(calls)).toHaveLength(1);
  });
});

describe('a charge whose answer never came', () => {
  it('after a reload the same charge is sent again at once, with the order token; no second order', async () => {
    useCart.setState({ items: [SHEA] });
    await reloadedWith(chargePayment());
    const calls = mockApi({ 'POST chargeMobileMoney': charged() });
    await openCheckout();

    expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
    expect(keys(calls)).toEqual(['POST chargeMobileMoney']);
    expect(calls[0]?.body).toEqual({ orderId: 'o1', phone: '0551234567', network: 'mtn' });
    expect(calls[0]?.headers.get('x-order-token')).toBe('guest-secret');
    expect(chargePanel()).toHaveTextContent('Time left to approve: 2:00');
  });

  it('no connection: sent again as soon as it is back, without waiting for the next 4 s', async () => {
    seedCharge();
    const routes: Record<string, Route> = {};
    const calls = mockApi(routes);
    await openCheckout();
    await vi.waitFor(() => expect(charges(calls)).toHaveLength(1));
    expect(chargeStatus()).toHaveTextContent('Sending the payment request to your phone…');

    routes['POST chargeMobileMoney'] = charged();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Approve the prompt on your phone.')).toBeInTheDocument();
    expect(charges(calls)).toHaveLength(2);
    expect(charges(calls)[1]?.body).toEqual(charges(calls)[0]?.body);
    // Answered: the resend that was due is off.
    await elapse(8000);
    expect(charges(calls)).toHaveLength(2);
  });

  it('the order turned out paid already (409): confirmed, like a check that finds it paid', async () => {
    seedCharge();
    mockApi({ 'POST chargeMobileMoney': () => json({ message: 'This order is already paid.' }, 409) });
    await openCheckout();
    expect(await screen.findByText('Order confirmed successfully!')).toBeInTheDocument();
    expect(screen.queryByText('This order is already paid.')).not.toBeInTheDocument();
    await expectPaidAndConfirmationOpened();
  });
});

describe('ways out of a prompt on the phone', () => {
  it("'Stop and use another number': the attempt is stopped, checking stops, and the wallet can be changed", async () => {
    seedCharge();
    const calls = mockApi({
      'POST chargeMobileMoney': charged(),
      'POST cancelPaymentAttempt': () =>
        json(
          chargeAnswer({ state: 'cancelled', declineReason: 'cancelled', expiresAt: null, message: 'You stopped this payment request. Nothing was charged.' }),
        ),
      [`GET verifyPayment/${CHARGE_REF}`]: verified('pending', {}),
    });
    await openCheckout();
    await screen.findByText('Approve the prompt on your phone.');

    await user().click(screen.getByRole('button', { name: 'Stop and use another number' }));
    await waitFor(() => expect(chargeStatus()).toHaveTextContent('You stopped this payment request. Nothing was charged.'));
    const stop = calls.find((c) => c.key === 'POST cancelPaymentAttempt');
    expect(stop?.body).toEqual({ reference: CHARGE_REF });
    expect(stop?.headers.get('x-order-token')).toBe('guest-secret');
    expect(numberField(chargePanel())).toHaveValue('0551234567');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Check payment now' })).not.toBeInTheDocument();
    // The order stays: it is the attempt that was stopped.
    expect(keys(calls)).not.toContain('POST cancelOrder/o1');
    expect(useCheckout.getState().pendingPayment).toMatchObject({ orderId: 'o1', state: 'failed' });

    await elapse(10_000);
    expect(verifies(calls)).toHaveLength(0);
  });

  it('"Pay on Paystack\'s page instead": a tab opened in the tap, then sent to the payment page, which is waited for from then on', async () => {
    seedCharge();
    const tab = { location: { href: '' }, close: vi.fn(), opener: {} as unknown };
    // Browsers allow a pop-up only while the tap is being handled: `window.event` is that tap.
    const openedDuring: (string | undefined)[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      openedDuring.push(window.event?.type);
      return tab as unknown as Window;
    }) as unknown as Mock;
    const calls = mockApi({
      'POST chargeMobileMoney': charged(),
      'POST initializePayment': () => json({ payment_link: PAGE_LINK, reference: PAGE_REF, message: 'Payment started.' }),
      [`GET verifyPayment/${PAGE_REF}`]: verified('pending'),
    });
    await openCheckout();
    await screen.findByText('Approve the prompt on your phone.');
    expect(open).not.toHaveBeenCalled();

    await user().click(screen.getByRole('button', { name: "Pay on Paystack's page instead" }));
    expect(await screen.findByRole('heading', { name: 'Waiting for your Mobile Money payment' })).toBeInTheDocument();
    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
    expect(openedDuring).toEqual(['click']);
    await vi.waitFor(() => expect(tab.location.href).toBe(PAGE_LINK));
    expect(tab.opener).toBeNull();

    const init = calls.find((c) => c.key === 'POST initializePayment');
    expect(init?.body).toEqual({ orderId: 'o1', email: 'kofi@example.com', total: 91 });
    expect(init?.headers.get('x-order-token')).toBe('guest-secret');
    expect(screen.getByRole('link', { name: 'Open payment page' })).toHaveAttribute('href', PAGE_LINK);
    expect(screen.queryByRole('heading', { name: 'Pay with Mobile Money' })).not.toBeInTheDocument();
    expect(useCheckout.getState().pendingPayment).toMatchObject({ channel: 'page', reference: PAGE_REF, paymentLink: PAGE_LINK });

    // The payment page's reference is the one checked now.
    const before = verifies(calls).length;
    await elapse(5000);
    const after = verifies(calls)
      .slice(before)
      .map((c) => c.key);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after)).toEqual(new Set([`GET verifyPayment/${PAGE_REF}`]));
  });
});
