import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderDetailPage } from '@/client/features/orders/components/order-detail-page';
import { useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import type { Order, PhoneCodeAnswer, PhoneTokenAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { json, mockApi, type Route } from './api-mock';
import { BILLING, CUSTOMER_SESSION, freshStoresWithOrderTokens, makeOrder } from './fixtures';
import { renderWithRouter } from './render';

/**
 * The order pages: a Cash on Delivery order whose buyer is not shown to be real yet asks
 * for a code sent to the order's phone (`required`), or says the shop will call (`waiting_for_shop`).
 * Confirming the phone keeps its token on the device and confirms the order (its page then shows it
 * confirmed); the server's refusals show in a live region.
 */

const GUEST_TOKEN = 'guest-secret';
const PHONE_TOKEN = '233241234567.1790000000.sig';
const CODE_SENT = 'We sent a 6-digit code to 024 123 4567. It works for 15 minutes.';

/** Kwame's guest order o1, Cash on Delivery, waiting for his code; its items put aside until 10:15. */
const unverified = (overrides: Partial<Order> = {}): Order => ({
  ...makeOrder(
    { user: null, verification: 'required', stockHeld: true, holdExpiresAt: '2026-11-24T09:15:00.000Z', ...overrides },
    { contact: { ...BILLING, phone: '0241234567' } },
  ),
  // When its short hold ends (the server's `stockReleaseAt`): what the card names.
  ...{ stockReleaseAt: '2026-11-22T10:15:00.000Z' },
});
const verified = (order: Order): Order => ({ ...order, verification: 'verified', stockHeld: true });

const codeSent: Route = () => json({ message: CODE_SENT, expiresAt: '2026-11-22T09:30:00.000Z' } satisfies PhoneCodeAnswer);
const tokenAnswer = () =>
  json({
    message: VERIFICATION_TEXTS.phoneConfirmed,
    phoneToken: PHONE_TOKEN,
    phone: '+233241234567',
    expiresAt: '2027-02-20T09:15:00.000Z',
  } satisfies PhoneTokenAnswer);

async function openOrder(order: Order, routes: Record<string, Route> = {}, { placed = false } = {}) {
  let current = order;
  const calls = mockApi({
    'GET getOrderById/o1': () => json({ order: current }),
    ...routes,
  });
  const rendered = await renderWithRouter(<OrderDetailPage id="o1" placed={placed} />, { path: '/order/o1' });
  await screen.findByRole('heading', { level: 1, name: 'Order NK-7K3Q9P' });
  return { ...rendered, calls, setOrder: (next: Order) => (current = next) };
}

const card = () => screen.getByRole('region', { name: VERIFICATION_TEXTS.requiredTitle });
const liveRegion = () => within(card()).getByRole('status');

freshStoresWithOrderTokens();
beforeEach(() => useCheckout.getState().rememberOrderToken('o1', GUEST_TOKEN));
afterEach(() => vi.useRealTimers());

describe('an order that waits for its buyer’s code (required)', () => {
  it('a guest confirms the phone by the code: the token is kept on the device, the order is confirmed and shows it', async () => {
    const order = unverified();
    const { calls } = await openOrder(order, {
      'POST phoneCodes': codeSent,
      'POST phoneCodes/verify': (body) =>
        (body as { code: string }).code === '123456'
          ? tokenAnswer()
          : json({ message: VERIFICATION_TEXTS.codeWrong, errors: [{ path: ['code'], message: VERIFICATION_TEXTS.codeWrong }] }, 400),
      'POST orders/o1/verification': () => json({ message: VERIFICATION_TEXTS.orderVerified, order: verified(order) }),
    });
    // The card, with the time its items stay aside (the short hold, not the 48 hours of the shop's confirmation).
    expect(
      await within(await screen.findByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).findByText(
        VERIFICATION_TEXTS.requiredHeld('22 Nov 2026, 10:15'),
      ),
    ).toBeInTheDocument();
    expect(liveRegion()).toBeEmptyDOMElement();

    await userEvent.click(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    // The code's field: a phone's keyboard of digits, the SMS code offered, focused; the server's words said.
    const field = await within(card()).findByLabelText(VERIFICATION_TEXTS.codeLabel);
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(liveRegion()).toHaveTextContent(CODE_SENT);
    expect(calls.find((c) => c.key === 'POST phoneCodes')?.body).toEqual({ phone: '0241234567' });

    // A wrong code: the server's words, the field marked and focused again.
    await userEvent.type(field, '111111');
    await userEvent.click(within(card()).getByRole('button', { name: VERIFICATION_TEXTS.confirmCode }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(VERIFICATION_TEXTS.codeWrong));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(liveRegion().id);
    expect(field).toHaveFocus();

    await userEvent.clear(field);
    await userEvent.type(field, '123 456{Enter}');
    // Confirmed: the order's page shows the server's verified order, and says so once, focused.
    await waitFor(() => expect(screen.queryByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).not.toBeInTheDocument());
    const confirmed = screen.getAllByText(VERIFICATION_TEXTS.orderVerified).find((el) => el.closest('[tabindex="-1"]'));
    expect(confirmed?.closest('[tabindex="-1"]')).toHaveFocus();

    const verify = calls.find((c) => c.key === 'POST phoneCodes/verify' && (c.body as { code: string }).code === '123456');
    expect(verify?.body).toEqual({ phone: '0241234567', code: '123456' });
    const confirmOrder = calls.find((c) => c.key === 'POST orders/o1/verification');
    expect(confirmOrder?.headers.get('x-phone-token')).toBe(PHONE_TOKEN);
    expect(confirmOrder?.headers.get('x-order-token')).toBe(GUEST_TOKEN);
    expect(useCheckout.getState().phoneTokens).toEqual({ '233241234567': { token: PHONE_TOKEN, expiresAt: '2027-02-20T09:15:00.000Z' } });
  });

  it('without a hold (past the share of unconfirmed orders): asks for the code so the shop can put the items aside', async () => {
    await openOrder(unverified({ stockHeld: false }));
    expect(await within(card()).findByText(VERIFICATION_TEXTS.requiredNotHeld)).toBeInTheDocument();
    expect(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode })).toBeInTheDocument();
  });

  it('a code asked for again within the minute: the server’s words, the field for the code sent, and the re-send waits out Retry-After', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openOrder(unverified(), {
      'POST phoneCodes': () =>
        new Response(JSON.stringify({ message: VERIFICATION_TEXTS.codeStillValid }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
    });
    await user.click(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(VERIFICATION_TEXTS.codeStillValid));
    expect(within(card()).getByLabelText(VERIFICATION_TEXTS.codeLabel)).toBeInTheDocument();
    // The clock also moves with real time here (a slow machine may have spent a second or two since the answer).
    const waitLabel = new RegExp(`^${VERIFICATION_TEXTS.sendCodeWait(999).replace('999', '(\\d+)')}$`);
    const secondsLeft = () => Number(waitLabel.exec(within(card()).getByRole('button', { name: waitLabel }).textContent ?? '')?.[1]);
    expect(within(card()).getByRole('button', { name: waitLabel })).toBeDisabled();
    expect(secondsLeft()).toBeGreaterThan(35);
    expect(secondsLeft()).toBeLessThanOrEqual(42);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(within(card()).getByRole('button', { name: waitLabel })).toBeDisabled();
    expect(secondsLeft()).toBeLessThanOrEqual(22);
    await act(() => vi.advanceTimersByTimeAsync(22_000));
    expect(within(card()).getByRole('button', { name: VERIFICATION_TEXTS.sendCodeAgain })).toBeEnabled();
  });

  it('a code that is not 6 digits is refused before anything is sent', async () => {
    const { calls } = await openOrder(unverified(), { 'POST phoneCodes': codeSent });
    await userEvent.click(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    const field = await within(card()).findByLabelText(VERIFICATION_TEXTS.codeLabel);
    await userEvent.click(within(card()).getByRole('button', { name: VERIFICATION_TEXTS.confirmCode }));
    expect(liveRegion()).toHaveTextContent(VERIFICATION_TEXTS.codeRequired);
    await userEvent.type(field, '12345{Enter}');
    expect(liveRegion()).toHaveTextContent(VERIFICATION_TEXTS.codeFormat);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.key === 'POST phoneCodes/verify')).toEqual([]);
  });

  it('the stock ran out meanwhile (409): the server’s words, the phone stays confirmed, and Confirm my order tries again without a new code', async () => {
    const order = unverified({ stockHeld: false });
    const outOfStock = 'Raw Shea Butter is sold out: only 0 left.';
    let answers = 0;
    const { calls } = await openOrder(order, {
      'POST phoneCodes': codeSent,
      'POST phoneCodes/verify': tokenAnswer,
      'POST orders/o1/verification': () => {
        answers += 1;
        return answers === 1 ? json({ message: outOfStock }, 409) : json({ message: VERIFICATION_TEXTS.orderVerified, order: verified(order) });
      },
    });
    await userEvent.click(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    await userEvent.type(await within(card()).findByLabelText(VERIFICATION_TEXTS.codeLabel), '123456{Enter}');
    await waitFor(() => expect(liveRegion()).toHaveTextContent(outOfStock));
    expect(useCheckout.getState().phoneTokens['233241234567']?.token).toBe(PHONE_TOKEN);

    await userEvent.click(within(card()).getByRole('button', { name: VERIFICATION_TEXTS.confirmOrder }));
    await waitFor(() => expect(screen.queryByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key === 'POST phoneCodes')).toHaveLength(1);
    expect(calls.filter((c) => c.key === 'POST orders/o1/verification').map((c) => c.headers.get('x-phone-token'))).toEqual([PHONE_TOKEN, PHONE_TOKEN]);
  });

  it('a shop that sends no SMS (409) says the shop will call, and offers no code', async () => {
    await openOrder(unverified(), { 'POST phoneCodes': () => json({ message: VERIFICATION_TEXTS.smsUnavailable }, 409) });
    await userEvent.click(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(VERIFICATION_TEXTS.smsUnavailable));
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a customer’s check and confirmation go with the bearer (the account then remembers the phone)', async () => {
    useSession.setState({ session: CUSTOMER_SESSION });
    const order = makeOrder({ verification: 'required', stockHeld: false });
    const { calls } = await openOrder(order, {
      'POST phoneCodes': codeSent,
      'POST phoneCodes/verify': tokenAnswer,
      'POST orders/o1/verification': () => json({ message: VERIFICATION_TEXTS.orderVerified, order: verified(order) }),
    });
    await userEvent.click(await within(card()).findByRole('button', { name: VERIFICATION_TEXTS.sendCode }));
    await userEvent.type(await within(card()).findByLabelText(VERIFICATION_TEXTS.codeLabel), '123456{Enter}');
    await waitFor(() => expect(calls.some((c) => c.key === 'POST orders/o1/verification')).toBe(true));
    expect(calls.filter((c) => c.key !== 'GET getOrderById/o1').map((c) => [c.key, c.authorization])).toEqual([
      ['POST phoneCodes', 'Bearer tok-123'],
      ['POST phoneCodes/verify', 'Bearer tok-123'],
      ['POST orders/o1/verification', 'Bearer tok-123'],
    ]);
  });

  it('on the confirmation right after checkout, the card shows once, under the thanks', async () => {
    await openOrder(unverified(), {}, { placed: true });
    const thanks = screen.getByRole('region', { name: 'Thank you for your order!' });
    expect(await within(thanks).findByRole('heading', { level: 3, name: VERIFICATION_TEXTS.requiredTitle })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).toHaveLength(1);
  });
});

describe('an order waiting for the shop, and orders that need nothing', () => {
  it('waiting_for_shop: the shop will call, no code', async () => {
    await openOrder(unverified({ verification: 'waiting_for_shop', stockHeld: false }));
    const waiting = await screen.findByRole('region', { name: VERIFICATION_TEXTS.waitingTitle });
    expect(waiting).toHaveTextContent(VERIFICATION_TEXTS.waitingNotHeld);
    expect(within(waiting).queryByRole('button')).not.toBeInTheDocument();
  });

  it('waiting_for_shop with its items put aside: until when', async () => {
    await openOrder(unverified({ verification: 'waiting_for_shop' }));
    expect(await screen.findByRole('region', { name: VERIFICATION_TEXTS.waitingTitle })).toHaveTextContent(
      VERIFICATION_TEXTS.waitingHeld('22 Nov 2026, 10:15'),
    );
  });

  it.each([
    ['a verified order', unverified({ verification: 'verified' })],
    ['a Mobile Money order (its payment proves the buyer)', makeOrder({ verification: 'required', stockHeld: true }, { paymentMethod: 'Mobile Money' })],
    ['an order the shop moved on', unverified({ orderStatus: 'Processing' })],
    ['a cancelled order', unverified({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T10:00:00.000Z' })],
  ])('%s shows no card', async (_, order) => {
    await openOrder(order);
    // Give a lazily loaded card every chance to appear.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: VERIFICATION_TEXTS.requiredTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: VERIFICATION_TEXTS.waitingTitle })).not.toBeInTheDocument();
  });
});
