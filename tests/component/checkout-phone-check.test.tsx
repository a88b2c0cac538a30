import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '@/client/features/checkout/checkout-page';
import { CheckoutPhoneCheck } from '@/client/features/orders/components/phone-verification';
import { useCart } from '@/client/stores/cart';
import { EMPTY_FORM, useCheckout } from '@/client/stores/checkout';
import { useOutbox } from '@/client/stores/outbox';
import { useSession } from '@/client/stores/session';
import type { Order, OrderAnswer, PhoneCodeAnswer, PhoneTokenAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { json, mockApi, type Route } from './api-mock';
import { checkoutPageSetup, user } from './checkout-page';
import { BILLING, CUSTOMER_SESSION, cartAnswerOf, makeOrder, orderLineOf, SHEA } from './fixtures';
import { renderWithRouter } from './render';

/**
 * Issue 41 at the checkout: a phone this device confirmed goes with the order as `X-Phone-Token`
 * (whatever way the number is written); and when the server wants the phone confirmed before it
 * takes the order (many orders from the network, a one-use-per-customer code), the checkout shows
 * the phone check with the server's words, and the shopper places the order again.
 */

const PHONE_TOKEN = '233241234567.1790000000.sig';
const LATER = '2099-01-01T00:00:00.000Z';

const placedOrder = (overrides: Partial<Order> = {}) =>
  makeOrder({ user: null, items: [orderLineOf(SHEA)], ...overrides }, { contact: { ...BILLING, phone: '0241234567' } });
const created: Route = () => json({ message: 'Order placed successfully!', order: placedOrder(), orderToken: 'guest-secret' } satisfies OrderAnswer, 201);
const networkBusy: Route = () =>
  new Response(JSON.stringify({ message: VERIFICATION_TEXTS.networkBusy, errors: [{ path: ['phoneToken'], message: VERIFICATION_TEXTS.networkBusy }] }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '600' },
  });
const codeSent: Route = () => json({ message: 'We sent a 6-digit code to 024 123 4567. It works for 15 minutes.', expiresAt: LATER } satisfies PhoneCodeAnswer);
const tokenAnswer: Route = () =>
  json({ message: VERIFICATION_TEXTS.phoneConfirmed, phoneToken: PHONE_TOKEN, phone: '+233241234567', expiresAt: LATER } satisfies PhoneTokenAnswer);

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });
const phoneCheck = () => screen.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle });

async function openCheckout() {
  const rendered = await renderWithRouter(<CheckoutPage PhoneCheck={CheckoutPhoneCheck} />, { path: '/checkout' });
  await screen.findByLabelText('Full name');
  return rendered;
}

checkoutPageSetup();

describe('a confirmed phone goes with the order', () => {
  it.each([
    ['as kept', '0241234567'],
    ['with spaces', '024 123 4567'],
    ['with the country code', '+233 24 123 4567'],
  ])('the form’s phone %s matches the phone confirmed on this device: X-Phone-Token is sent', async (_, phone) => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING, phone }, phoneTokens: { '233241234567': { token: PHONE_TOKEN, expiresAt: LATER } } });
    const calls = mockApi({ 'POST createGuestOrder': created });
    await openCheckout();
    await user().click(placeOrder());
    await screen.findByText('Order placed successfully!');
    expect(calls[0]?.headers.get('x-phone-token')).toBe(PHONE_TOKEN);
  });

  it('another phone, or an expired token: no header', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({
      form: { ...EMPTY_FORM, ...BILLING, phone: '0207654321' },
      phoneTokens: { '233241234567': { token: PHONE_TOKEN, expiresAt: LATER }, '233207654321': { token: 'old', expiresAt: '2020-01-01T00:00:00.000Z' } },
    });
    const calls = mockApi({ 'POST createGuestOrder': created });
    await openCheckout();
    await user().click(placeOrder());
    await screen.findByText('Order placed successfully!');
    expect(calls[0]?.headers.get('x-phone-token')).toBeNull();
  });

  it("a customer's order sends it too, with the bearer", async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING }, phoneTokens: { '233241234567': { token: PHONE_TOKEN, expiresAt: LATER } } });
    const calls = mockApi({
      'GET getMyCart': () => json(cartAnswerOf(SHEA)),
      'POST createOrder': () => json({ message: 'Order placed successfully!', order: placedOrder() } satisfies OrderAnswer, 201),
    });
    await openCheckout();
    await user().click(placeOrder());
    await screen.findByText('Order placed successfully!');
    const order = calls.find((c) => c.key === 'POST createOrder');
    expect([order?.authorization, order?.headers.get('x-phone-token')]).toEqual(['Bearer tok-123', PHONE_TOKEN]);
  });

  it('an order queued offline keeps the header to send with it', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING }, phoneTokens: { '233241234567': { token: PHONE_TOKEN, expiresAt: LATER } } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({});
    await openCheckout();
    await user().click(placeOrder());
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(1));
    expect(useOutbox.getState().entries[0]).toMatchObject({ kind: 'order', proof: { 'x-phone-token': PHONE_TOKEN } });
  });
});

