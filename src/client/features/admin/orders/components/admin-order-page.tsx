import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { button } from '@/client/components/button';
import { failureDetail } from '@/client/components/load-failure';
import { OrderSummary, PrintButton, PrintHeader } from '@/client/components/order-display';
import * as display from '@/client/components/order-display.css';
import { Skeleton } from '@/client/components/skeleton';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { VerificationBadges } from '@/client/components/verification-badge';
import { formatDateTime } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { toast } from '@/client/lib/toast';
import type { OrderStatus } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, OrderFlag } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { AdminDetailScreen } from '../../components/admin-detail-screen';
import { OrderMessages } from '../../message-log/components/order-messages';
import { adminOrderQuery } from '../api/get-order-by-id';
import { updateOrderStatusMutation } from '../api/update-order-status';
import { updatePaymentStatusMutation } from '../api/update-payment-status';
import { ENTER_ORDER_TEXTS, ORDERS_TEXTS } from '../texts';
import { CancelOrderDialog } from './cancel-order-dialog';
import * as entered from './enter-order-page.css';
import { CustomerDetails, OrderItems } from './order-customer-items';
import * as styles from './order-detail.css';
import { ClearFlagDialog, OrderFlags } from './order-flags';
import { OrderPaymentPanel } from './order-payment-panel';
import { RefundDialog } from './order-refunds';
import { OrderStatusPanel } from './order-status-panel';
import * as page from './orders.css';
import { PaymentStateBadge } from './payment-state-badge';
import { ToastText } from './toast-text';

/** /admin/orders/{id}. A new id is a new page. */
export function AdminOrderPage({ id }: { id: string }) {
  return <OrderScreen key={id} id={id} />;
}

function OrderScreen({ id }: { id: string }) {
  return (
    <AdminDetailScreen
      query={useQuery(adminOrderQuery(id))}
      list="/admin/orders"
      texts={{
        back: 'Back to Orders',
        notFound: PAGE_MESSAGES.orderNotFound,
        failureTitle: 'Order',
        failed: PAGE_MESSAGES.orderFetchFailed,
        loading: ORDERS_TEXTS.loadingOrder,
      }}
      skeleton={
        <>
          <Skeleton height="2.25rem" width="16rem" />
          <Skeleton height="1.2em" width="20rem" />
          <div className={styles.layout}>
            <div className={styles.column}>
              <Skeleton height="10rem" radius="16px" />
              <Skeleton height="14rem" radius="16px" />
            </div>
            <Skeleton height="12rem" radius="16px" />
          </div>
        </>
      }
      classes={{ ...styles, page: page.page, title: page.title }}
    >
      {(order, retry) => <OrderDetails confirmed={order} reload={retry} />}
    </AdminDetailScreen>
  );
}

/** Which save is out, if any. */
export type Saving = 'status' | 'payment' | null;

/** The dialog open over the order, if any: clearing a flag, or a refund. */
type Dialog = { kind: 'clear'; flag: OrderFlag } | { kind: 'refund' } | null;

/**
 * Where the focus goes once `pending` (a save, an open dialog) is back to null: set `.current` before;
 * it is focused then, and forgotten.
 */
function useFocusWhenSettled(pending: unknown) {
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (pending !== null || !target.current) return;
    target.current.focus();
    target.current = null;
  }, [pending]);
  return target;
}

/**
 * The dialogs over the order: closing one gives the focus back to what opened it; once its action is
 * done, to its section's heading (`finish`); a flag cleared elsewhere meanwhile reloads the order.
 */
function useOrderDialogs(reload: () => void) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const flagsTitle = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusAfter = useFocusWhenSettled(dialog);
  const settle = (focus: HTMLElement | null) => {
    focusAfter.current = focus;
    setDialog(null);
  };
  return {
    dialog,
    flagsTitle,
    open: (next: NonNullable<Dialog>, from: HTMLElement) => {
      opener.current = from;
      setDialog(next);
    },
    close: () => settle(opener.current),
    finish: settle,
    reloadOrder: () => {
      settle(flagsTitle.current);
      reload();
    },
  };
}

/**
 * The order's status (shown changed at once while it is saved; a refusal puts it back) and its
 * payment (Mark as Paid for cash), through their mutations. Cancelled is asked first (`cancelQuestion`,
 * open while the question is on screen): it messages the customer. A control disabled while saving loses
 * the keyboard focus: it is given back afterwards.
 */
