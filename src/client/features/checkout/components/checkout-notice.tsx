import type { ReactNode } from 'react';
import { Stroke } from '@/client/components/icons';
import * as styles from '../checkout-page.css';
import { useFocusWhenLost } from '../hooks/use-focus-when-lost';

const ICONS = {
  done: <path d="m8 12.5 2.7 2.7L16 9.8" />,
  waiting: <path d="M12 7v5l3 2" />,
};

/**
 * A checkout screen that replaces the form: an icon, a heading that takes the focus when the form
 * it replaces had it, and what happens next.
 */
export function CheckoutNotice({ id, icon, title, children }: { id: string; icon: keyof typeof ICONS; title: string; children: ReactNode }) {
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  return (
    <section className={styles.notice} aria-labelledby={id}>
      <Stroke className={styles.noticeIcon} weight={1.5}>
        <circle cx="12" cy="12" r="9" />
        {ICONS[icon]}
      </Stroke>
      <h2 ref={heading} id={id} className={styles.noticeTitle} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
