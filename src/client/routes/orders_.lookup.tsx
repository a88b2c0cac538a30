import { createFileRoute } from '@tanstack/react-router';
import { OrderLookupPage } from '../features/orders/components/order-lookup-page';

// `orders_`: its own page at /orders/lookup, not a child drawn inside /orders (which has no outlet).
export const Route = createFileRoute('/orders_/lookup')({
  component: OrderLookupPage,
});