function useOrderChanges(confirmed: AdminOrder) {
  const statusChange = useMutation(updateOrderStatusMutation());
  const paymentChange = useMutation(updatePaymentStatusMutation());
  const saving: Saving = statusChange.isPending ? 'status' : paymentChange.isPending ? 'payment' : null;
  const pendingStatus = statusChange.isPending ? statusChange.variables.to : null;
  const order = pendingStatus === null ? confirmed : { ...confirmed, orderStatus: pendingStatus };
  const statusSelect = useRef<HTMLSelectElement>(null);
  const paymentTitle = useRef<HTMLHeadingElement>(null);
  const focusAfterSave = useFocusWhenSettled(saving);
  // Cancelling messages the customer (and may leave money to give back): asked first.
  const [askingCancel, setAskingCancel] = useState(false);

  const saveStatus = (next: OrderStatus) => {
    if (saving || next === order.orderStatus) return;
    focusAfterSave.current = statusSelect.current;
    statusChange.mutate(
      { id: confirmed._id, from: confirmed.orderStatus, to: next },
      {
        onSuccess: (answer) => toast.success(SERVER_MESSAGES.orderStatusUpdated(answer.order.orderStatus)),
        onError: (failure) =>
          toast.error(<ToastText title={SERVER_MESSAGES.orderStatusUpdateFailed} detail={failureDetail(failure, SERVER_MESSAGES.orderStatusUpdateFailed)} />),
      },
    );
  };

  const changeStatus = (next: OrderStatus) => {
    if (next === 'Cancelled' && order.orderStatus !== 'Cancelled') setAskingCancel(true);
    else saveStatus(next);
  };
  const cancelQuestion = askingCancel
    ? {
        confirm: () => {
          setAskingCancel(false);
          saveStatus('Cancelled');
        },
        keep: () => setAskingCancel(false),
      }
    : null;

  const markPaid = () => {
    if (saving) return;
    paymentChange.mutate(
      { id: order._id, paymentStatus: 'Paid' },
      {
        onSuccess: (answer) => {
          // The button is gone: the payment's heading takes the focus.
          focusAfterSave.current = paymentTitle.current;
          toast.success(SERVER_MESSAGES.paymentStatusUpdated(answer.order.paymentStatus));
        },
        onError: (failure) =>
          toast.error(<ToastText title={ORDERS_TEXTS.paymentUpdateFailed} detail={failureDetail(failure, ORDERS_TEXTS.paymentUpdateFailed)} />),
      },
    );
  };

  return {
    order,
    saving,
    statusError: statusChange.error ? failureDetail(statusChange.error, SERVER_MESSAGES.orderStatusUpdateFailed) : undefined,
    statusSelect,
    paymentTitle,
    changeStatus,
    cancelQuestion,
    markPaid,
  };
}

/**
 * The order, its status and its payment. `confirmed`: the order as the server last answered it (the
 * query, which every change here writes its answer into); `reload` reads it again.
 */
function OrderDetails({ confirmed, reload }: { confirmed: AdminOrder; reload(): void }) {
  const { order, saving, statusError, statusSelect, paymentTitle, changeStatus, cancelQuestion, markPaid } = useOrderChanges(confirmed);
  const dialogs = useOrderDialogs(reload);
  const title = `Order ${order.orderNumber}`;
  usePageTitle(`${title} - Admin`);

  // Printed (the Print button, or the browser's own print), the page is a packing slip and receipt:
  // the print header, the customer and address, the lines, the payment and the totals; the status
  // control, flags, messages and every button stay off the sheet (order-display.css).
  return (
    <div className={display.printPage}>
      <PrintHeader order={order} kind="packing slip" />
      <OrderHeader order={order} title={title} />
      <div className={display.noPrintGroup}>
        <OrderFlags flags={order.flags ?? []} titleRef={dialogs.flagsTitle} onClear={(flag, from) => dialogs.open({ kind: 'clear', flag }, from)} />
      </div>
      <div className={styles.layout}>
        <div className={styles.column}>
          <OrderStatusPanel order={order} saving={saving} error={statusError} selectRef={statusSelect} onChange={changeStatus} />
          <CustomerDetails order={order} />
          <OrderItems order={order} />
          <OrderMessages orderId={order._id} className={`${styles.panel} ${display.noPrint}`} />
        </div>
        <div className={styles.column}>
          <OrderPaymentPanel
            order={order}
            saving={saving}
            titleRef={paymentTitle}
            onRefund={(from) => dialogs.open({ kind: 'refund' }, from)}
            onMarkPaid={markPaid}
          />
          <OrderSummary order={order} className={styles.panel} />
        </div>
      </div>
      {dialogs.dialog?.kind === 'clear' && (
        <ClearFlagDialog
          flag={dialogs.dialog.flag}
          onClose={dialogs.close}
          onCleared={() => dialogs.finish(dialogs.flagsTitle.current)}
          onStale={dialogs.reloadOrder}
        />
      )}
      {cancelQuestion && <CancelOrderDialog order={order} onConfirm={cancelQuestion.confirm} onKeep={cancelQuestion.keep} />}
      {dialogs.dialog?.kind === 'refund' && <RefundDialog order={order} onClose={dialogs.close} onRefunded={() => dialogs.finish(paymentTitle.current)} />}
    </div>
  );
}

/** The order's number, when it was placed, its status and payment badges (each named), and Print. */
function OrderHeader({ order, title }: { order: AdminOrder; title: string }) {
  return (
    <header className={`${styles.header} ${display.noPrint}`}>
      <h1 className={page.title}>{title}</h1>
      <p className={styles.meta}>
        <span>
          Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </span>
        {/* Both say Pending on a new order: each names what it is. */}
        <span className={styles.labelledBadge}>
          {ORDERS_TEXTS.orderStatusBadgeLabel}
          <OrderStatusBadge status={order.orderStatus} />
        </span>
        <span className={styles.labelledBadge}>
          {ORDERS_TEXTS.paymentBadgeLabel}
          <PaymentStateBadge order={order} />
        </span>
        {order.enteredByAdmin && <span className={entered.enteredBadge}>{ENTER_ORDER_TEXTS.enteredBadge}</span>}
        <VerificationBadges order={order} />
      </p>
      {order.verification !== 'verified' && order.orderStatus === 'Pending' && <p className={styles.meta}>{VERIFICATION_TEXTS.adminConfirmHint}</p>}
      <PrintButton className={button({ tone: 'quiet', size: 'sm' })} />
    </header>
  );
}
