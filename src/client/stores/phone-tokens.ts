import type { PhoneTokenAnswer } from '@/shared/types';
import { type PhoneToken, useCheckout } from './checkout';

/*
 * The phones this device confirmed by a code, kept with the checkout's memory
 * (checkout.ts `phoneTokens`, persisted; signing out forgets them). An order placed with one of them
 * sends its token as `X-Phone-Token` (the checkout, and the outbox with the orders it keeps), so the
 * order counts as its buyer's and holds its stock. Apart from checkout.ts: the app's start-up code
 * never needs these (the outbox sends the header its order was queued with).
 */

/** A phone as the server keys a buyer: its digits, a local `0…` number with the country code (`0241234567`, `+233 24 123 4567`: `233241234567`). */
export const buyerPhone = (phone: string): string => phone.replace(/\D/g, '').replace(/^0(?=\d{9}$)/, '233');

/** This device's valid token for `phone`, if it confirmed that phone. */
export function keptPhoneToken(phone: string, now = Date.now()): PhoneToken | undefined {
  const kept = useCheckout.getState().phoneTokens[buyerPhone(phone)];
  return kept && Date.parse(kept.expiresAt) > now ? kept : undefined;
}

/** The header that shows an order's phone was confirmed on this device; none when it was not, or its token expired. */
export function phoneTokenHeaders(phone: string): Record<string, string> {
  const kept = keptPhoneToken(phone);
  return kept ? { 'x-phone-token': kept.token } : {};
}

/** Keeps a confirmed phone's token (`POST /phoneCodes/verify`'s answer); expired ones go at the same time. */
export function rememberPhoneToken(answer: PhoneTokenAnswer, now = Date.now()): void {
  useCheckout.setState((s) => ({
    phoneTokens: {
      ...Object.fromEntries(Object.entries(s.phoneTokens).filter(([, kept]) => Date.parse(kept.expiresAt) > now)),
      [buyerPhone(answer.phone)]: { token: answer.phoneToken, expiresAt: answer.expiresAt },
    },
  }));
}
