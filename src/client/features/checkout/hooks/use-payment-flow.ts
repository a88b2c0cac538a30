import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { mergeCart } from '@/client/lib/api/merge-cart';
import { toast } from '@/client/lib/toast';
import { useCart } from '@/client/stores/cart';
import { type PendingPayment, useCheckout, type Wallet } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import { PAGE_MESSAGES } from '@/shared/page-messages';
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

/** The payment's actions in the mutation cache: whether one is under way is known in the tap's own task. */
const PAYMENT_KEY = ['checkout', 'payment'] as const;
/** Which step shows when two are under way: the items going back outlast the action that let them go. */
const STEPS = ['restoring', 'cancelling', 'stopping', 'otp', 'initializing', 'charging'] as const;
type Step = (typeof STEPS)[number];

/**
 * One step of the payment as a mutation: its pending state is the panel's busy state. Each step
 * says its own failures, so none throws; sent whatever the browser says of the connection (no answer
 * is a failure said at once, or a charge sent again).
 */
function useStep<A, R>(step: Step, run: (args: A) => Promise<R>) {
  return useMutation({ mutationKey: [...PAYMENT_KEY, step], networkMode: 'always', mutationFn: run });
}

/** Whether any step is under way: one action at a time. */
const anyStep = (queryClient: QueryClient) => queryClient.isMutating({ mutationKey: PAYMENT_KEY }) > 0;

/** Keeps a charge answer: the attempt, and whether checking goes on. */
function record(answer: ChargeAnswer): void {
  const over = answer.state === 'failed' || answer.state === 'cancelled' || answer.state === 'timed_out';
  useCheckout.getState().updatePayment({
    channel: 'charge',
    reference: answer.reference,
    wallet: { phone: answer.phone, network: answer.network },
    charge: answer,
    state: over ? 'failed' : 'awaiting',
  });
}

/**
 * The payment is over without being paid: forget it and, for a customer, put the items back in the
 * server cart (the order emptied it); a guest's cart was never emptied.
 */
async function restoreItems(payment: PendingPayment): Promise<void> {
  try {
    const answer = await mergeCart(payment.items.map(({ productId, quantity }) => ({ productId, quantity })));
    const names = new Map(payment.items.map((i) => [i.productId, i.name]));
    for (const line of [...answer.skipped, ...answer.adjusted]) toast.error(`${names.get(line.productId) ?? 'An item'}: ${line.reason}`);
  } catch (error) {
    toast.error(asFailure(error, MESSAGES.cartRestoreFailed).message);
  }
  await useCart.getState().load();
}

type Forget = (payment: PendingPayment) => Promise<void>;

function useForget() {
  const restoring = useStep('restoring', restoreItems);
  const { mutateAsync } = restoring;
  const forget = useCallback<Forget>(
    async (payment) => {
      useCheckout.getState().clearPayment();
      if (payment.userId !== null) await mutateAsync(payment);
    },
    [mutateAsync],
  );
  return { restoring, forget };
}

/** The hosted payment page: asked for, and `tab` (opened in the tap's handler) sent to it. */
function useInitialize(forget: Forget) {
  const initializing = useStep('initializing', async ({ payment, tab }: { payment: PendingPayment; tab: Window | null }) => {
    try {
      const answer = await initializePayment({ orderId: payment.orderId, email: payment.email, total: payment.amount });
      // From here the hosted page is the payment (a charge on the phone, if any, was stopped by the server).
      useCheckout.getState().updatePayment({ channel: 'page', charge: null, reference: answer.reference, paymentLink: answer.payment_link, state: 'awaiting' });
      showPaymentPage(tab, answer.payment_link);
      if (tab) toast(PAGE_MESSAGES.paymentTabOpened, { id: PAYMENT_TAB_TOAST_ID, duration: PAYMENT_TAB_TOAST_MS });
    } catch (error) {
      tab?.close();
      const failure = asFailure(error, PAGE_MESSAGES.paymentInitFailed);
      toast.error(failure.message, { id: PAYMENT_TOAST_ID });
      // The hold ran out (or the order was cancelled): this order cannot be paid any more.
      if (failure.status === 409 && failure.message === PAGE_MESSAGES.orderNotPayable) await forget(payment);
    }
  });
  const { mutateAsync } = initializing;
  const initialize = useCallback((payment: PendingPayment, tab: Window | null) => mutateAsync({ payment, tab }), [mutateAsync]);
  return { initializing, initialize };
}

/**
 * Charges the wallet (Pay, a retry, a resend after a lost answer). Until it is answered the kept
 * payment has no attempt (`charge: null`), so a reload or a dropped connection sends it again;
 * the server answers the same attempt to the same wallet, so nothing is charged twice.
 * `onPaid`: the order turned out paid already.
 */
function useCharge(forget: Forget) {
  const charging = useStep(
    'charging',
    async ({ payment, wallet, onPaid }: { payment: PendingPayment; wallet: Wallet; onPaid(orderId: string): void }): Promise<ChargeOutcome> => {
      useCheckout.getState().updatePayment({ channel: 'charge', wallet, charge: null, chargeError: null, state: 'awaiting' });
      try {
        record(await chargeMobileMoney(payment.orderId, wallet));
        return 'answered';
      } catch (error) {
        const failure = asFailure(error, PAGE_MESSAGES.paymentInitFailed);
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
        if (failure.status === 409 && failure.message === PAGE_MESSAGES.orderNotPayable) await forget(payment);
        return 'refused';
      }
    },
  );
  const queryClient = useQueryClient();
  const { mutateAsync } = charging;
  const charge = useCallback(
    async (wallet: Wallet, onPaid: (orderId: string) => void): Promise<ChargeOutcome> => {
      const payment = useCheckout.getState().pendingPayment;
      if (anyStep(queryClient) || !payment) return 'refused';
      return mutateAsync({ payment, wallet, onPaid });
    },
    [queryClient, mutateAsync],
  );
  return { charging, charge };
}

