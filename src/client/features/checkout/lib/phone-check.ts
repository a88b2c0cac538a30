import type { ComponentType } from 'react';

/**
 * The phone check the checkout shows when the server wants the shopper's phone confirmed
 * before it takes the order (many orders from their network, or a one-use-per-customer code): its
 * title, the server's words, the code, and the way back to Place order (`onConfirmed`). It is the
 * orders feature's (features/orders/components/phone-verification.tsx), which this feature does not
 * import: the /checkout route hands it in.
 */
export type PhoneCheck = ComponentType<{
  /** The form's phone. */
  phone: string;
  /** The server's words that asked for it. */
  message: string;
  onConfirmed(): void;
}>;
