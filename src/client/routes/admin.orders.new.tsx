import { createFileRoute } from '@tanstack/react-router';
import { EnterOrderPage } from '../features/admin/orders/components/enter-order-page';

/** The admin records an order taken by phone or WhatsApp. */
export const Route = createFileRoute('/admin/orders/new')({
  component: EnterOrderPage,
});
