/** The checkout's clocks (spec sections 8 and 9). */

/** A Mobile Money payment is checked this often while the shopper pays. */
export const PAYMENT_CHECK_INTERVAL_MS = 5000;
/** How long the order toast shows before the confirmation page opens. */
export const REDIRECT_DELAY_MS = 1500;
export const ORDER_TOAST_MS = 1500;
/** A payment that landed on a cancelled order: long enough to read the two sentences. */
export const PAID_LATE_TOAST_MS = 8000;
export const PROMO_TOAST_MS = 2000;
export const PAYMENT_TAB_TOAST_MS = 3500;

/** One toast for everything a payment check says, so polling refreshes it instead of stacking new ones. */
export const PAYMENT_TOAST_ID = 'payment-status';
/** The 'payment opened' toast keeps its own id: the first check must not replace it. */
export const PAYMENT_TAB_TOAST_ID = 'payment-tab';
/** The 'saved on this phone' toast of an order made offline. */
export const QUEUED_TOAST_MS = 5000;
/** A charge the server could not answer (no connection, a restart, another tab starting it) is sent again this often. */
export const CHARGE_RESEND_MS = 4000;
