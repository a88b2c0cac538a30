import { createFileRoute } from '@tanstack/react-router';
import { LowStockPage } from '../features/admin/products/components/low-stock-page';

export const Route = createFileRoute('/admin/products/low-stock')({
  component: LowStockPage,
});
