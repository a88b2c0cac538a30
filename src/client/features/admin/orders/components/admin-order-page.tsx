import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import * as table from '@/client/components/data-table.css';
import { failureDetail } from '@/client/components/load-failure';
import { CustomerInformation, deliveryRows, lineTotal, OrderPanel, OrderSummary, PrintButton, PrintHeader } from '@/client/components/order-display';
import * as display from '@/client/components/order-display.css';
import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import { Skeleton } from '@/client/components/skeleton';
import { Spinner } from '@/client/components/spinner';
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/status-badge';
import { VerificationBadges } from '@/client/components/verification-badge';
import { formatDateTime } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { toApiFailure } from '@/client/lib/http';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, OrderFlag } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { AdminDetailScreen } from '../../components/admin-detail-screen';
import { OrderMessages } from '../../message-log/components/order-messages';
import { adminOrderQuery } from '../api/get-order-by-id';
import { updateOrderStatusMutation } from '../api/update-order-status';
import { updatePaymentStatusMutation } from '../api/update-payment-status';
import { ENTER_ORDER_TEXTS, ORDERS_TEXTS } from '../texts';
import * as entered from './enter-order-page.css';
import * as styles from './order-detail.css';
import { ClearFlagDialog, OrderFlags } from './order-flags';
import { OrderProgress } from './order-progress';
import { canRefund, PaymentHistory, RefundDialog } from './order-refunds';
import * as page from './orders.css';
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
        notFound: MESSAGES.orderNotFound,
        failureTitle: 'Order',
        failed: MESSAGES.orderFetchFailed,
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

type Saving = 'status' | 'payment' | null;

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

/** The dialog open over the order, if any: clearing a flag, or a refund. */
type Dialog = { kind: 'clear'; flag: OrderFlag } | { kind: 'refund' } | null;

/**
 * The order, its status (changed optimistically) and its payment (Mark as Paid for cash).
 * `confirmed`: the order as the server last answered it (the query, which every change here writes
 * its answer into); `reload` reads it again.
 */
