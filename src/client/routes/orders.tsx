import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '../features/orders/components/my-orders-page';

export const Route = createFileRoute('/orders')({
  component: MyOrdersPage,
});
