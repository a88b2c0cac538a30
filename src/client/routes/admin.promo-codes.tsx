import { createFileRoute } from '@tanstack/react-router';
import { PromoCodesPage } from '../features/admin/promo-codes/components/promo-codes-page';

export const Route = createFileRoute('/admin/promo-codes')({
  component: PromoCodesPage,
});