function OrderDetails({ confirmed, reload }: { confirmed: AdminOrder; reload(): void }) {
  // The status being saved, shown at once over the confirmed order; a refusal just drops it.
  const [pendingStatus, setPendingStatus] = useState<OrderStatus | null>(null);
  const order = pendingStatus === null ? confirmed : { ...confirmed, orderStatus: pendingStatus };
  const statusChange = useMutation(updateOrderStatusMutation());
  const paymentChange = useMutation(updatePaymentStatusMutation());
  const [saving, setSaving] = useState<Saving>(null);
  const [statusError, setStatusError] = useState<string | undefined>(undefined);
  const title = `Order ${order.orderNumber}`;
  usePageTitle(`${title} - Admin`);

  // A control that is disabled while saving loses the keyboard focus: it is given back afterwards.
  const statusSelect = useRef<HTMLSelectElement>(null);
  const paymentTitle = useRef<HTMLHeadingElement>(null);
  const focusAfterSave = useFocusWhenSettled(saving);

  // Closing a dialog gives the focus back to what opened it; once its action is done, to its section's heading.
  const [dialog, setDialog] = useState<Dialog>(null);
  const flagsTitle = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusAfterDialog = useFocusWhenSettled(dialog);

  const openDialog = (next: NonNullable<Dialog>, from: HTMLElement) => {
    opener.current = from;
    setDialog(next);
  };
  const closeDialog = () => {
    focusAfterDialog.current = opener.current;
    setDialog(null);
  };
  /** The dialog's action went through (its answer is in the query already): the section's heading takes the focus. */
  const finishDialog = (heading: HTMLElement | null) => {
    focusAfterDialog.current = heading;
    setDialog(null);
  };
  /** The flag was cleared elsewhere meanwhile: the order is read again. */
  const reloadOrder = () => {
    focusAfterDialog.current = flagsTitle.current;
    setDialog(null);
    reload();
  };

  async function changeStatus(next: OrderStatus) {
    if (saving || next === order.orderStatus) return;
    // Optimistic: the select, badge and progress show the new status at once; a refusal puts them back.
    setPendingStatus(next);
    setStatusError(undefined);
    setSaving('status');
    focusAfterSave.current = statusSelect.current;
    try {
      const answer = await statusChange.mutateAsync({ id: confirmed._id, from: confirmed.orderStatus, to: next });
      toast.success(SERVER_MESSAGES.orderStatusUpdated(answer.order.orderStatus));
    } catch (error) {
      const failure = await toApiFailure(error, SERVER_MESSAGES.orderStatusUpdateFailed);
      const detail = failureDetail(failure, SERVER_MESSAGES.orderStatusUpdateFailed);
      setStatusError(detail);
      toast.error(<ToastText title={SERVER_MESSAGES.orderStatusUpdateFailed} detail={detail} />);
    } finally {
      setPendingStatus(null);
      setSaving(null);
    }
  }

  async function markPaid() {
    if (saving) return;
    setSaving('payment');
    try {
      const answer = await paymentChange.mutateAsync({ id: order._id, paymentStatus: 'Paid' });
      // The button is gone: the payment's heading takes the focus.
      focusAfterSave.current = paymentTitle.current;
      toast.success(SERVER_MESSAGES.paymentStatusUpdated(answer.order.paymentStatus));
    } catch (error) {
      const failure = await toApiFailure(error, ORDERS_TEXTS.paymentUpdateFailed);
      toast.error(<ToastText title={ORDERS_TEXTS.paymentUpdateFailed} detail={failureDetail(failure, ORDERS_TEXTS.paymentUpdateFailed)} />);
    } finally {
      setSaving(null);
    }
  }

  // Printed (the Print button, or the browser's own print), the page is a packing slip and receipt:
  // the print header, the customer and address, the lines, the payment and the totals; the status
  // control, flags, messages and every button stay off the sheet (order-display.css).
  return (
    <div className={display.printPage}>
      <PrintHeader order={order} kind="packing slip" />
      <header className={`${styles.header} ${display.noPrint}`}>
        <h1 className={page.title}>{title}</h1>
        <p className={styles.meta}>
          <span>
            Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </span>
          <span className="visually-hidden">Status:</span>
          <OrderStatusBadge status={order.orderStatus} />
          <span className="visually-hidden">Payment:</span>
          <PaymentStatusBadge status={order.paymentStatus} />
          {order.enteredByAdmin && <span className={entered.enteredBadge}>{ENTER_ORDER_TEXTS.enteredBadge}</span>}
          <VerificationBadges order={order} />
        </p>
        {order.verification !== 'verified' && order.orderStatus === 'Pending' && <p className={styles.meta}>{VERIFICATION_TEXTS.adminConfirmHint}</p>}
        <PrintButton className={button({ tone: 'quiet', size: 'sm' })} />
      </header>

      <div className={display.noPrintGroup}>
        <OrderFlags flags={order.flags ?? []} titleRef={flagsTitle} onClear={(flag, from) => openDialog({ kind: 'clear', flag }, from)} />
      </div>

      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={`${styles.panel} ${display.noPrint}`} aria-labelledby="order-status-title">
            <h2 id="order-status-title" className={display.panelTitle}>
              Order Status
            </h2>
            <OrderProgress status={order.orderStatus} cancelledAt={order.cancelledAt} cancelReason={order.cancelReason} />
            <div className={styles.statusControl}>
              <label htmlFor="order-status" className={styles.label}>
                Order status
              </label>
              <div className={styles.controlRow}>
                <select
                  id="order-status"
                  ref={statusSelect}
                  className={styles.select}
                  value={order.orderStatus}
                  disabled={saving !== null}
                  aria-describedby={statusError ? 'order-status-error' : undefined}
                  aria-invalid={statusError ? true : undefined}
                  onChange={(event) => void changeStatus(event.target.value as OrderStatus)}
                >
                  {ORDER_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
                {saving === 'status' && <Spinner label="Saving order status" />}
              </div>
              {statusError && (
                <p id="order-status-error" className={styles.fieldError}>
                  {statusError}
                </p>
              )}
            </div>
          </section>

          <CustomerDetails order={order} />
          <OrderItems order={order} />
          <OrderMessages orderId={order._id} className={`${styles.panel} ${display.noPrint}`} />
        </div>

        <div className={styles.column}>
          <section className={styles.panel} aria-labelledby="order-payment-title">
            <h2 id="order-payment-title" ref={paymentTitle} tabIndex={-1} className={display.panelTitle}>
              Payment
            </h2>
            <dl className={display.pairs}>
              <dt className={display.pairLabel}>Payment status</dt>
              <dd className={display.pairValue}>
                <PaymentStatusBadge status={order.paymentStatus} />
              </dd>
              <dt className={display.pairLabel}>Method</dt>
              <dd className={display.pairValue}>{order.paymentMethod.paymentMethod}</dd>
              {order.paymentReference && (
                <>
                  <dt className={display.pairLabel}>Reference</dt>
                  <dd className={display.pairValue}>{order.paymentReference}</dd>
                </>
              )}
              {order.paidAt && (
                <>
                  <dt className={display.pairLabel}>Paid on</dt>
                  <dd className={display.pairValue}>{formatDateTime(order.paidAt)}</dd>
                </>
              )}
              {order.holdExpiresAt && order.paymentStatus === 'Pending' && (
                <>
                  {/* Mobile Money: paid by then; Cash on Delivery: confirmed (moved to Processing) by then. Else it is cancelled. */}
                  <dt className={display.pairLabel}>
                    {order.paymentMethod.paymentMethod === 'Cash on Delivery' ? ORDERS_TEXTS.confirmBy : ORDERS_TEXTS.payBy}
                  </dt>
                  <dd className={display.pairValue}>{formatDateTime(order.holdExpiresAt)}</dd>
                </>
              )}
            </dl>
            <PaymentHistory refunds={order.refunds ?? []} disputes={order.disputes ?? []} />
            {canRefund(order) && (
              <button
                type="button"
                className={button({ tone: 'danger' })}
                disabled={saving !== null}
                onClick={(event) => openDialog({ kind: 'refund' }, event.currentTarget)}
              >
                Refund
              </button>
            )}
            {canMarkPaid(order) && (
              <button type="button" className={button({ tone: 'primary' })} disabled={saving !== null} onClick={() => void markPaid()}>
                {saving === 'payment' && <Busy />}
                Mark as Paid
              </button>
            )}
          </section>

          <OrderSummary order={order} className={styles.panel} />
        </div>
      </div>

      {dialog?.kind === 'clear' && (
        <ClearFlagDialog flag={dialog.flag} onClose={closeDialog} onCleared={() => finishDialog(flagsTitle.current)} onStale={reloadOrder} />
      )}
      {dialog?.kind === 'refund' && <RefundDialog order={order} onClose={closeDialog} onRefunded={() => finishDialog(paymentTitle.current)} />}
    </div>
  );
}

/** Cash collected on delivery is recorded by hand; Mobile Money is marked Paid by its verification. */
const canMarkPaid = (order: AdminOrder) =>
  order.paymentMethod.paymentMethod === 'Cash on Delivery' && order.paymentStatus === 'Pending' && order.orderStatus !== 'Cancelled';

function CustomerDetails({ order }: { order: AdminOrder }) {
  const rows: [string, ReactNode][] = [
    ['Name', order.fullName],
    [
      'Email',
      <a key="email" href={`mailto:${order.email}`}>
        {order.email}
      </a>,
    ],
    [
      'Phone',
      <a key="phone" href={`tel:${order.phone.replace(/\s+/g, '')}`}>
        {order.phone}
      </a>,
    ],
    // A pickup has no street address: the town alone.
    ['Address', [order.address, order.city].filter(Boolean).join(', ')],
    // Where the rider goes (region, GPS address on a map, landmark) and how (the option as it was when ordered).
    ...deliveryRows(order),
    ['Payment method', order.paymentMethod.paymentMethod],
    [
      'Account',
      order.user ? (
        <Link key="account" to="/admin/customers/$id" params={{ id: order.user._id }}>
          View customer profile
        </Link>
      ) : (
        'Guest (no account)'
      ),
    ],
  ];
  return <CustomerInformation rows={rows} className={styles.panel} />;
}

function OrderItems({ order }: { order: AdminOrder }) {
  return (
    <OrderPanel id="order-items-title" title="Items" className={styles.panel}>
      {/* It scrolls sideways when the lines are wide: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (axe scrollable-region-focusable) */}
      <section className={table.tableWrap} aria-labelledby="order-items-title" tabIndex={0}>
        <table className={table.table} aria-labelledby="order-items-title">
          <thead>
            <tr>
              <th scope="col" className={table.th}>
                Product
              </th>
              <th scope="col" className={`${table.th} ${table.numeric}`}>
                Quantity
              </th>
              <th scope="col" className={`${table.th} ${table.numeric}`}>
                Price
              </th>
              <th scope="col" className={`${table.th} ${table.numeric}`}>
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same product may sit on two lines of an old order; the lines never move
              <tr key={`${item.product._id}-${index}`}>
                <td className={table.td}>
                  <span className={styles.productCell}>
                    {/* The name is right beside it: the image adds nothing for a screen reader. */}
                    <ProductImage src={item.product.productImageUrls[0]} alt="" width={48} height={48} sizes="48px" className={styles.productImage} />
                    <span className={styles.productName}>{item.product.name}</span>
                  </span>
                </td>
                <td className={`${table.td} ${table.numeric}`}>{item.quantity}</td>
                <td className={`${table.td} ${table.numeric}`}>
                  <Price value={item.priceAtPurchase} />
                </td>
                <td className={`${table.td} ${table.numeric}`}>
                  <Price value={lineTotal(item)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </OrderPanel>
  );
}
