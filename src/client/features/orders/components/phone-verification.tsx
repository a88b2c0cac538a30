import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { TextField } from '@/client/components/text-field';
import { formatDateTime } from '@/client/lib/format-date';
import { myOrdersQuery } from '@/client/lib/queries/my-orders';
import { catalogueChanged } from '@/client/lib/query-client';
import { buyerPhone, keptPhoneToken, rememberPhoneToken } from '@/client/stores/phone-tokens';
import { LIMITS } from '@/shared/constants';
import type { Order } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { confirmPhoneCode } from '../api/confirm-phone-code';
import { orderQuery } from '../api/get-order';
import { sendPhoneCode } from '../api/send-phone-code';
import { verifyOrder } from '../api/verify-order';
import type { PhoneCallFailure } from '../lib/phone-call';
import * as styles from './phone-verification.css';

export interface PhoneVerificationProps {
  /** The phone to confirm, as the order or the form has it (`024 123 4567`, `+233…`). */
  phone: string;
  /** Makes the ids of its elements unique on the page. */
  idPrefix: string;
  /** The server's words that asked for the check (the checkout's refused order), shown first. */
  message?: string;
  /** The order to confirm once the phone is: its page then shows it confirmed. */
  order?: Order;
  /** What to say once the phone is confirmed (no order given), instead of the server's thanks. */
  doneText?: string;
  /** The phone is confirmed (and the order, when one was given). */
  onConfirmed?(message: string): void;
}

/**
 * - `send`: 'Send me a code';
 * - `code`: a code is on its way (or one sent before still works): the field, Confirm, and a new code;
 * - `token`: this device confirmed the phone already: the order is confirmed with it (again, after a refusal);
 * - `done`: confirmed; `shop`: no more codes (no SMS, or too many wrong ones): the shop will call.
 */
type Step = 'send' | 'code' | 'token' | 'done' | 'shop';
type Notice = { text: string; tone: 'info' | 'error' | 'success' };

const CODE_PATTERN = new RegExp(`^\\d{${LIMITS.phoneCodeDigits}}$`);

/** The 429s of `POST /phoneCodes` that mean a code already sent to the phone works: the field is shown for it. */
const CODE_ALREADY_SENT: string[] = [VERIFICATION_TEXTS.codeStillValid, VERIFICATION_TEXTS.phoneCodesPerPhone];

/** Seconds left until `until` (ms), ticking each second; 0 once it has passed or when there is none. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  // The tick's `now` may be from before `until` was set (the first render after an answer): never count from it.
  return until === null ? 0 : Math.max(0, Math.ceil((until - Math.max(now, Date.now())) / 1000));
}

/**
 * The shopper shows they are real by a code sent to their phone. 'Send me a code', then the
 * code (a phone's keyboard of digits, the SMS code offered by the phone's keyboard), Confirm. The
 * server's words show in a live region; a wait it asks for (`Retry-After`) keeps the re-send button
 * disabled with the seconds left. The phone's token is kept on the device (sent with its orders from
 * now on); given an order, the order is then confirmed too, and its page shows it so.
 */
