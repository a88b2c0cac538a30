import { type ComponentType, useEffect, useState } from 'react';

/**
 * The pending Mobile Money payment's notice (pending-payment-notice.tsx), loaded once the page is
 * live: it reads the checkout's store, which the first screen does not start with (the home budget,
 * scripts/check-budget.mjs). The server never draws it (it cannot know the phone's payment), so
 * nothing here changes what the page hydrates.
 */
export function PendingPaymentBanner() {
  const [Notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import('./pending-payment-notice').then(({ PendingPaymentNotice }) => {
      if (live) setNotice(() => PendingPaymentNotice);
    });
    return () => {
      live = false;
    };
  }, []);
  return Notice ? <Notice /> : null;
}
