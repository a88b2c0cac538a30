import { useEffect, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { cardStack } from '@/client/components/primitives.css';
import { useTestPayments } from '@/client/lib/queries/settings';
import { useCart } from '@/client/stores/cart';
import { type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { formatMomoNumber, momoNetworkLabel } from '@/shared/momo';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ChargeAttempt, ChargeAttemptState } from '@/shared/types';
import { useChargeResend } from '../hooks/use-charge-resend';
import { useFocusWhenLost } from '../hooks/use-focus-when-lost';
import { type CheckResult, usePaymentCheck } from '../hooks/use-payment-check';
import type { PaymentFlow } from '../hooks/use-payment-flow';
import { useRetryWallet } from '../hooks/use-retry-wallet';
import { announcePaid } from '../lib/paid';
import { OtpForm } from './otp-form';
import { Fact, PaymentFacts, type PaymentPanelProps } from './payment-facts';
import * as styles from './payment-panel.css';
import { WalletFields } from './wallet-fields';

/** The buttons' names: the end-to-end suite finds them by these texts. */
const CHARGE_TEXTS = {
  tryAgain: 'Try again',
  useAnother: 'Stop and use another number',
  payOnPage: "Pay on Paystack's page instead",
  checkNow: 'Check payment now',
  cancelOrder: 'Cancel order',
} as const;

/** Seconds left until `expiresAt`, ticking once a second while there is one. */
function useSecondsLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The attempt as the panel shows it: its state (run out on the clock here too), and whether it is open or over. */
function useChargeState(payment: PendingPayment) {
  const charge = payment.charge ?? null;
  const secondsLeft = useSecondsLeft(charge?.expiresAt ?? null);
  const open = charge?.state === 'approve' || charge?.state === 'otp';
  // No wallet to charge (an order made where Mobile Money was not offered): the shopper gives one.
  // A refused request (no attempt made) is over too, with the server's words.
  const refusal = !charge ? (payment.chargeError ?? null) : null;
  const state: ChargeAttemptState = !charge ? (payment.wallet && !refusal ? 'starting' : 'failed') : open && secondsLeft === 0 ? 'timed_out' : charge.state;
  const over = state === 'failed' || state === 'timed_out' || state === 'cancelled';
  return { charge, secondsLeft, open: open && state !== 'timed_out', refusal, state, over };
}

/** The status line: what the network asks for now, or why the attempt is over. */
function statusText(payment: PendingPayment, charge: ChargeAttempt | null, state: ChargeAttemptState, refusal: string | null): string {
  if (!charge) return refusal ?? (payment.wallet ? PAGE_MESSAGES.chargeStarting : PAGE_MESSAGES.momoNumberRequired);
  if (state === 'timed_out') return PAGE_MESSAGES.chargeTimedOut;
  // A refused code is said at the code field; the status line keeps saying what to do.
  return state === 'otp' ? PAGE_MESSAGES.chargeOtp : charge.message;
}

interface ChargeActionsProps {
  flow: PaymentFlow;
  /** The attempt waits for the shopper (the prompt, or a code); `over`: it ended unpaid. */
  open: boolean;
  over: boolean;
  starting: boolean;
  result: CheckResult;
  checkNow(): Promise<unknown>;
  retry(): Promise<void>;
}

/** The panel's buttons: try again, check now, stop the attempt, the hosted page instead, cancel the order. */
function ChargeActions({ flow, open, over, starting, result, checkNow, retry }: ChargeActionsProps) {
  const busy = flow.step !== null;
  return (
    <div className={styles.actions}>
      {over && (
        <button type="button" className={button({ tone: 'primary' })} disabled={busy} onClick={() => void retry()}>
          {CHARGE_TEXTS.tryAgain}
        </button>
      )}
      {open && (
        <button type="button" className={button({ tone: 'quiet' })} disabled={busy || result === 'checking'} onClick={() => void checkNow()}>
          {result === 'checking' && <Busy />}
          {CHARGE_TEXTS.checkNow}
        </button>
      )}
      {open && (
        <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={() => void flow.stopAttempt()}>
          {flow.step === 'stopping' && <Busy />}
          {CHARGE_TEXTS.useAnother}
        </button>
      )}
      {!starting && (
        <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={flow.payOnPage}>
          {CHARGE_TEXTS.payOnPage}
        </button>
      )}
      <button type="button" className={button({ tone: 'danger' })} disabled={busy} onClick={() => void flow.cancel()}>
        {flow.step === 'cancelling' && <Busy />}
        {CHARGE_TEXTS.cancelOrder}
      </button>
    </div>
  );
}

/**
 * Mobile Money approved on the phone, in place of the form: what the network asks for now (approve
 * the prompt before the countdown ends, or type the voucher), then paid, or why not with a one-tap
 * retry on the same order (the number and network can be changed). The attempt lives in the
 * persisted checkout store: a reload, an app restart or a dropped connection picks it up again, and
 * a request that got no answer is sent again (the server answers the same attempt, never a second charge).
 */
export function ChargePanel({ payment, flow, onPaid }: PaymentPanelProps) {
  const { result, checkNow } = usePaymentCheck(payment, { onPaid, onGone: flow.forget });
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  const sandbox = useTestPayments();
  const { charge, secondsLeft, open, refusal, state, over } = useChargeState(payment);
  const test = charge?.test ?? sandbox;
  const wallet = payment.wallet;
  const retryWallet = useRetryWallet(payment);

  useChargeResend(payment, flow, (orderId) => {
    useCart.getState().reset();
    onPaid(orderId, announcePaid({ orderStatus: 'Pending' }));
    useCheckout.getState().clearPayment();
  });

  // Paid (a voucher that settled it at once) or run out on the clock: the server has the last word.
  useEffect(() => {
    if (state === 'paid' || (state === 'timed_out' && charge?.state !== 'timed_out')) void checkNow();
  }, [state, charge?.state, checkNow]);

  const statusClass = state === 'paid' ? styles.statusDone : over ? styles.statusFailed : styles.status;
  return (
    <section className={cardStack} aria-labelledby="checkout-payment-title">
      <h2 ref={heading} id="checkout-payment-title" className={styles.title} tabIndex={-1}>
        Pay with Mobile Money
      </h2>
      {test && <p className={styles.testBadge}>TEST PAYMENT: no money moves</p>}
      <PaymentFacts payment={payment}>
        {wallet && (
          <Fact label="Wallet">
            {formatMomoNumber(wallet.phone)} · {momoNetworkLabel(wallet.network)}
          </Fact>
        )}
      </PaymentFacts>

      <p role="status" className={statusClass}>
        {(state === 'starting' || flow.step === 'charging') && <Busy />}
        {statusText(payment, charge, state, refusal)}
      </p>

      {open && secondsLeft !== null && (
        <p className={styles.countdown}>
          <span className="visually-hidden">Time left to approve: </span>
          <time aria-hidden="false">{minutes(secondsLeft)}</time>
        </p>
      )}
      {open && charge?.displayText && <p className={styles.networkText}>{charge.displayText}</p>}
      {state === 'approve' && <p className={styles.note}>{PAGE_MESSAGES.chargeApproveHow}</p>}
      {open && result === 'unreachable' && <p className={styles.note}>{PAGE_MESSAGES.paymentCheckOffline}</p>}

      {state === 'otp' && <OtpForm flow={flow} />}

      {over && (
        <div className={cardStack}>
          <WalletFields idPrefix="checkout-retry" sandbox={sandbox} {...retryWallet.walletProps} />
        </div>
      )}

      <ChargeActions flow={flow} open={open} over={over} starting={state === 'starting'} result={result} checkNow={checkNow} retry={retryWallet.retry} />
    </section>
  );
}
