import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ModalDialog } from '@/client/components/modal-dialog';
import { Price } from '@/client/components/price';
import { type BadgeTone, StatusBadge } from '@/client/components/status-badge';
import { formatDateTime } from '@/client/lib/format-date';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { refundOrderSchema } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, OrderDispute, OrderRefund } from '@/shared/types';
import { refundOrderMutation } from '../api/refund-order';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';
import { closeUnlessBusy, DialogButtons, DialogField, HistoryGroup } from './order-dialog-form';

/** What can still be refunded: the total less every refund that did not fail, in cedis. */
export function refundableLeft(order: AdminOrder): number {
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

/** The dialog's fields: the amount as typed, read as the refund call's amount, and never more than is `left`. */
const refundFormSchema = (left: number) =>
  z.object({
    amount: z.pipe(
      z.pipe(z.string(), z.transform(parseAmount)),
      refundOrderSchema.shape.amount.check(z.refine((amount) => toPesewas(amount) <= toPesewas(left), SERVER_MESSAGES.refundTooLarge(formatCedis(left)))),
    ),
    returnToStock: z.boolean(),
  });

/**
 * The refund's confirmation: the amount (what is left, to start with) and whether the items go back
 * to stock. Confirm asks the server; its answer (the order with the refund) goes into the order's
 * query, then `onRefunded`.
 */
export function RefundDialog({ order, onClose, onRefunded }: { order: AdminOrder; onClose(): void; onRefunded(): void }) {
  const refund = useMutation(refundOrderMutation());
  const left = refundableLeft(order);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm({
    defaultValues: { amount: left.toFixed(2), returnToStock: false },
    resolver: zodResolver(refundFormSchema(left)),
    reValidateMode: 'onSubmit',
  });
  // Busy from the tap until the dialog is gone: a refund made leaves with the page's next render.
  const busy = refund.isPending || refund.isSuccess;
  const close = closeUnlessBusy(busy, onClose);
  const error = formState.errors.amount?.message;
  const amountId = useId();
  const errorId = useId();

  const submit = handleSubmit((input) => {
    if (busy) return;
    refund.mutate(
      { orderId: order._id, input },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onRefunded();
        },
        onError: async (caught) => {
          const failure = await toApiFailure(caught, SERVER_MESSAGES.refundFailed);
          // The server's reason when it gave one (not refundable, too much, the provider refused); else the shop's text.
          const message = (failure.status >= 400 && failure.status < 500) || failure.status === 502 ? failure.message : SERVER_MESSAGES.refundFailed;
          toast.error(message);
          setError('amount', { type: 'server', message });
        },
      },
    );
  });

  return (
    <ModalDialog
      title={ORDERS_TEXTS.refundTitle(order.orderNumber)}
      intro={ORDERS_TEXTS.refundIntro(formatCedis(left))}
      initialFocus="input[name='amount']"
      onClose={close}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <DialogField id={amountId} label={ORDERS_TEXTS.refundAmountLabel} errorId={errorId} error={error}>
          <input
            {...register('amount', { onChange: () => clearErrors('amount') })}
            id={amountId}
            className={styles.dialogInput}
            inputMode="decimal"
            autoComplete="off"
            required
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </DialogField>
        <label className={styles.checkboxRow}>
          <input type="checkbox" {...register('returnToStock')} className={styles.checkbox} disabled={busy} />
          {ORDERS_TEXTS.refundToStock}
        </label>
        <DialogButtons busy={busy} onCancel={close}>
          {ORDERS_TEXTS.refundConfirm}
        </DialogButtons>
      </form>
    </ModalDialog>
  );
}
