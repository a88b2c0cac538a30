import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { CheckoutPage } from '../features/checkout/checkout-page';
import { checkoutSearch } from '../features/checkout/checkout-search';

/**
 * The phone check is the orders feature's; a feature never imports another, so the route
 * joins them. Loaded only when the server asks for a confirmed phone.
 */
const CheckoutPhoneCheck = lazy(() => import('../features/orders/components/phone-verification').then((m) => ({ default: m.CheckoutPhoneCheck })));

export const Route = createFileRoute('/checkout')({
  validateSearch: checkoutSearch,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { reference } = Route.useSearch();
  return <CheckoutPage reference={reference} PhoneCheck={CheckoutPhoneCheck} />;
}
