import { LIMITS } from './constants';

/**
 * The words of confirming a shopper's phone, shared by the server's answers and the
 * checkout's and order pages' prompts (one vocabulary, ARCHITECTURE §8b).
 */
export const VERIFICATION_TEXTS = {
  // POST /phoneCodes
  phoneRequired: 'Please enter your phone number.',
  mobileOnly: 'Please enter a Ghana mobile number (MTN, Telecel or AirtelTigo).',
  codeSent: (phone: string) => `We sent a ${LIMITS.phoneCodeDigits}-digit code to ${phone}. It works for ${LIMITS.phoneCodeMinutes} minutes.`,
  codeStillValid: 'We sent a code to this number a moment ago. Please use that code, or wait a minute to ask for a new one.',
  phoneCodesPerPhone:
    'We have sent this number the most codes we can today. Please use the newest code you received, or the shop will call you to confirm your order.',
  phoneCodesBusy: 'We cannot send codes right now. Your order is kept, and the shop will call you to confirm it.',
  smsUnavailable: 'This shop cannot send text messages yet. Your order is kept, and the shop will call you to confirm it.',
  // POST /phoneCodes/verify
  codeRequired: 'Please enter the code we sent you.',
  codeFormat: `The code is ${LIMITS.phoneCodeDigits} digits.`,
  codeWrong: 'That code is not right, or it has expired. Check the newest text we sent, or ask for a new code.',
  codeWrongTooOften: 'Too many wrong codes for this number today. The shop will call you to confirm your order.',
  codeCheckBusy: 'A code for this number is being checked already. Please try again in a moment.',
  phoneConfirmed: 'Thank you. Your phone number is confirmed.',
  // The order's verification (POST /orders/{id}/verification and the order pages)
  phoneTokenMissing: 'Please confirm your phone number first.',
  phoneTokenOtherPhone: 'This code confirmed a different number from the one on the order.',
  orderVerified: 'Thank you. Your order is confirmed, and your items are put aside for you.',
  orderAlreadyVerified: 'This order is already confirmed.',
  orderNotOpen: 'This order can no longer be confirmed.',
  networkBusy: 'Many orders came from your network just now. Confirm your phone number, then place your order.',
  promoNeedsPhone: 'This code is for one use per customer: confirm your phone number to use it.',
  // What an order that is not verified says
  requiredTitle: 'Confirm your phone number',
  requiredHeld: (until: string) => `Your items are put aside until ${until}. Confirm your phone number to keep them until the shop delivers.`,
  requiredNotHeld: 'Confirm your phone number so the shop can put your items aside.',
  waitingTitle: 'Your order is with the shop',
  waitingHeld: (until: string) => `Your items are put aside until ${until}. The shop will call you to confirm your order.`,
  waitingNotHeld: 'The shop will call you to confirm your order before your items are put aside.',
  sendCode: 'Send me a code',
  sendCodeAgain: 'Send a new code',
  codeLabel: 'Code from the text message',
  confirmCode: 'Confirm',
  // The client's prompt (features/orders phone-verification.tsx and the checkout)
  /** The re-send button while the server asks to wait (its `Retry-After`). */
  sendCodeWait: (seconds: number) => `Send a new code in ${seconds} s`,
  /** The phone was confirmed on this device before: the order is confirmed with it, no new code. */
  confirmOrder: 'Confirm my order',
  /** A phone check's call got no answer. */
  unreachable: 'Could not reach the shop. Check your connection and try again.',
  /** The checkout, once the phone is confirmed after the server asked for it. */
  placeOrderAgain: 'Your phone number is confirmed. Tap Place order to send your order.',
  // The admin's words
  adminRequired: 'Phone not confirmed',
  adminWaiting: 'Waiting for the shop',
  adminNotHeld: 'Items not put aside',
  adminConfirmHint: 'Call the customer before confirming: confirming puts the items aside.',
} as const;
