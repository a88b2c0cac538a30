import { useLateComponent } from '@/client/lib/use-late-component';

const loadNotice = () => import('./pending-payment-notice').then((m) => m.PendingPaymentNotice);

/**
 * The pending Mobile Money payment's notice (pending-payment-notice.tsx), loaded once the page is
 * live: it reads the checkout's store, which the first screen does not start with (the home budget,
 * scripts/check-budget.mjs). The server never draws it (it cannot know the phone's payment).
 */
export function PendingPaymentBanner() {
  const Notice = useLateComponent(true, loadNotice);
  return Notice ? <Notice /> : null;
}
