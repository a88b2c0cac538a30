import { container } from '../../components/primitives.css';
import { usePageTitle } from '../../lib/head';
import { CallToAction } from './call-to-action';
import * as styles from './pages.css';

/** /about: placeholder text only (spec section 2), laid out like the other pages. */
export function AboutPage() {
  usePageTitle('About');
  return (
    <>
      <section className={styles.banner} aria-labelledby="about-title">
        <div className={styles.bannerInner}>
          <h1 id="about-title" className={styles.bannerTitle}>
            About
          </h1>
          <p className={styles.bannerText}>Natural skincare, haircare and oils from Ghana.</p>
        </div>
      </section>
      <div className={`${container} ${styles.section}`}>
        <div className={styles.prose}>
          <p className={styles.paragraph}>
            Nkuto Naturals is a small Ghanaian shop for natural skincare, haircare and oils. This page will soon say more about who we are and how we work.
          </p>
          <p className={styles.muted}>Until then, our brand story tells you where our ingredients come from, and our team is happy to answer your questions.</p>
          <CallToAction to="/our-brand" label="Read our story" />
        </div>
      </div>
    </>
  );
}
