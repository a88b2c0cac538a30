import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { useCart } from '@/client/stores/cart';
import { type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { verifyPayment } from '../api/verify-payment';
import { asFailure } from '../lib/failure';
import { announcePaid, type PaidOutcome } from '../lib/paid';
import { PAYMENT_CHECK_INTERVAL_MS, PAYMENT_TOAST_ID } from '../lib/timing';

/** What the last check found, for the panel's status line. */
export type CheckResult = 'none' | 'checking' | 'pending' | 'unreachable';

interface PaymentCheckOptions {
  /** The payment went through: the page confirms the order, or (paid after it was cancelled) opens it. */
  onPaid(orderId: string, outcome: PaidOutcome): void;
  /** The server knows no such payment any more. */
  onGone(payment: PendingPayment): void;
}

/**
 * Checks the Mobile Money payment while the panel shows it and it is awaiting payment with a
 * reference: at once when the panel opens on a payment already under way (a reload, a return from
 * the payment page), then every 5 s, and whenever the page is seen again (the shopper is back from
 * the payment tab). One check at a time. A payment just started is first checked after 5 s: the
 * shopper has not paid it yet.
 */
export function usePaymentCheck(payment: PendingPayment, { onPaid, onGone }: PaymentCheckOptions) {
  const [result, setResult] = useState<CheckResult>('none');
  const inFlight = useRef(false);
  const callbacks = useRef({ onPaid, onGone });
  callbacks.current = { onPaid, onGone };
  /** The reference the panel opened with: only that one is checked at once. */
  const openedWith = useRef(payment.reference);

  /** `shown`: the status line says 'Checking…' (a tap on 'Check payment now', or the first check). */
  const check = useCallback(async (shown: boolean) => {
    const current = useCheckout.getState().pendingPayment;
    if (inFlight.current || !current?.reference) return;
    const { reference, orderId } = current;
    inFlight.current = true;
    if (shown) setResult('checking');
    // An answer about a payment that was cancelled or replaced meanwhile says nothing any more.
    const stillCurrent = () => useCheckout.getState().pendingPayment?.reference === reference;
    try {
      const answer = await verifyPayment(reference, orderId);
      if (!stillCurrent()) return;
      // A charge on the phone: the panel shows its state, so no toast repeats it on every check.
      const charge = answer.charge;
      if (charge && answer.status !== 'success') {
        const over = charge.state === 'failed' || charge.state === 'cancelled' || charge.state === 'timed_out';
        useCheckout.getState().updatePayment({ charge, state: over ? 'failed' : 'awaiting' });
        setResult('none');
        return;
      }
      if (answer.status === 'success') {
        const outcome = announcePaid(answer);
        useCart.getState().reset();
        callbacks.current.onPaid(orderId, outcome);
        useCheckout.getState().clearPayment();
      } else if (answer.status === 'pending') {
        toast(PAGE_MESSAGES.paymentNotConfirmed, { id: PAYMENT_TOAST_ID });
        setResult('pending');
      } else {
        // Declined or abandoned: checking stops until the shopper tries again.
        useCheckout.getState().updatePayment({ state: 'failed' });
        toast.error(PAGE_MESSAGES.paymentDeclined, { id: PAYMENT_TOAST_ID });
        setResult('none');
      }
    } catch (error) {
      if (!stillCurrent()) return;
      const failure = asFailure(error, PAGE_MESSAGES.paymentVerifyFailed);
      if (failure.status === 404) {
        toast.error(PAGE_MESSAGES.paymentGone, { id: PAYMENT_TOAST_ID });
        callbacks.current.onGone(current);
        return;
      }
      // No answer (or the provider is down): say so and keep checking.
      toast.error(failure.message, { id: PAYMENT_TOAST_ID });
      setResult('unreachable');
    } finally {
      inFlight.current = false;
    }
  }, []);

  // A charge is checked while its prompt or code is open; a hosted payment while it is awaited.
  const chargeOpen = payment.charge?.state === 'approve' || payment.charge?.state === 'otp';
  const active = payment.state === 'awaiting' && payment.reference !== null && (payment.channel !== 'charge' || chargeOpen);
  const { reference } = payment;

  useEffect(() => {
    if (!active) return;
    // A new reference (a retry) starts with a clean status line.
    setResult('none');
    if (reference === openedWith.current) void check(true);
    const timer = setInterval(() => void check(false), PAYMENT_CHECK_INTERVAL_MS);
    const onReturn = () => {
      if (document.visibilityState === 'visible') void check(false);
    };
    // Back online after a dropped connection: at once, not at the next tick.
    const onOnline = () => void check(false);
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
      window.removeEventListener('online', onOnline);
    };
  }, [active, reference, check]);

  return { result, checkNow: useCallback(() => check(true), [check]) };
}
