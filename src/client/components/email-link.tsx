import type { ReactNode } from 'react';

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
export function EmailLink({ email, none = null, children, ...link }: EmailLinkProps) {
  const address = email?.trim();
  if (!address) return <>{none}</>;
  return (
    <a href={`mailto:${address}`} {...link}>
      {children ?? address}
    </a>
  );
}
