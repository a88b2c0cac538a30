import type { ReactNode } from 'react';
import * as styles from './email-link.css';

interface EmailLinkProps {
  email: string | null | undefined;
  /** What shows where there is no address (nothing by default). */
  none?: ReactNode;
  /** The link's words; the address by default. */
  children?: ReactNode;
  'aria-label'?: string;
  className?: string;
}

/**
 * An e-mail address as a mail link, or `none` where there is no address (an order the shop entered
 * without one: the server never hands its placeholder over, services/orders/order-email.ts). One
 * place decides, so no screen shows an empty link or a mail button with nobody to write to.
 */
export function EmailLink({ email, none = null, children, className, ...link }: EmailLinkProps) {
  const address = email?.trim();
  if (!address) return <>{none}</>;
  return (
    <a href={`mailto:${address}`} className={className ? `${styles.emailLink} ${className}` : styles.emailLink} {...link}>
      {children ?? <EmailText email={address} />}
    </a>
  );
}

/**
 * An address that wraps where a reader expects it to (after the @, before a dot), not mid-word
 * ("ama@example.co / m"); a part too long for the line still breaks rather than widen its column.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={styles.address}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}
