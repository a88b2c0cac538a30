import { useEffect, useState } from 'react';
import { useLateComponent } from '@/client/lib/use-late-component';
import { whenSettled } from '@/client/lib/when-idle';

const loadNotice = () => import('./pending-payment-notice').then((m) => m.PendingPaymentNotice);

/**
 * The pending Mobile Money payment's notice (pending-payment-notice.tsx), loaded once the page is
 * live: it reads the checkout's store, which the first screen does not start with (the home budget,
 * scripts/check-budget.mjs). The server never draws it (it cannot know the phone's payment).
 */
export function PendingPaymentBanner() {
  // Once the page has settled and the browser is idle: not one of the renders of its first seconds.
  const [idle, setIdle] = useState(false);
  useEffect(() => whenSettled(() => setIdle(true)), []);
  const Notice = useLateComponent(idle, loadNotice);
  return Notice ? <Notice /> : null;
}
