import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { usePageTitle } from '@/client/lib/head';
import * as styles from './admin-layout.css';

/** What a signed-in customer sees at /admin/*: no admin shell and no admin call. */
export function AdminsOnly() {
  usePageTitle('Admins only');
  return (
    <main id="main" tabIndex={-1} className={styles.refusalMain}>
      <section className={styles.refusal} aria-labelledby="admins-only-title">
        <h1 id="admins-only-title" className={styles.refusalTitle}>
          Admins only
        </h1>
        <p className={styles.refusalText}>You need an admin account to open the admin area.</p>
        <Link to="/" className={button({ tone: 'primary' })}>
          Back to the shop
        </Link>
      </section>
    </main>
  );
}
