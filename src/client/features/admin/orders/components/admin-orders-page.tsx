import { Link } from '@tanstack/react-router';
import { AdminListBody, AdminListFilter, AdminListSearch, type ListFilter, ListSkeletonRows, useServerList } from '@/client/components/admin-list';
import { button } from '@/client/components/button';
import { PriceCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { EmailText } from '@/client/components/email-text';
import { ExportButton } from '@/client/components/export-button';
import { deliveryLabel } from '@/client/components/order-display';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { verificationNote } from '@/client/components/verification-badge';
import { formatDate, formatTime } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { searchBoxOf } from '@/client/lib/list-search';
import { ORDER_FLAGS } from '@/shared/back-office';
import { ORDER_FLAG_LABELS, paymentStateLabel, REFUND_STATE_LABELS } from '@/shared/back-office-labels';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/constants';
import type { AdminOrder } from '@/shared/types';
import { exportOrders } from '../api/export-orders';
import { adminOrdersQuery } from '../api/get-all-orders';
import { adminOrdersSearch, type FlagFilter, type PaymentFilter } from '../orders-search';
import { ENTER_ORDER_TEXTS, ORDERS_LIST_TEXTS, ORDERS_PER_PAGE, ORDERS_TEXTS } from '../texts';
import * as entered from './enter-order-page.css';
import * as styles from './orders.css';
import { PaymentStateBadge } from './payment-state-badge';

const COLUMNS = ['Order', 'Customer', 'Date', 'Total', 'Payment', 'Status', 'Actions'] as const;

/** Placeholder rows while the first page loads. */
const SKELETON = <ListSkeletonRows columns={COLUMNS} width="4.5rem" wide={['Customer', '9rem']} />;

/** The table's fixed parts: its name, its columns, its placeholder rows and what it says when there are none. */
/** The status filter: every status in its own words. */
const STATUS_FILTER: ListFilter<OrderStatus> = {
  id: 'admin-orders-status',
  label: 'Status',
  all: 'All',
  options: ORDER_STATUSES.map((status) => [status, status] as const),
};

/** The payment filter, in the words of the list's badges: Paid is paid with nothing sent back. */
const PAYMENT_FILTER: ListFilter<PaymentFilter> = {
  id: 'admin-orders-payment',
  label: ORDERS_TEXTS.paymentFilterLabel,
  all: 'All',
  options: [
    ['Pending', paymentStateLabel('Pending', 'none')],
    ['Paid', paymentStateLabel('Paid', 'none')],
    ['partly', REFUND_STATE_LABELS.partly],
    ['refunded', REFUND_STATE_LABELS.refunded],
  ],
};

/** The attention filter: any flag, or one kind of flag. */
const FLAG_FILTER: ListFilter<FlagFilter> = {
  id: 'admin-orders-flag',
  label: ORDERS_TEXTS.flagFilterLabel,
  all: ORDERS_TEXTS.flagFilterAll,
  options: [['any', ORDERS_TEXTS.flagFilterAny], ...ORDER_FLAGS.map((kind) => [kind, ORDER_FLAG_LABELS[kind]] as const)],
};

const TABLE = { caption: 'Orders', columns: COLUMNS, numeric: ['Total'], empty: ORDERS_TEXTS.noOrders, skeleton: SKELETON };

/**
 * /admin/orders: every order, newest first, 10 a page from the server. The search (order number,
 * name or e-mail), the status, payment and "Needs attention" filters and the page live in the
 * address, so a reload or Back keeps them. Export CSV downloads every order they select, with its lines.
 */
export function AdminOrdersPage() {
  usePageTitle('Orders - Admin');
  const list = useServerList(adminOrdersSearch, adminOrdersQuery, { perPage: ORDERS_PER_PAGE, rows: (answer) => answer.orders });
  const { search, setSearch, shown } = list;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Orders</h1>
      <Link to="/admin/orders/new" className={`${button({ tone: 'primary' })} ${entered.newOrderLink}`}>
        {ENTER_ORDER_TEXTS.link}
      </Link>

      <AdminListSearch
        label="Search and filter orders"
        className={styles.toolbar}
        field={{ id: 'admin-orders-search', label: 'Search orders', hint: ORDERS_TEXTS.searchHint, ...searchBoxOf(search, setSearch) }}
      >
        <AdminListFilter {...STATUS_FILTER} value={search.status} onChange={(status) => setSearch({ status, page: undefined })} />
        <AdminListFilter {...PAYMENT_FILTER} value={search.payment} onChange={(payment) => setSearch({ payment, page: undefined })} />
        <AdminListFilter {...FLAG_FILTER} value={search.flag} onChange={(flag) => setSearch({ flag, page: undefined })} />
      </AdminListSearch>

      <div className={styles.listActions}>
        <ExportButton
          label={ORDERS_TEXTS.exportLabel}
          failure={ORDERS_TEXTS.exportFailed}
          download={() => exportOrders({ q: search.q, status: search.status, payment: search.payment, flag: search.flag })}
        />
      </div>

      <AdminListBody
        list={list}
        texts={ORDERS_LIST_TEXTS}
        table={{ ...TABLE, rows: shown?.orders, row: (order) => <OrderRow key={order._id} order={order} /> }}
      />
    </div>
  );
}

