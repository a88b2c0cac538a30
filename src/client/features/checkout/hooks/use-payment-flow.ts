import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES } from '../../../../shared/messages';
import { useCart } from '../../../stores/cart';
import { type PendingPayment, useCheckout } from '../../../stores/checkout';
import { cancelOrder } from '../api/cancel-order';
import { initializePayment } from '../api/initialize-payment';
import { mergeCart } from '../api/merge-cart';
import { asFailure } from '../lib/failure';
import { openPaymentTab, showPaymentPage } from '../lib/payment-tab';
import { PAYMENT_TAB_TOAST_ID, PAYMENT_TAB_TOAST_MS, PAYMENT_TOAST_ID } from '../lib/timing';

/** What the payment panel is busy with; `restoring`: a customer's items go back into the server cart. */
export type PaymentStep = 'initializing' | 'cancelling' | 'restoring' | null;

/** How a cancel ended: `refused` (409) means the order may be paid after all, so it is checked again. */
export type CancelOutcome = 'cancelled' | 'refused' | 'failed';

/**
 * The Mobile Money payment's actions, kept by the page so they outlive the form that started them:
 * open the payment page (first try and 'Try payment again'), cancel the order, and forget a payment
 * that can no longer be made. One action at a time.
 */
export function usePaymentFlow() {
  const [step, setStep] = useState<PaymentStep>(null);
  const busy = useRef(false);

  /**
   * The payment is over without being paid: forget it and, for a customer, put the items back in the
   * server cart (the order emptied it); a guest's cart was never emptied.
   */
  const forget = useCallback(async (payment: PendingPayment) => {
    useCheckout.getState().clearPayment();
    if (payment.userId === null) return;
    setStep('restoring');
    try {
      const answer = await mergeCart(payment.items.map(({ productId, quantity }) => ({ productId, quantity })));
      const names = new Map(payment.items.map((i) => [i.productId, i.name]));
      for (const line of [...answer.skipped, ...answer.adjusted]) toast.error(`${names.get(line.productId) ?? 'An item'}: ${line.reason}`);
    } catch (error) {
      toast.error(asFailure(error, MESSAGES.cartRestoreFailed).message);
    }
    await useCart.getState().load();
    setStep(null);
  }, []);

  /** Asks for the payment page and sends `tab` (opened in the tap's handler) to it. */
  const initialize = useCallback(
    async (payment: PendingPayment, tab: Window | null) => {
      busy.current = true;
      setStep('initializing');
      try {
        const answer = await initializePayment({ orderId: payment.orderId, email: payment.email, total: payment.amount });
        useCheckout.getState().updatePayment({ reference: answer.reference, paymentLink: answer.payment_link, state: 'awaiting' });
        setStep(null);
        showPaymentPage(tab, answer.payment_link);
        if (tab) toast(MESSAGES.paymentTabOpened, { id: PAYMENT_TAB_TOAST_ID, duration: PAYMENT_TAB_TOAST_MS });
      } catch (error) {
        tab?.close();
        const failure = asFailure(error, MESSAGES.paymentInitFailed);
        toast.error(failure.message, { id: PAYMENT_TOAST_ID });
        setStep(null);
        // The hold ran out (or the order was cancelled): this order cannot be paid any more.
        if (failure.status === 409 && failure.message === MESSAGES.orderNotPayable) await forget(payment);
      } finally {
        busy.current = false;
      }
    },
    [forget],
  );

  /** 'Try payment again': a new tab now, in the tap's handler; the server replaces a failed payment. */
  const retry = useCallback(() => {
    const payment = useCheckout.getState().pendingPayment;
    if (busy.current || !payment) return;
    void initialize(payment, openPaymentTab());
  }, [initialize]);

  const cancel = useCallback(async (): Promise<CancelOutcome> => {
    const payment = useCheckout.getState().pendingPayment;
    if (busy.current || !payment) return 'failed';
    busy.current = true;
    setStep('cancelling');
    try {
      await cancelOrder(payment.orderId);
      toast.success(MESSAGES.orderCancelled, { id: PAYMENT_TOAST_ID });
      setStep(null);
      await forget(payment);
      return 'cancelled';
    } catch (error) {
      const failure = asFailure(error, MESSAGES.cancelFailed);
      toast.error(failure.message, { id: PAYMENT_TOAST_ID });
      setStep(null);
      // Not this shopper's order any more (or gone): nothing is left to pay or cancel here.
      if (failure.status === 404) await forget(payment);
      return failure.status === 409 ? 'refused' : 'failed';
    } finally {
      busy.current = false;
    }
  }, [forget]);

  return { step, initialize, retry, cancel, forget };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