export function PhoneVerification({ phone, idPrefix, message, order, doneText, onConfirmed }: PhoneVerificationProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(() => (order && keptPhoneToken(phone) ? 'token' : 'send'));
  const [code, setCode] = useState('');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(message ? { text: message, tone: 'info' } : null);
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(waitUntil);
  const codeInput = useRef<HTMLInputElement>(null);
  const noticeId = `${idPrefix}-notice`;

  // The field takes the focus when it appears, or when its code was refused.
  const [focusCode, setFocusCode] = useState(0);
  useEffect(() => {
    if (focusCode > 0) codeInput.current?.focus();
  }, [focusCode]);

  const refused = (error: unknown) => {
    const failure = error as PhoneCallFailure;
    if (failure.retryAfter) setWaitUntil(Date.now() + failure.retryAfter * 1000);
    setNotice({ text: failure.message, tone: 'error' });
    return failure;
  };

  /** One call at a time: a second tap while one is on its way (before React re-renders) sends nothing. */
  const inFlight = useRef(false);
  const run = async (call: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await call();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      try {
        const answer = await sendPhoneCode(phone);
        setNotice({ text: answer.message, tone: 'info' });
        setCode('');
        setCodeInvalid(false);
        setStep('code');
        setFocusCode((n) => n + 1);
      } catch (error) {
        const failure = refused(error);
        // The shop sends no text messages: it will call instead.
        if (failure.status === 409) setStep('shop');
        else if (failure.status === 429 && CODE_ALREADY_SENT.includes(failure.message)) {
          setStep('code');
          setFocusCode((n) => n + 1);
        }
      }
    });

  const confirmOrder = async (target: Order, token: string) => {
    try {
      const answer = await verifyOrder(target._id, token);
      queryClient.setQueryData(orderQuery(target._id).queryKey, answer.order);
      void queryClient.invalidateQueries({ queryKey: myOrdersQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['device-orders'] });
      // Its items are put aside now: the stock the shop shows moved.
      void catalogueChanged(queryClient);
      toast.success(answer.message, { id: `order-verified-${target._id}` });
      setNotice({ text: answer.message, tone: 'success' });
      setStep('done');
      onConfirmed?.(answer.message);
    } catch (error) {
      const failure = refused(error);
      // A token for another phone than the order's is no use here: a code to the order's phone is.
      setStep(failure.status === 400 ? 'send' : 'token');
    }
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    const problem = typed === '' ? VERIFICATION_TEXTS.codeRequired : CODE_PATTERN.test(typed) ? null : VERIFICATION_TEXTS.codeFormat;
    if (problem) {
      setNotice({ text: problem, tone: 'error' });
      setCodeInvalid(true);
      setFocusCode((n) => n + 1);
      return;
    }
    void run(async () => {
      let token: string;
      try {
        const answer = await confirmPhoneCode({ phone, code: typed });
        rememberPhoneToken(answer);
        token = answer.phoneToken;
        if (!order) {
          setNotice({ text: doneText ?? answer.message, tone: 'success' });
          setStep('done');
          onConfirmed?.(answer.message);
          return;
        }
      } catch (error) {
        const failure = refused(error);
        if (failure.status === 400) {
          setCodeInvalid(true);
          setFocusCode((n) => n + 1);
        }
        // Too many wrong codes today: only the shop can confirm the order now.
        if (failure.message === VERIFICATION_TEXTS.codeWrongTooOften) setStep('shop');
        return;
      }
      await confirmOrder(order, token);
    });
  };

  const confirmWithKept = () =>
    run(async () => {
      const kept = keptPhoneToken(phone);
      if (!order || !kept) {
        setStep('send');
        return;
      }
      await confirmOrder(order, kept.token);
    });

  const waiting = secondsLeft > 0;
  return (
    <div className={styles.check}>
      <p id={noticeId} role="status" className={styles.notice[notice?.tone ?? 'info']}>
        {notice?.text}
      </p>
      {step === 'send' && (
        <div className={styles.actions}>
          <button type="button" className={button({ tone: 'primary' })} onClick={() => void send()} disabled={busy || waiting} aria-busy={busy || undefined}>
            {busy && <Busy />}
            {waiting ? VERIFICATION_TEXTS.sendCodeWait(secondsLeft) : VERIFICATION_TEXTS.sendCode}
          </button>
        </div>
      )}
      {step === 'token' && (
        <div className={styles.actions}>
          <button type="button" className={button({ tone: 'primary' })} onClick={() => void confirmWithKept()} disabled={busy} aria-busy={busy || undefined}>
            {busy && <Busy />}
            {VERIFICATION_TEXTS.confirmOrder}
          </button>
        </div>
      )}
      {step === 'code' && (
        <form className={styles.codeForm} onSubmit={confirm} noValidate>
          <TextField
            id={`${idPrefix}-code`}
            name="one-time-code"
            label={VERIFICATION_TEXTS.codeLabel}
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeInvalid(false);
            }}
            autoComplete="one-time-code"
            inputMode="numeric"
            invalid={codeInvalid}
            describedBy={notice ? [noticeId] : []}
            inputRef={codeInput}
          />
          <div className={styles.actions}>
            <button type="submit" className={button({ tone: 'primary' })} disabled={busy} aria-busy={busy || undefined}>
              {busy && <Busy />}
              {VERIFICATION_TEXTS.confirmCode}
            </button>
            <button type="button" className={button({ tone: 'quiet' })} onClick={() => void send()} disabled={busy || waiting}>
              {waiting ? VERIFICATION_TEXTS.sendCodeWait(secondsLeft) : VERIFICATION_TEXTS.sendCodeAgain}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * When the items of an order not confirmed yet go back on sale (its short hold), where the server
 * says: `stockReleaseAt` is not (yet) part of the shared Order; without it the card names no time.
 */
const releaseOf = (order: Order): string | null => (order as Order & { stockReleaseAt?: string | null }).stockReleaseAt ?? null;

/** The card's words: the items are put aside until a time, or not (yet) at all. */
function cardText(order: Order): string {
  const until = order.stockHeld ? releaseOf(order) : null;
  if (order.verification === 'waiting_for_shop') return until ? VERIFICATION_TEXTS.waitingHeld(formatDateTime(until)) : VERIFICATION_TEXTS.waitingNotHeld;
  return until ? VERIFICATION_TEXTS.requiredHeld(formatDateTime(until)) : VERIFICATION_TEXTS.requiredNotHeld;
}

/**
 * The card of an order that waits for its buyer (order-verification.tsx decides when): `required`:
 * confirm the phone by a code, and the order is confirmed with it (its items put aside until the shop
 * delivers); `waiting_for_shop` (the shop sends no SMS): the shop will call.
 */
export function OrderVerificationCard({ order, headingLevel, onConfirmed }: { order: Order; headingLevel: 2 | 3; onConfirmed(message: string): void }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const titleId = `order-verification-${order._id}`;
  const required = order.verification === 'required';
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.cardTitle}>
        {required ? VERIFICATION_TEXTS.requiredTitle : VERIFICATION_TEXTS.waitingTitle}
      </Heading>
      <p className={styles.cardText}>{cardText(order)}</p>
      {required && <PhoneVerification phone={order.phone} idPrefix={titleId} order={order} onConfirmed={onConfirmed} />}
    </section>
  );
}

/**
 * The checkout's phone check (the /checkout route hands it to the checkout, which cannot import this
 * feature): the server wants the form's phone confirmed before it takes the order. Its title takes
 * the focus when it appears; once the phone is confirmed, the shopper places the order again.
 */
export function CheckoutPhoneCheck({ phone, message, onConfirmed }: { phone: string; message: string; onConfirmed(): void }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <section className={styles.card} aria-labelledby="checkout-phone-check-title">
      <h2 id="checkout-phone-check-title" ref={title} tabIndex={-1} className={styles.cardTitle}>
        {VERIFICATION_TEXTS.requiredTitle}
      </h2>
      {/* The form's phone: a new number is a new check. */}
      <PhoneVerification
        key={buyerPhone(phone)}
        phone={phone}
        idPrefix="checkout-phone-check"
        message={message}
        doneText={VERIFICATION_TEXTS.placeOrderAgain}
        onConfirmed={onConfirmed}
      />
    </section>
  );
}
