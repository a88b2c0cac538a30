import { createFileRoute } from '@tanstack/react-router';
import { promoCodesQuery } from '../features/admin/promo-codes/api/get-promo-codes';
import { PromoCodesPage } from '../features/admin/promo-codes/components/promo-codes-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/promo-codes')({
  loader: ({ context }) => loadQueries(context, promoCodesQuery()),
  component: PromoCodesPage,
});
