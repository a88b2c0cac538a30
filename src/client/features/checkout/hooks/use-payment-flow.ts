import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { mergeCart } from '@/client/lib/api/merge-cart';
import { useCart } from '@/client/stores/cart';
import { type PendingPayment, useCheckout, type Wallet } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import type { ChargeAnswer } from '@/shared/types';
import { cancelOrder } from '../api/cancel-order';
import { cancelPaymentAttempt } from '../api/cancel-payment-attempt';
import { chargeMobileMoney } from '../api/charge-mobile-money';
import { initializePayment } from '../api/initialize-payment';
import { submitPaymentOtp } from '../api/submit-payment-otp';
import { asFailure } from '../lib/failure';
import { orderCancelled } from '../lib/order-cache';
import { openPaymentTab, showPaymentPage } from '../lib/payment-tab';
import { PAYMENT_TAB_TOAST_ID, PAYMENT_TAB_TOAST_MS, PAYMENT_TOAST_ID } from '../lib/timing';

/**
 * What the payment panel is busy with: `charging` (a charge on its way to the phone), `otp` (a code
 * on its way), `stopping` (an attempt being stopped), `initializing` (the payment page),
 * `cancelling` (the order), `restoring` (a customer's items back into the server cart).
 */
export type PaymentStep = 'charging' | 'otp' | 'stopping' | 'initializing' | 'cancelling' | 'restoring' | null;

/** How a charge request ended: answered, to be sent again (no answer, or the server asks to wait), or refused. */
type ChargeOutcome = 'answered' | 'again' | 'refused';

const ALREADY_PAID = 'This order is already paid.';
/** The server's 409 while another request starts the same charge: sent again shortly. */
const BEING_STARTED = 'The payment is being started. Please try again in a moment.';

/** How a cancel ended: `refused` (409) means the order may be paid after all, so it is checked again. */
type CancelOutcome = 'cancelled' | 'refused' | 'failed';

/**
 * The Mobile Money payment's actions, kept by the page so they outlive the form that started them:
 * open the payment page (first try and 'Try payment again'), cancel the order, and forget a payment
 * that can no longer be made. One action at a time.
 */
export function usePaymentFlow() {
  const [step, setStep] = useState<PaymentStep>(null);
  const busy = useRef(false);
  const queryClient = useQueryClient();
  // The cancelled order's stock returns to the shop (the catalogue is refetched), and its page shows it cancelled.
  const { mutateAsync: cancelOrderMutation } = useMutation({
    mutationFn: cancelOrder,
    meta: { changes: 'catalogue' },
    // Sent whatever the browser says of the connection, as before: no answer is a failure said at once.
    networkMode: 'always',
    onSuccess: ({ order }) => orderCancelled(queryClient, order),
  });

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
        // From here the hosted page is the payment (a charge on the phone, if any, was stopped by the server).
        useCheckout
          .getState()
          .updatePayment({ channel: 'page', charge: null, reference: answer.reference, paymentLink: answer.payment_link, state: 'awaiting' });
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

  /** Keeps a charge answer: the attempt, and whether checking goes on. */
  const record = useCallback((answer: ChargeAnswer) => {
    const over = answer.state === 'failed' || answer.state === 'cancelled' || answer.state === 'timed_out';
    useCheckout.getState().updatePayment({
      channel: 'charge',
      reference: answer.reference,
      wallet: { phone: answer.phone, network: answer.network },
      charge: answer,
      state: over ? 'failed' : 'awaiting',
    });
  }, []);

  /**
   * Charges the wallet (Pay, a retry, a resend after a lost answer). Until it is answered the kept
   * payment has no attempt (`charge: null`), so a reload or a dropped connection sends it again;
   * the server answers the same attempt to the same wallet, so nothing is charged twice.
   * `onPaid`: the order turned out paid already.
   */
  const charge = useCallback(
    async (wallet: Wallet, onPaid: (orderId: string) => void): Promise<ChargeOutcome> => {
      const payment = useCheckout.getState().pendingPayment;
      if (busy.current || !payment) return 'refused';
      busy.current = true;
      setStep('charging');
      useCheckout.getState().updatePayment({ channel: 'charge', wallet, charge: null, chargeError: null, state: 'awaiting' });
      try {
        record(await chargeMobileMoney(payment.orderId, wallet));
        return 'answered';
      } catch (error) {
        const failure = asFailure(error, MESSAGES.paymentInitFailed);
        if (failure.status === 409 && failure.message === ALREADY_PAID) {
          onPaid(payment.orderId);
          return 'answered';
        }
        // No answer, Mobile Money unreachable, or another tab is starting it: the same request again soon.
        if (failure.status === 0 || failure.status === 502 || failure.status === 503 || (failure.status === 409 && failure.message === BEING_STARTED)) {
          return 'again';
        }
        toast.error(failure.message, { id: PAYMENT_TOAST_ID });
        // Refused (another number still waiting, say): said on the panel, which offers the wallet and Try again.
        useCheckout.getState().updatePayment({ charge: null, chargeError: failure.message, state: 'failed' });
        if (failure.status === 409 && failure.message === MESSAGES.orderNotPayable) {
          setStep(null);
          await forget(payment);
        }
        return 'refused';
      } finally {
        busy.current = false;
        setStep((current) => (current === 'charging' ? null : current));
      }
    },
    [record, forget],
  );

  /** The code or voucher the network asked for. */
  const sendOtp = useCallback(
    async (otp: string): Promise<string | null> => {
      const payment = useCheckout.getState().pendingPayment;
      if (busy.current || !payment?.reference) return null;
      busy.current = true;
      setStep('otp');
      try {
        const answer = await submitPaymentOtp(payment.orderId, payment.reference, otp);
        record(answer);
        return answer.state === 'otp' ? answer.message : null;
      } catch (error) {
        return asFailure(error, MESSAGES.paymentVerifyFailed).message;
      } finally {
        busy.current = false;
        setStep(null);
      }
    },
    [record],
  );

  /** Stops waiting for the attempt (the server asks the network once more first). */
  const stopAttempt = useCallback(async () => {
    const payment = useCheckout.getState().pendingPayment;
    if (busy.current || !payment?.reference) return;
    busy.current = true;
    setStep('stopping');
    try {
      record(await cancelPaymentAttempt(payment.orderId, payment.reference));
    } catch (error) {
      toast.error(asFailure(error, MESSAGES.paymentVerifyFailed).message, { id: PAYMENT_TOAST_ID });
    } finally {
      busy.current = false;
      setStep(null);
    }
  }, [record]);

  /** "Pay on Paystack's page instead": the hosted page in a tab opened in the tap's handler. */
  const payOnPage = useCallback(() => {
    const payment = useCheckout.getState().pendingPayment;
    if (busy.current || !payment) return;
    // The charge stays the payment until the page is there: if the server finds it paid meanwhile
    // (409), the panel's checks still confirm it.
    void initialize(payment, openPaymentTab());
  }, [initialize]);

  const cancel = useCallback(async (): Promise<CancelOutcome> => {
    const payment = useCheckout.getState().pendingPayment;
    if (busy.current || !payment) return 'failed';
    busy.current = true;
    setStep('cancelling');
    try {
      await cancelOrderMutation(payment.orderId);
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
  }, [forget, cancelOrderMutation]);

  return { step, initialize, retry, cancel, forget, charge, sendOtp, stopAttempt, payOnPage };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
