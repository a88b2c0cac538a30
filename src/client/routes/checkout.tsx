import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/checkout/checkout-page';

/** Payment references as the server makes them (shared PAYMENT_REFERENCE; no zod here: this ships with the route tree). */
const PAYMENT_REFERENCE = /^[A-Za-z0-9.=-]{6,100}$/;

interface CheckoutSearch {
  /** Set by the payment page when it sends the shopper back. */
  reference?: string;
}

function checkoutSearch(search: Record<string, unknown>): CheckoutSearch {
  const { reference } = search;
  return typeof reference === 'string' && PAYMENT_REFERENCE.test(reference) ? { reference } : {};
}

export const Route = createFileRoute('/checkout')({
  validateSearch: checkoutSearch,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { reference } = Route.useSearch();
  return <CheckoutPage reference={reference} />;
}
