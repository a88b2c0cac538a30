import { Link } from '@tanstack/react-router';
import { button } from '../../components/button';
import * as styles from './pages.css';

/** The end of a story page (about, our brand): where to go next, then 'Contact us' beside it. */
export function CallToAction({ to, label }: { to: '/our-brand' | '/products'; label: string }) {
  return (
    <div className={styles.ctaRow}>
      <Link to={to} className={button({ tone: 'primary' })}>
        {label}
      </Link>
      <Link to="/contact" className={button({ tone: 'quiet' })}>
        Contact us
      </Link>
    </div>
  );
}