/**
 * One order: its number; who (name, phone, e-mail, where it goes and how); when (day and time); the
 * total; the payment (refunds included) and the status. Built for a portrait tablet's 768 px: the
 * customer's lines wrap between words, an e-mail before its '@' or after a dot.
 */
function OrderRow({ order }: { order: AdminOrder }) {
  const name = order.user?.fullName ?? order.fullName;
  const where = [order.city, order.delivery && deliveryLabel(order.delivery)].filter(Boolean).join(' · ');
  return (
    <tr>
      <td className={`${table.td} ${table.nowrap}`}>{order.orderNumber}</td>
      <td className={table.td}>
        <span className={styles.customerName}>{order.user ? name : ORDERS_TEXTS.guest(name)}</span>
        <span className={styles.customerLine}>{order.phone}</span>
        {order.email && <EmailText address={order.email} className={styles.customerEmail} />}
        {where && <span className={styles.customerLine}>{where}</span>}
        {/* In words that wrap (a pill here widened the table past a tablet's width). */}
        {order.verification !== 'verified' && order.orderStatus !== 'Cancelled' && <span className={styles.customerLine}>{verificationNote(order)}</span>}
      </td>
      {/* The date may wrap ('29 Nov' over '2026'): a portrait tablet keeps every column without scrolling. */}
      <td className={table.td}>
        <time dateTime={order.createdAt}>
          {formatDate(order.createdAt)}
          <span className={styles.time}>{formatTime(order.createdAt)}</span>
        </time>
      </td>
      <PriceCell value={order.total} />
      <td className={table.td}>
        <PaymentStateBadge order={order} />
      </td>
      <td className={table.td}>
        <span className={styles.statusCell}>
          <OrderStatusBadge status={order.orderStatus} />
          <AttentionBadge order={order} />
        </span>
      </td>
      <td className={table.td}>
        <Link
          to="/admin/orders/$id"
          params={{ id: order._id }}
          aria-label={`View order ${order.orderNumber}`}
          className={button({ tone: 'quiet', size: 'sm' })}
        >
          View
        </Link>
      </td>
    </tr>
  );
}

/** Open flags in a word or two: the first one's label, and how many more wait. */
function AttentionBadge({ order }: { order: AdminOrder }) {
  const open = (order.flags ?? []).filter((flag) => flag.clearedAt === null);
  const first = open[0];
  if (!first) return null;
  return <span className={styles.attention}>{ORDERS_TEXTS.attentionBadge(ORDER_FLAG_LABELS[first.kind] ?? first.kind, open.length - 1)}</span>;
}
