import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { cardStack } from '@/client/components/primitives.css';
import { TextField } from '@/client/components/text-field';
import { useTestPayments } from '@/client/lib/queries/settings';
import { useCart } from '@/client/stores/cart';
import { useCheckout } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import { formatMomoNumber, type MomoNetwork, momoNetworkLabel } from '@/shared/momo';
import { momoNumber } from '@/shared/schemas/orders';
import type { ChargeAttemptState } from '@/shared/types';
import { useFocusWhenLost } from '../hooks/use-focus-when-lost';
import { usePaymentCheck } from '../hooks/use-payment-check';
import { announcePaid } from '../lib/paid';
import { CHARGE_RESEND_MS } from '../lib/timing';
import { Fact, PaymentFacts, type PaymentPanelProps } from './payment-facts';
import * as styles from './payment-panel.css';
import { WalletFields } from './wallet-fields';

/** The buttons' names: the end-to-end suite finds them by these texts. */
const CHARGE_TEXTS = {
  tryAgain: 'Try again',
  sendCode: 'Send code',
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
  const charge = payment.charge ?? null;
  const secondsLeft = useSecondsLeft(charge?.expiresAt ?? null);
  const open = charge?.state === 'approve' || charge?.state === 'otp';
  // No wallet to charge (an order made where Mobile Money was not offered): the shopper gives one.
  // A refused request (no attempt made) is over too, with the server's words.
  const refusal = !charge ? (payment.chargeError ?? null) : null;
  const state: ChargeAttemptState = !charge ? (payment.wallet && !refusal ? 'starting' : 'failed') : open && secondsLeft === 0 ? 'timed_out' : charge.state;
  const over = state === 'failed' || state === 'timed_out' || state === 'cancelled';
  const busy = flow.step !== null;
  const test = charge?.test ?? sandbox;

  const [phone, setPhone] = useState(payment.wallet?.phone ?? '');
  const [network, setNetwork] = useState<MomoNetwork | ''>(payment.wallet?.network ?? '');
  const [walletErrors, setWalletErrors] = useState<{ phone?: string; network?: string }>({});
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();

  const paidAlready = (orderId: string) => {
    useCart.getState().reset();
    onPaid(orderId, announcePaid({ orderStatus: 'Pending' }));
    useCheckout.getState().clearPayment();
  };

  // The charge is sent while none is answered: at once, again every few seconds while the server
  // cannot answer, and as soon as the connection returns.
  const wallet = payment.wallet;
  const awaitingAnswer = charge === null && wallet && !refusal ? `${wallet.phone}/${wallet.network}` : null;
  const latest = useRef({ flow, paidAlready });
  latest.current = { flow, paidAlready };
  useEffect(() => {
    if (!awaitingAnswer) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = async () => {
      clearTimeout(timer);
      const current = useCheckout.getState().pendingPayment?.wallet;
      if (stopped || !current) return;
      const outcome = await latest.current.flow.charge(current, latest.current.paidAlready);
      if (outcome === 'again' && !stopped) timer = setTimeout(() => void send(), CHARGE_RESEND_MS);
    };
    void send();
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [awaitingAnswer]);

  // Paid (a voucher that settled it at once) or run out on the clock: the server has the last word.
  useEffect(() => {
    if (state === 'paid' || (state === 'timed_out' && charge?.state !== 'timed_out')) void checkNow();
  }, [state, charge?.state, checkNow]);

  /** One tap: the same order charged again, to the wallet as it now stands (the same rules as the form). */
  const retry = () => {
    const parsed = momoNumber.safeParse(phone);
    setWalletErrors({
      ...(parsed.success ? {} : { phone: parsed.error.issues[0]?.message }),
      ...(network === '' ? { network: MESSAGES.momoNetworkRequired } : {}),
    });
    if (!parsed.success || network === '') return;
    useCheckout.getState().updatePayment({ wallet: { phone: parsed.data, network }, charge: null, chargeError: null, state: 'awaiting' });
  };

  const sendOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^[A-Za-z0-9]{1,12}$/.test(otp.trim())) {
      setOtpError(otp.trim() === '' ? MESSAGES.otpRequired : MESSAGES.otpInvalid);
      return;
    }
    setOtpError(undefined);
    const refused = await flow.sendOtp(otp.trim());
    if (refused) setOtpError(refused);
    else setOtp('');
  };

  const statusClass = state === 'paid' ? styles.statusDone : over ? styles.statusFailed : styles.status;
  const statusText = !charge
    ? (refusal ?? (payment.wallet ? MESSAGES.chargeStarting : MESSAGES.momoNumberRequired))
    : state === 'timed_out'
      ? MESSAGES.chargeTimedOut
      : // A refused code is said at the code field; the status line keeps saying what to do.
        state === 'otp'
        ? MESSAGES.chargeOtp
        : charge.message;

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
        {statusText}
      </p>

      {open && state !== 'timed_out' && secondsLeft !== null && (
        <p className={styles.countdown}>
          <span className="visually-hidden">Time left to approve: </span>
          <time aria-hidden="false">{minutes(secondsLeft)}</time>
        </p>
      )}
      {open && state !== 'timed_out' && charge?.displayText && <p className={styles.networkText}>{charge.displayText}</p>}
      {state === 'approve' && <p className={styles.note}>{MESSAGES.chargeApproveHow}</p>}
      {open && result === 'unreachable' && <p className={styles.note}>{MESSAGES.paymentCheckOffline}</p>}

      {state === 'otp' && (
        <form className={styles.otpForm} onSubmit={(event) => void sendOtp(event)} noValidate>
          <TextField id="checkout-otp" name="otp" label="Code or voucher" autoComplete="one-time-code" value={otp} onChange={setOtp} error={otpError} />
          <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
            {flow.step === 'otp' && <Busy />}
            {CHARGE_TEXTS.sendCode}
          </button>
        </form>
      )}

      {over && (
        <div className={cardStack}>
          <WalletFields
            idPrefix="checkout-retry"
            phone={phone}
            network={network}
            onPhone={setPhone}
            onNetwork={setNetwork}
            errors={walletErrors}
            sandbox={sandbox}
          />
        </div>
      )}

      <div className={styles.actions}>
        {over && (
          <button type="button" className={button({ tone: 'primary' })} disabled={busy} onClick={retry}>
            {CHARGE_TEXTS.tryAgain}
          </button>
        )}
        {open && state !== 'timed_out' && (
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy || result === 'checking'} onClick={() => void checkNow()}>
            {result === 'checking' && <Busy />}
            {CHARGE_TEXTS.checkNow}
          </button>
        )}
        {open && state !== 'timed_out' && (
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={() => void flow.stopAttempt()}>
            {flow.step === 'stopping' && <Busy />}
            {CHARGE_TEXTS.useAnother}
          </button>
        )}
        {state !== 'starting' && (
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={flow.payOnPage}>
            {CHARGE_TEXTS.payOnPage}
          </button>
        )}
        <button type="button" className={button({ tone: 'danger' })} disabled={busy} onClick={() => void flow.cancel()}>
          {flow.step === 'cancelling' && <Busy />}
          {CHARGE_TEXTS.cancelOrder}
        </button>
      </div>
    </section>
  );
}
