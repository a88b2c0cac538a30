import { useEffect, useRef } from 'react';
import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { verifyPayment } from '../api/verify-payment';
import { asFailure } from '../lib/failure';
import { announcePaid, type PaidOutcome } from '../lib/paid';
import { PAYMENT_TOAST_ID } from '../lib/timing';

/**
 * `/checkout?reference=…` with no payment in progress on this device (the payment page sent a
 * signed-in customer back to another browser, or the device forgot it): the payment is checked once,
 * and a paid order opens its confirmation (or, paid after it was cancelled, the order itself). A payment in progress is checked by its panel instead.
 */
export function useReturnReference(reference: string | undefined, enabled: boolean, onPaid: (orderId: string, outcome: PaidOutcome) => void): void {
  const checked = useRef<string | null>(null);
  const paid = useRef(onPaid);
  paid.current = onPaid;

  useEffect(() => {
    if (!enabled || !reference || checked.current === reference) return;
    checked.current = reference;
    void verifyPayment(reference).then(
      (answer) => {
        if (answer.status === 'success') {
          paid.current(answer.orderId, announcePaid(answer));
        } else if (answer.status === 'pending') {
          toast(PAGE_MESSAGES.paymentNotConfirmed, { id: PAYMENT_TOAST_ID });
        } else {
          toast.error(PAGE_MESSAGES.paymentDeclined, { id: PAYMENT_TOAST_ID });
        }
      },
      (error) => toast.error(asFailure(error, PAGE_MESSAGES.paymentVerifyFailed).message, { id: PAYMENT_TOAST_ID }),
    );
  }, [enabled, reference]);
}
