/** Payment references as the server makes them (shared PAYMENT_REFERENCE; no zod here: this ships with the route tree). */
const PAYMENT_REFERENCE = /^[A-Za-z0-9.=-]{6,100}$/;

/** `/checkout?reference=`: the payment the payment page sent the shopper back from. */
interface CheckoutSearch {
  reference?: string;
}

const asReference = (value: unknown): string | undefined => (typeof value === 'string' && PAYMENT_REFERENCE.test(value) ? value : undefined);

/**
 * validateSearch of /checkout. The payment page sends the shopper back with
 * `?trxref=<ref>&reference=<ref>` (Paystack's own return, and the sandbox's): both name the same
 * payment, so whichever is a valid reference is kept; anything else is dropped.
 */
export function checkoutSearch(search: Record<string, unknown>): CheckoutSearch {
  const reference = asReference(search.reference) ?? asReference(search.trxref);
  return reference ? { reference } : {};
}
