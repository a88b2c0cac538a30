import { LIMITS } from './constants';

/**
 * Texts of the ways back into an account and to an order: password reset by e-mail or
 * SMS, the account's phone, guest order lookup. Beyond the spec, so not in MESSAGES; shared by the
 * schemas, the server's answers and the pages (all loaded with their routes, not at start-up).
 */
export const ACCOUNT_TEXTS = {
  contactRequired: 'Enter your email or phone number.',
  contactInvalid: 'Enter a valid email address or Ghana phone number.',
  accountPhoneInvalid: 'Enter a Ghana phone number such as 024 123 4567, or leave it empty.',
  phoneTaken: 'This phone number belongs to another account. One number can belong to one account.',
  profilePhoneNeedsCurrent: 'Please provide your current password to change your phone number.',
  /** The same answer whether or not an account uses the address: nothing tells them apart. */
  resetLinkSent: `If an account uses this email, we have sent it a link to choose a new password. The link works once, for ${LIMITS.resetMinutes} minutes.`,
  resetCodeSent: `If an account uses this number, we have sent it a ${LIMITS.resetCodeDigits}-digit code by SMS. The code works once, for ${LIMITS.resetMinutes} minutes.`,
  resetCodeRequired: `Enter the ${LIMITS.resetCodeDigits}-digit code from the SMS.`,
  resetCodeWrong: 'That code is not right or has run out. Check the SMS, or ask for a new code.',
  resetLinkInvalid: 'This reset link has run out or was already used. Ask for a new one.',
  /** Past the sends per address: the newest link or code already sent still works (a stranger's requests cannot block the owner). */
  resetAlreadySent: (channel: 'email' | 'sms') =>
    channel === 'sms'
      ? `We have already sent several codes to this number. Use the newest SMS: its code works for ${LIMITS.resetMinutes} minutes. You can ask again later.`
      : `We have already sent several links to this email. Use the newest one: it works for ${LIMITS.resetMinutes} minutes. You can ask again later.`,
  resetCodesUsedUp: 'Too many wrong codes for this number today. Reset by email instead, or call the shop.',
  resetByUnavailable: 'Password reset by this route is not available in this shop. Use the other one, or call the shop.',
  passwordResetDone: 'Your password is changed and you are signed in. Other devices were signed out.',
  /** The guest order lookup's name (/orders/lookup), also in messages sent without a link. */
  findOrderPage: 'Find an order',
  orderNumberRequired: 'Enter the order number, such as NK-7K3M9P.',
  orderLookupNotFound: 'We could not find an order with that number and phone or email. Check both and try again.',
  /** Past the wrong tries for one order number: the owner still has the order's link in the SMS or email the shop sent. */
  orderLookupUseLink: 'Too many tries for this order number. Open the order from the link in the SMS or email we sent you, or call the shop.',
  adminResetSent: (to: string) => `Reset sent to ${to}.`,
  adminResetNoPhone: 'This account has no phone number. Send the reset by email.',
  adminResetCannotSend: (channel: 'email' | 'sms') =>
    channel === 'sms'
      ? 'This shop cannot send SMS yet (no SMS gateway is set up), so the code would never arrive. Send the reset by email.'
      : 'This shop cannot send email yet (no SMTP server is set up), so the link would never arrive. Send the reset by SMS.',
} as const;