describe('the server wants the phone confirmed first', () => {
  it('too many orders from the network (429): the check shows the server’s words; confirmed, the order is placed again with the token', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    let orders = 0;
    const calls = mockApi({
      'POST createGuestOrder': (body, request) => {
        orders += 1;
        return orders === 1 ? networkBusy(body, request) : created(body, request);
      },
      'POST phoneCodes': codeSent,
      'POST phoneCodes/verify': tokenAnswer,
    });
    await openCheckout();
    await user().click(placeOrder());

    // The check, focused on its title, with the server's words; no error toast, no alert besides.
    const title = await screen.findByRole('heading', { name: VERIFICATION_TEXTS.requiredTitle });
    await waitFor(() => expect(title).toHaveFocus());
    expect(within(phoneCheck()).getByRole('status')).toHaveTextContent(VERIFICATION_TEXTS.networkBusy);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user().click(within(phoneCheck()).getByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    expect(calls.find((c) => c.key === 'POST phoneCodes')?.body).toEqual({ phone: '024 123 4567' });
    await user().type(await within(phoneCheck()).findByLabelText(VERIFICATION_TEXTS.codeLabel), '123456{Enter}');
    await waitFor(() => expect(within(phoneCheck()).getByRole('status')).toHaveTextContent(VERIFICATION_TEXTS.placeOrderAgain));
    expect(placeOrder()).toHaveFocus();
    expect(useCheckout.getState().phoneTokens).toEqual({ '233241234567': { token: PHONE_TOKEN, expiresAt: LATER } });

    await user().click(placeOrder());
    await screen.findByText('Order placed successfully!');
    const sent = calls.filter((c) => c.key === 'POST createGuestOrder');
    expect(sent.map((c) => c.headers.get('x-phone-token'))).toEqual([null, PHONE_TOKEN]);
    // The same attempt: nothing was made the first time.
    expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
  });

  it('a one-use-per-customer code (400 naming promoCode and phoneToken) keeps the promo applied while the phone is confirmed', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING }, promo: { code: 'WELCOME', percent: 15 } });
    mockApi({
      'POST createGuestOrder': () =>
        json(
          {
            message: VERIFICATION_TEXTS.promoNeedsPhone,
            errors: [
              { path: ['promoCode'], message: VERIFICATION_TEXTS.promoNeedsPhone },
              { path: ['phoneToken'], message: VERIFICATION_TEXTS.phoneTokenMissing },
            ],
          },
          400,
        ),
    });
    await openCheckout();
    await user().click(placeOrder());
    await waitFor(() => expect(within(phoneCheck()).getByRole('status')).toHaveTextContent(VERIFICATION_TEXTS.promoNeedsPhone));
    expect(useCheckout.getState().promo).toEqual({ code: 'WELCOME', percent: 15 });
  });

  it('a new phone typed in the form is a new check', async () => {
    useCart.setState({ items: [SHEA] });
    useCheckout.setState({ form: { ...EMPTY_FORM, ...BILLING } });
    const calls = mockApi({ 'POST createGuestOrder': networkBusy, 'POST phoneCodes': codeSent });
    await openCheckout();
    await user().click(placeOrder());
    await user().click(
      await within(await screen.findByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }),
    );
    expect(await within(phoneCheck()).findByLabelText(VERIFICATION_TEXTS.codeLabel)).toBeInTheDocument();

    await act(() => useCheckout.getState().setField('phone', '020 765 4321'));
    await user().click(within(phoneCheck()).getByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    expect(calls.filter((c) => c.key === 'POST phoneCodes').map((c) => c.body)).toEqual([{ phone: '024 123 4567' }, { phone: '020 765 4321' }]);
  });
});
