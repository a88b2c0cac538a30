import { useQuery } from '@tanstack/react-query';
import { LoadFailure } from '@/client/components/load-failure';
import { LoadingShape } from '@/client/components/loading-shape';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import { adminSettingsQuery } from '../api/get-settings';
import { freshStateOf } from '../lib/fresh-state';
import { SETTINGS_TEXTS } from '../texts';
import { ChangePasswordForm } from './change-password-form';
import { DeliveryOptionsSection } from './delivery-options-section';
import { OwnerAlerts } from './owner-alerts-form';
import * as styles from './settings.css';
import { ShopInfoForm } from './shop-info-form';

/**
 * /admin/settings: the Shop Information form (real settings from the server, ARCHITECTURE section
 * 8), the Change Password form, the delivery options the checkout offers (a row of their own), and
 * where the owner's alerts go. The password, delivery and alert sections do not wait for the settings.
 */
export function SettingsPage() {
  usePageTitle('Settings - Admin');
  const query = useQuery(adminSettingsQuery());
  const { answer, failure } = freshStateOf(query);
  const retry = () => void query.refetch();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Settings</h1>
      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="shop-info-title">
          <h2 id="shop-info-title" className={styles.sectionTitle}>
            Shop Information
          </h2>
          {answer !== undefined ? (
            <ShopInfoForm settings={answer} />
          ) : failure ? (
            <LoadFailure message={SETTINGS_TEXTS.loadFailed} failure={failure} onRetry={retry} />
          ) : (
            <ShopInfoSkeleton />
          )}
        </section>
        <section className={`${styles.card} ${styles.passwordCard}`} aria-labelledby="change-password-title">
          <h2 id="change-password-title" className={styles.sectionTitle}>
            Change Password
          </h2>
          <ChangePasswordForm />
        </section>
        <DeliveryOptionsSection className={styles.card} />
        <section className={styles.card} aria-labelledby="owner-alerts-title" aria-describedby="owner-alerts-intro">
          <h2 id="owner-alerts-title" className={styles.sectionTitle}>
            Alerts for the owner
          </h2>
          <p id="owner-alerts-intro" className={styles.legendHint}>
            {SETTINGS_TEXTS.alertsIntro}
          </p>
          <OwnerAlerts />
        </section>
      </div>
    </div>
  );
}

/** Shaped like the form: label and box per field, the address, four links, the logo and the button. */
function ShopInfoSkeleton() {
  return (
    <LoadingShape label={SETTINGS_TEXTS.loading} className={styles.form}>
      <SkeletonFieldGrid keys={['name', 'email', 'phone', 'whatsapp']} labelWidth="40%" />
      <div className={styles.skeletonField}>
        <Skeleton height="1rem" width="20%" />
        <Skeleton height="5.5rem" />
      </div>
      <SkeletonFieldGrid keys={['facebook', 'instagram', 'tiktok', 'x']} labelWidth="30%" />
      <Skeleton height="96px" width="96px" />
      <Skeleton height="44px" width="9rem" />
    </LoadingShape>
  );
}

/** A grid of one-line fields while loading: a label `labelWidth` wide over its box. */
function SkeletonFieldGrid({ keys, labelWidth }: { keys: string[]; labelWidth: string }) {
  return (
    <div className={styles.fieldGrid}>
      {keys.map((key) => (
        <div key={key} className={styles.skeletonField}>
          <Skeleton height="1rem" width={labelWidth} />
          <Skeleton height="44px" />
        </div>
      ))}
    </div>
  );
}
