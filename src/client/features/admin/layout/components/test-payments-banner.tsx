import { Link } from '@tanstack/react-router';
import { useShopSettings } from '@/client/lib/queries/settings';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { LAYOUT_TEXTS } from '../texts';
import * as styles from './admin-layout.css';

/**
 * On every admin page while the shop's payments are simulated (the sandbox provider): no Mobile
 * Money paid here is real money, and how to take real payments, in the owner's words: the setup
 * guide on the dashboard (its Payments step) says what to do; the server's settings are for whoever
 * runs it (docs/going-online.md).
 */
export function TestPaymentsBanner() {
  const settings = useShopSettings();
  if (!settings?.payments?.testPayments) return null;
  return (
    <section className={styles.testBanner} aria-labelledby="test-payments-title">
      <h2 id="test-payments-title" className={styles.testBannerTitle}>
        <span aria-hidden="true">⚠ </span>
        {SERVER_MESSAGES.testPaymentsBanner}
      </h2>
      <p className={styles.testBannerText}>
        {LAYOUT_TEXTS.testPaymentsText}{' '}
        <Link to="/admin" hash="setup-guide-title" className={styles.testBannerLink}>
          {LAYOUT_TEXTS.testPaymentsLink}
        </Link>
      </p>
    </section>
  );
}
