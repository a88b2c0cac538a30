import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '@/client/lib/toast';
import { useAppUpdate } from '@/client/stores/app-update';
import { useCheckout } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import * as styles from './update-prompt.css';

const TOAST_ID = 'app-update';

/**
 * 'New version available' with Reload, once a new version is waiting. Never during checkout or
 * while a Mobile Money payment is in progress (a reload there would interrupt the shopper): it is
 * offered again when they leave. Nothing reloads unless the shopper taps Reload. Loaded only once a
 * version waits (update-prompt.tsx).
 */
export function UpdateOffer() {
  const apply = useAppUpdate((s) => s.apply);
  const checkingOut = useRouterState({ select: (s) => s.location.pathname.startsWith('/checkout') });
  const paying = useCheckout((s) => s.pendingPayment !== null);
  const offer = apply !== null && !checkingOut && !paying;

  useEffect(() => {
    if (!offer || !apply) return;
    toast(
      () => (
        <span className={styles.row}>
          <span>{PAGE_MESSAGES.newVersion}</span>
          <button type="button" className={styles.reload} onClick={apply}>
            Reload
          </button>
        </span>
      ),
      { id: TOAST_ID, duration: Number.POSITIVE_INFINITY },
    );
    return () => toast.dismiss(TOAST_ID);
  }, [offer, apply]);

  return null;
}
