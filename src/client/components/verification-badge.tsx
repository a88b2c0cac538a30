import type { OrderVerification } from '@/shared/constants';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { StatusBadge } from './status-badge';

/**
 * For the shop's people: an open order whose buyer is not shown to be real (no confirmed
 * phone), and whether its items are put aside now. Nothing for a verified or closed order.
 */
export function VerificationBadges({ order }: { order: { verification: OrderVerification; stockHeld: boolean; orderStatus?: string } }) {
  if (order.verification === 'verified' || order.orderStatus === 'Cancelled') return null;
  return (
    <>
      <StatusBadge text={order.verification === 'required' ? VERIFICATION_TEXTS.adminRequired : VERIFICATION_TEXTS.adminWaiting} tone="warning" />
      {!order.stockHeld && <StatusBadge text={VERIFICATION_TEXTS.adminNotHeld} tone="danger" />}
    </>
  );
}

/** The same in one line of words, where a pill would not fit (the orders list). */
export function verificationNote(order: { verification: OrderVerification; stockHeld: boolean }): string {
  const who = order.verification === 'required' ? VERIFICATION_TEXTS.adminRequired : VERIFICATION_TEXTS.adminWaiting;
  return order.stockHeld ? who : `${who} · ${VERIFICATION_TEXTS.adminNotHeld}`;
}
