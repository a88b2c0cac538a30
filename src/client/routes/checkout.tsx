import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/checkout/checkout-page';
import { checkoutSearch } from '../features/checkout/checkout-search';

export const Route = createFileRoute('/checkout')({
  validateSearch: checkoutSearch,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { reference } = Route.useSearch();
  return <CheckoutPage reference={reference} />;
}
