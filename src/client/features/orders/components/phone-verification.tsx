import { type ReactNode, useEffect, useRef } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { formatDateTime } from '@/client/lib/format-date';
import { buyerPhone } from '@/client/stores/phone-tokens';
import type { Order } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { PhoneCodeForm } from './phone-code-form';
import * as styles from './phone-verification.css';
import { usePhoneCheck } from './use-phone-check';

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
 * The shopper shows they are real by a code sent to their phone. 'Send me a code', then the
 * code (phone-code-form.tsx), Confirm. The server's words show in a live region; a wait it asks for
 * (`Retry-After`) keeps the re-send button disabled with the seconds left. The phone's token is kept
 * on the device (sent with its orders from now on); given an order, the order is then confirmed too,
 * and its page shows it so.
 */
export function PhoneVerification({ phone, idPrefix, message, order, doneText, onConfirmed }: PhoneVerificationProps) {
  const check = usePhoneCheck({ phone, message, order, doneText, onConfirmed });
  const { step, notice, busy, secondsLeft } = check;
  const noticeId = `${idPrefix}-notice`;
  const waiting = secondsLeft > 0;
  return (
    <div className={styles.check}>
      <p id={noticeId} role="status" className={styles.notice[notice?.tone ?? 'info']}>
        {notice?.text}
      </p>
      {step === 'send' && (
        <StepButton busy={busy} disabled={waiting} onClick={check.send}>
          {waiting ? VERIFICATION_TEXTS.sendCodeWait(secondsLeft) : VERIFICATION_TEXTS.sendCode}
        </StepButton>
      )}
      {step === 'token' && (
        <StepButton busy={busy} onClick={check.confirmWithKept}>
          {VERIFICATION_TEXTS.confirmOrder}
        </StepButton>
      )}
      {step === 'code' && (
        // A new code sent: an empty field.
        <PhoneCodeForm
          key={check.sent}
          idPrefix={idPrefix}
          noticeId={noticeId}
          hasNotice={notice !== null}
          busy={busy}
          secondsLeft={secondsLeft}
          focus={check.focusCode}
          onRefused={(text) => check.setNotice({ text, tone: 'error' })}
          onConfirm={check.confirmCode}
          onResend={() => void check.send()}
        />
      )}
    </div>
  );
}

/** A step's one button ('Send me a code', 'Confirm my order'), waiting while a call is out. */
function StepButton({ busy, disabled = false, onClick, children }: { busy: boolean; disabled?: boolean; onClick(): Promise<unknown>; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      <button type="button" className={button({ tone: 'primary' })} onClick={() => void onClick()} disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy && <Busy />}
        {children}
      </button>
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
