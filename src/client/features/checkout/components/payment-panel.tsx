import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { cardStack } from '@/client/components/primitives.css';
import { formatDateTime } from '@/client/lib/format-date';
import type { PendingPayment } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { useFocusWhenLost } from '../hooks/use-focus-when-lost';
import { type CheckResult, usePaymentCheck } from '../hooks/use-payment-check';
import type { PaymentStep } from '../hooks/use-payment-flow';
import { Fact, PaymentFacts, type PaymentPanelProps } from './payment-facts';
import * as styles from './payment-panel.css';

/** Where the payment stands, in one line. */
function statusText(payment: PendingPayment, step: PaymentStep, result: CheckResult): string {
  if (step === 'cancelling') return PAGE_MESSAGES.orderCancelling;
  if (step === 'initializing') return PAGE_MESSAGES.paymentOpening;
  if (payment.state === 'failed') return PAGE_MESSAGES.paymentDeclined;
  if (!payment.reference) return PAGE_MESSAGES.paymentNotStarted;
  if (result === 'checking') return PAGE_MESSAGES.paymentChecking;
  if (result === 'pending') return PAGE_MESSAGES.paymentStillPending;
  if (result === 'unreachable') return PAGE_MESSAGES.paymentCheckOffline;
  return PAGE_MESSAGES.paymentWaiting;
}

/**
 * A Mobile Money payment in progress, in place of the form: the order, the amount, a status line,
 * the payment page, a check on demand, and a way out (cancel, or try again after a decline).
 */
export function PaymentPanel({ payment, flow, onPaid }: PaymentPanelProps) {
  const { result, checkNow } = usePaymentCheck(payment, { onPaid, onGone: flow.forget });
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  const busy = flow.step !== null;
  const failed = payment.state === 'failed';
  const canRetry = failed || payment.reference === null;

  const cancel = async () => {
    // Refused: the order may have been paid meanwhile, so the payment is checked once more.
    if ((await flow.cancel()) === 'refused') void checkNow();
  };

  return (
    <section className={cardStack} aria-labelledby="checkout-payment-title">
      <h2 ref={heading} id="checkout-payment-title" className={styles.title} tabIndex={-1}>
        Waiting for your Mobile Money payment
      </h2>
      <PaymentFacts payment={payment}>
        <Fact label="Started">
          <time dateTime={payment.startedAt}>{formatDateTime(payment.startedAt)}</time>
        </Fact>
      </PaymentFacts>

      <p role="status" className={failed ? styles.statusFailed : styles.status}>
        {statusText(payment, flow.step, result)}
      </p>

      <div className={styles.actions}>
        {canRetry && (
          <button type="button" className={button({ tone: 'primary' })} disabled={busy} onClick={flow.retry}>
            {flow.step === 'initializing' && <Busy />}
            Try payment again
          </button>
        )}
        {!canRetry && payment.paymentLink && (
          <a href={payment.paymentLink} target="_blank" rel="noopener" className={button({ tone: 'primary' })}>
            Open payment page
          </a>
        )}
        {!canRetry && (
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy || result === 'checking'} onClick={() => void checkNow()}>
            {result === 'checking' && <Busy />}
            Check payment now
          </button>
        )}
        <button type="button" className={button({ tone: 'danger' })} disabled={busy} onClick={() => void cancel()}>
          {flow.step === 'cancelling' && <Busy />}
          Cancel order
        </button>
      </div>

      <p className={styles.note}>
        {failed
          ? 'You can try the payment again, or cancel the order and choose Cash on Delivery.'
          : 'Approve the payment on your phone or on the payment page. This page confirms your order as soon as the payment goes through.'}
      </p>
    </section>
  );
}
