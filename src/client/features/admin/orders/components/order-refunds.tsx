import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ModalDialog } from '@/client/components/modal-dialog';
import { Price } from '@/client/components/price';
import { type BadgeTone, StatusBadge } from '@/client/components/status-badge';
import { formatDateTime } from '@/client/lib/format-date';
import { toApiFailure } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { refundOrderSchema } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, OrderDispute, OrderRefund } from '@/shared/types';
import { refundOrderMutation } from '../api/refund-order';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';
import { DialogButtons, DialogField, HistoryGroup, useDialogSubmit } from './order-dialog-form';

/** What can still be refunded: the total less every refund that did not fail, in cedis. */
function refundableLeft(order: AdminOrder): number {
  const refunded = (order.refunds ?? []).filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + toPesewas(refund.amount), 0);
  return toCedis(Math.max(0, toPesewas(order.total) - refunded));
}

/** A paid Mobile Money order with money left on it can be refunded from here (the provider sends it back). */
export const canRefund = (order: AdminOrder): boolean =>
  order.paymentMethod.paymentMethod === 'Mobile Money' && order.paymentStatus === 'Paid' && refundableLeft(order) > 0;

const REFUND_TONES: Record<OrderRefund['status'], BadgeTone> = { pending: 'warning', processed: 'success', failed: 'danger' };
const DISPUTE_TONES: Record<OrderDispute['status'], BadgeTone> = { open: 'danger', resolved: 'success' };

/** The refunds and disputes of the order, beside its payment status: amount, state, time. */
export function PaymentHistory({ refunds, disputes }: { refunds: readonly OrderRefund[]; disputes: readonly OrderDispute[] }) {
  return (
    <>
      <HistoryGroup id="order-refunds-title" title={ORDERS_TEXTS.refunds}>
        {refunds.map((refund) => (
          <li key={refund._id} className={styles.historyItem}>
            <span className={styles.historyHead}>
              <Price value={refund.amount} />
              <StatusBadge text={ORDERS_TEXTS.refundStatus[refund.status]} tone={REFUND_TONES[refund.status]} />
            </span>
            <time dateTime={refund.updatedAt} className={styles.note}>
              {formatDateTime(refund.updatedAt)}
              {refund.returnedToStock && `, ${ORDERS_TEXTS.returnedToStock}`}
            </time>
          </li>
        ))}
      </HistoryGroup>
      <HistoryGroup id="order-disputes-title" title={ORDERS_TEXTS.disputes}>
        {disputes.map((dispute) => (
          <li key={dispute._id} className={styles.historyItem}>
            <span className={styles.historyHead}>
              {dispute.amount === null ? ORDERS_TEXTS.amountUnknown : <Price value={dispute.amount} />}
              <StatusBadge text={ORDERS_TEXTS.disputeStatus[dispute.status]} tone={DISPUTE_TONES[dispute.status]} />
            </span>
            <time dateTime={dispute.resolvedAt ?? dispute.createdAt} className={styles.note}>
              {formatDateTime(dispute.resolvedAt ?? dispute.createdAt)}
            </time>
            {dispute.resolution && <span>{dispute.resolution}</span>}
          </li>
        ))}
      </HistoryGroup>
    </>
  );
}

/** The text typed as an amount, as a number of cedis ('1,234.50', '₵91' too); NaN when it is none. */
function parseAmount(text: string): number {
  const cleaned = text.trim().replace(/^₵\s*/, '').replace(/,/g, '');
  return /^\d+(\.\d*)?$|^\.\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * The refund's confirmation: the amount (what is left, to start with) and whether the items go back
 * to stock. Confirm asks the server; its answer (the order with the refund) goes into the order's
 * query, then `onRefunded`.
 */
export function RefundDialog({ order, onClose, onRefunded }: { order: AdminOrder; onClose(): void; onRefunded(): void }) {
  const refund = useMutation(refundOrderMutation());
  const left = refundableLeft(order);
  const [amount, setAmount] = useState(left.toFixed(2));
  const [returnToStock, setReturnToStock] = useState(false);
  const { error, setError, busy, close, run, change, preventDefault } = useDialogSubmit(onClose);
  const amountRef = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const errorId = useId();

  const refuse = (message: string) => {
    setError(message);
    amountRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    preventDefault(event);
    const parsed = refundOrderSchema.safeParse({ amount: parseAmount(amount), returnToStock });
    if (!parsed.success) return refuse(MESSAGES.refundAmountInvalid);
    if (toPesewas(parsed.data.amount) > toPesewas(left)) return refuse(SERVER_MESSAGES.refundTooLarge(formatCedis(left)));
    await run(
      async () => {
        const answer = await refund.mutateAsync({ orderId: order._id, input: { amount: parsed.data.amount, returnToStock } });
        toast.success(answer.message);
        onRefunded();
      },
      async (caught) => {
        const failure = await toApiFailure(caught, SERVER_MESSAGES.refundFailed);
        // The server's reason when it gave one (not refundable, too much, the provider refused); else the shop's text.
        const message = (failure.status >= 400 && failure.status < 500) || failure.status === 502 ? failure.message : SERVER_MESSAGES.refundFailed;
        toast.error(message);
        setError(message);
      },
    );
  };

  return (
    <ModalDialog
      title={ORDERS_TEXTS.refundTitle(order.orderNumber)}
      intro={ORDERS_TEXTS.refundIntro(formatCedis(left))}
      initialFocus="input[name='amount']"
      onClose={close}
    >
      <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
        <DialogField id={amountId} label={ORDERS_TEXTS.refundAmountLabel} errorId={errorId} error={error}>
          <input
            ref={amountRef}
            id={amountId}
            name="amount"
            className={styles.dialogInput}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            required
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={change(setAmount)}
          />
        </DialogField>
        <label className={styles.checkboxRow}>
          <input
            type="checkbox"
            name="returnToStock"
            className={styles.checkbox}
            checked={returnToStock}
            disabled={busy}
            onChange={(event) => setReturnToStock(event.target.checked)}
          />
          {ORDERS_TEXTS.refundToStock}
        </label>
        <DialogButtons busy={busy} onCancel={close}>
          {ORDERS_TEXTS.refundConfirm}
        </DialogButtons>
      </form>
    </ModalDialog>
  );
}