/** The attempt under way: the code or voucher the network asked for, or stop waiting for it. */
function useAttemptSteps() {
  const queryClient = useQueryClient();
  const sendingOtp = useStep('otp', async ({ payment, otp }: { payment: PendingPayment & { reference: string }; otp: string }) => {
    try {
      const answer = await submitPaymentOtp(payment.orderId, payment.reference, otp);
      record(answer);
      return answer.state === 'otp' ? answer.message : null;
    } catch (error) {
      return asFailure(error, PAGE_MESSAGES.paymentVerifyFailed).message;
    }
  });
  // The server asks the network once more before it stops waiting.
  const stopping = useStep('stopping', async (payment: PendingPayment & { reference: string }) => {
    try {
      record(await cancelPaymentAttempt(payment.orderId, payment.reference));
    } catch (error) {
      toast.error(asFailure(error, PAGE_MESSAGES.paymentVerifyFailed).message, { id: PAYMENT_TOAST_ID });
    }
  });
  const sendOtpAsync = sendingOtp.mutateAsync;
  const stopAsync = stopping.mutateAsync;
  /** The refusal of the code to say at its field, or null. */
  const sendOtp = useCallback(
    async (otp: string): Promise<string | null> => {
      const payment = useCheckout.getState().pendingPayment;
      if (anyStep(queryClient) || !payment?.reference) return null;
      return sendOtpAsync({ payment: { ...payment, reference: payment.reference }, otp });
    },
    [queryClient, sendOtpAsync],
  );
  const stopAttempt = useCallback(async () => {
    const payment = useCheckout.getState().pendingPayment;
    if (anyStep(queryClient) || !payment?.reference) return;
    await stopAsync({ ...payment, reference: payment.reference });
  }, [queryClient, stopAsync]);
  return { sendingOtp, stopping, sendOtp, stopAttempt };
}

/** Cancels the order: its stock returns to the shop (the catalogue is refetched), and its page shows it cancelled. */
function useCancel(forget: Forget) {
  const queryClient = useQueryClient();
  const { mutateAsync: cancelOrderMutation } = useMutation({
    mutationFn: cancelOrder,
    meta: { changes: 'catalogue' },
    networkMode: 'always',
    onSuccess: ({ order }) => orderCancelled(queryClient, order),
  });
  const cancelling = useStep('cancelling', async (payment: PendingPayment): Promise<CancelOutcome> => {
    try {
      await cancelOrderMutation(payment.orderId);
    } catch (error) {
      const failure = asFailure(error, PAGE_MESSAGES.cancelFailed);
      toast.error(failure.message, { id: PAYMENT_TOAST_ID });
      // Not this shopper's order any more (or gone): nothing is left to pay or cancel here.
      if (failure.status === 404) await forget(payment);
      return failure.status === 409 ? 'refused' : 'failed';
    }
    toast.success(PAGE_MESSAGES.orderCancelled, { id: PAYMENT_TOAST_ID });
    await forget(payment);
    return 'cancelled';
  });
  const { mutateAsync } = cancelling;
  const cancel = useCallback(async (): Promise<CancelOutcome> => {
    const payment = useCheckout.getState().pendingPayment;
    if (anyStep(queryClient) || !payment) return 'failed';
    return mutateAsync(payment);
  }, [queryClient, mutateAsync]);
  return { cancelling, cancel };
}

/**
 * The Mobile Money payment's actions, kept by the page so they outlive the form that started them:
 * charge the wallet (and send its code, or stop the attempt), open the payment page (first try and
 * 'Try payment again'), cancel the order, and forget a payment that can no longer be made. One
 * action at a time; `step` is the one under way, from the actions' own pending state.
 */
export function usePaymentFlow() {
  const queryClient = useQueryClient();
  const { restoring, forget } = useForget();
  const { initializing, initialize } = useInitialize(forget);
  const { charging, charge } = useCharge(forget);
  const { sendingOtp, stopping, sendOtp, stopAttempt } = useAttemptSteps();
  const { cancelling, cancel } = useCancel(forget);

  const pending: Record<Step, boolean> = {
    restoring: restoring.isPending,
    cancelling: cancelling.isPending,
    stopping: stopping.isPending,
    otp: sendingOtp.isPending,
    initializing: initializing.isPending,
    charging: charging.isPending,
  };
  const step: PaymentStep = STEPS.find((s) => pending[s]) ?? null;

  /** The hosted page in a tab opened in the tap's handler: 'Try payment again', or "Pay on Paystack's page instead". */
  const openPage = useCallback(() => {
    const payment = useCheckout.getState().pendingPayment;
    if (anyStep(queryClient) || !payment) return;
    // The charge stays the payment until the page is there: if the server finds it paid meanwhile
    // (409), the panel's checks still confirm it.
    void initialize(payment, openPaymentTab());
  }, [queryClient, initialize]);

  return { step, initialize, retry: openPage, cancel, forget, charge, sendOtp, stopAttempt, payOnPage: openPage };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
