import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/orders')({
  component: OrdersPage,
});

function OrdersPage() {
  return <h1>/orders</h1>;
}
